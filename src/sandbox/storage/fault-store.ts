// Remembers which keys already met the "first attempt fails" fault (magic outcome 666666666).
import type { Db } from './database';

export class FaultStore {
  constructor(private readonly db: Db) {}

  /** True the first time a (module, company, client, key) is seen; false afterwards. FE passes '' as client: draft_key is per company. */
  firstAttempt(module: 'fe' | 'dse', companyId: number, clientId: string, key: string): boolean {
    const info = this.db
      .prepare('INSERT OR IGNORE INTO fault_attempts (module, company_id, client_id, idem_key) VALUES (?, ?, ?, ?)')
      .run(module, companyId, clientId, key);
    return info.changes === 1;
  }
}
