// The FE withholding types entered per connection (migration 0008). The contract has no endpoint
// listing them, so this list is the only source the form offers; nothing is invented.
import type { FeWithholdingType } from '#shared/rpc/methods/fe';
import type { Db } from '../store/store';

export class FeWithholdingTypes {
  constructor(private readonly db: Db) {}

  list(connectionId: number): FeWithholdingType[] {
    return this.db
      .prepare<[number], FeWithholdingType>(
        'SELECT type, label, base_mode FROM fe_withholding_types WHERE connection_id = ? ORDER BY position',
      )
      .all(connectionId);
  }

  replace(connectionId: number, types: readonly FeWithholdingType[]): FeWithholdingType[] {
    const insert = this.db.prepare(
      'INSERT INTO fe_withholding_types (connection_id, position, type, label, base_mode) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM fe_withholding_types WHERE connection_id = ?').run(connectionId);
      types.forEach((t, i) => insert.run(connectionId, i, t.type, t.label, t.base_mode));
    })();
    return this.list(connectionId);
  }
}
