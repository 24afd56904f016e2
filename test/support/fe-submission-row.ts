// An FE submission row as the ledger inserts it (write-ahead, then a state), for tests of what hangs
// on a submission (a shift's sales, a sale's payments) without sending anything: the insert fires the
// same triggers as the ledger's (migration 0028 moves the staged payments).
import type { Engine } from '#core/store/engine';

export const COMPANY = { baseUrl: 'http://127.0.0.1:9/api/v1', companyId: 101 };

/** Inserts the submission of connection 1 (company 101, as addConnections makes it) and returns its id. */
export async function insertFeSubmission(engine: Engine, key: string, request: object, state = 'accepted'): Promise<number> {
  const at = new Date().toISOString();
  const row = await engine.db
    .insertInto('submissions')
    .values({
      connection_id: 1,
      base_url: COMPANY.baseUrl,
      company_id: COMPANY.companyId,
      kind: 'FE',
      idempotency_key: key,
      endpoint_path: '/fe/facturas',
      request_body: Buffer.from(JSON.stringify(request)),
      payload_hash: 'h',
      state,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
