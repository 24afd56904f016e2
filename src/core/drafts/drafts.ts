// Unfinished forms, saved as the user types so that closing the app loses nothing. One draft per
// form kind and connection; the idempotency key travels with it, so a draft reopened after a crash
// submits under the key it was first given (never a new key for the same document).
import type { Draft, DraftKind } from '#shared/rpc/methods/drafts';
import type { Db } from '../store/store';

interface DraftRow {
  kind: DraftKind;
  idempotency_key: string;
  data: string;
  updated_at: string;
}

export class Drafts {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  get(kind: DraftKind, connectionId: number): Draft | null {
    const row = this.db
      .prepare<[string, number], DraftRow>(
        'SELECT kind, idempotency_key, data, updated_at FROM form_drafts WHERE kind = ? AND connection_id = ?',
      )
      .get(kind, connectionId);
    return row ? { ...row, data: JSON.parse(row.data) as Record<string, unknown> } : null;
  }

  save(kind: DraftKind, connectionId: number, idempotencyKey: string, data: Record<string, unknown>): Draft {
    const updatedAt = this.now().toISOString();
    this.db
      .prepare(
        `INSERT INTO form_drafts (kind, connection_id, idempotency_key, data, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (kind, connection_id) DO UPDATE SET idempotency_key = excluded.idempotency_key, data = excluded.data, updated_at = excluded.updated_at`,
      )
      .run(kind, connectionId, idempotencyKey, JSON.stringify(data), updatedAt);
    return { kind, idempotency_key: idempotencyKey, data, updated_at: updatedAt };
  }

  discard(kind: DraftKind, connectionId: number): boolean {
    return this.db.prepare('DELETE FROM form_drafts WHERE kind = ? AND connection_id = ?').run(kind, connectionId).changes > 0;
  }
}
