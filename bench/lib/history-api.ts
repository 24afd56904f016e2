// The two read endpoints a history sync pass calls (1. list FE documents, 8. get DSE by id), served
// from a generated history's own documents, so that a sync pass over 100,000 documents can be
// measured without a sandbox holding them. Read-only on the database it is given.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HistoryApi {
  baseUrl: string;
  /** requests answered, by endpoint */
  served: { feList: number; dseGet: number };
  close(): Promise<void>;
}

export async function startHistoryApi(databaseFile: string, connectionId: number): Promise<HistoryApi> {
  const db = new Database(databaseFile, { readonly: true });
  // Pages by remote id ranges (no OFFSET, which would walk every earlier row for each page).
  const feIds = db
    .prepare<[number], number>(
      "SELECT remote_id FROM history_documents WHERE connection_id = ? AND kind = 'FE' ORDER BY remote_id",
    )
    .pluck()
    .all(connectionId);
  const total = feIds.length;
  const fePage = db.prepare<[number, number, number], { document_json: string }>(
    "SELECT document_json FROM history_documents WHERE connection_id = ? AND kind = 'FE' AND remote_id BETWEEN ? AND ? ORDER BY remote_id",
  );
  const dse = db.prepare<[number, number], { document_json: string; estado_dian: string }>(
    "SELECT document_json, estado_dian FROM history_documents WHERE connection_id = ? AND kind = 'DSE' AND remote_id = ?",
  );
  const served = { feList: 0, dseGet: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (/\/fe\/docs$/.test(url.pathname)) {
      served.feList += 1;
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 20)));
      const ids = feIds.slice((page - 1) * perPage, page * perPage);
      const docs = ids.length === 0 ? [] : fePage.all(connectionId, ids[0]!, ids.at(-1)!).map((row) => row.document_json);
      const pages = Math.ceil(total / perPage);
      return json(
        200,
        `{"ok":true,"docs":[${docs.join(',')}],"page":${page},"per_page":${perPage},"total":${total},"total_pages":${pages}}`,
      );
    }
    const dseId = /\/dse\/documentos\/(\d+)$/.exec(url.pathname)?.[1];
    if (dseId) {
      served.dseGet += 1;
      const row = dse.get(connectionId, Number(dseId));
      if (!row) return json(404, '{"ok":false,"error":"No encontrado"}');
      const pending = row.estado_dian !== 'aceptado' && row.estado_dian !== 'rechazado';
      return json(200, `{"ok":true,"pending":${pending},"documento":${row.document_json}}`);
    }
    json(404, '{"ok":false,"error":"No encontrado"}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      db.close();
    },
  };
}
