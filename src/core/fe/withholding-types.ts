// The FE withholding types entered per connection (migration 0008). The contract has no endpoint
// listing them, so this list is the only source the form offers; nothing is invented.
import type { FeWithholdingType } from '#shared/rpc/methods/fe';
import type { Engine } from '../store/engine';

export class FeWithholdingTypes {
  constructor(private readonly engine: Engine) {}

  list(connectionId: number): Promise<FeWithholdingType[]> {
    return this.engine.db
      .selectFrom('fe_withholding_types')
      .select(['type', 'label', 'base_mode'])
      .where('connection_id', '=', connectionId)
      .orderBy('position')
      .execute();
  }

  /** Replaces the connection's list in one transaction: a reader sees the old list or the new, never a mix. */
  async replace(connectionId: number, types: readonly FeWithholdingType[]): Promise<FeWithholdingType[]> {
    await this.engine.transaction(async (trx) => {
      await trx.deleteFrom('fe_withholding_types').where('connection_id', '=', connectionId).execute();
      if (types.length === 0) return;
      await trx
        .insertInto('fe_withholding_types')
        .values(
          types.map((t, i) => ({
            connection_id: connectionId,
            position: i,
            type: t.type,
            label: t.label,
            base_mode: t.base_mode,
          })),
        )
        .execute();
    });
    return this.list(connectionId);
  }
}
