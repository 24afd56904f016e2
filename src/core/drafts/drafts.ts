// Unfinished forms, saved as the user types so that closing the app loses nothing. One draft per
// form kind and connection; the idempotency key travels with it, so a draft reopened after a crash
// submits under the key it was first given (never a new key for the same document). On either
// engine (store/engine.ts).
import type { Draft, DraftKind } from '#shared/rpc/methods/drafts';
import type { Engine } from '../store/engine';

export class Drafts {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => Date,
  ) {}

  async get(kind: DraftKind, connectionId: number): Promise<Draft | null> {
    const row = await this.engine.db
      .selectFrom('form_drafts')
      .select(['idempotency_key', 'data', 'updated_at'])
      .where('kind', '=', kind)
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    return row ? { kind, ...row, data: JSON.parse(row.data) as Record<string, unknown> } : null;
  }

  async save(kind: DraftKind, connectionId: number, idempotencyKey: string, data: Record<string, unknown>): Promise<Draft> {
    const updatedAt = this.now().toISOString();
    await this.engine.db
      .insertInto('form_drafts')
      .values({
        kind,
        connection_id: connectionId,
        idempotency_key: idempotencyKey,
        data: JSON.stringify(data),
        updated_at: updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['kind', 'connection_id']).doUpdateSet((eb) => ({
          idempotency_key: eb.ref('excluded.idempotency_key'),
          data: eb.ref('excluded.data'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    return { kind, idempotency_key: idempotencyKey, data, updated_at: updatedAt };
  }

  async discard(kind: DraftKind, connectionId: number): Promise<boolean> {
    const { numDeletedRows } = await this.engine.db
      .deleteFrom('form_drafts')
      .where('kind', '=', kind)
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    return numDeletedRows > 0n;
  }
}
