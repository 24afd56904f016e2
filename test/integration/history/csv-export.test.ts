// The CSV export in chunks through core's real dispatcher: the chunks joined are byte for byte the
// whole file of the same rows (BOM and header once, CRLF after every line), each chunk is bounded,
// and a document synced between two chunk requests is neither written twice nor breaks the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { BOM } from '#core/history/csv';
import { historyCsv } from '#test/history-csv';
import { HistoryQueries } from '#core/history/query';
import type { RpcReply } from '#shared/rpc/envelope';
import {
  HISTORY_CSV_CHUNK_ROWS,
  type HistoryCsvChunk,
  type HistoryCsvCursor,
  type HistoryFilter,
} from '#shared/rpc/methods/history';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let connectionId: number;
let queries: HistoryQueries;
let nextId = 1;

const call = (method: string, input: unknown): Promise<RpcReply> => core.dispatch({ id: nextId++, method, input });
async function chunkOf(filter: HistoryFilter, after?: HistoryCsvCursor): Promise<HistoryCsvChunk> {
  const reply = await call('history.exportCsv', after ? { filter, after } : { filter });
  if (!reply.ok) throw new Error(`history.exportCsv: ${reply.error.message}`);
  return reply.output as HistoryCsvChunk;
}

/** Asks for chunks as the Historial does; `between` runs after each one but the last. */
async function exportAll(filter: HistoryFilter, between: (chunk: HistoryCsvChunk, index: number) => void = () => undefined) {
  const chunks: HistoryCsvChunk[] = [];
  let after: HistoryCsvCursor | undefined;
  do {
    const chunk = await chunkOf(filter, after);
    chunks.push(chunk);
    after = chunk.next ?? undefined;
    if (after) between(chunk, chunks.length - 1);
  } while (after);
  return chunks;
}

/** A copy of document `id` as if a sync had just brought it: a new remote id and the given date. */
function insertCopy(id: number, remoteId: number, issueDate: string): number {
  const columns = (core.parts.store!.db.prepare('PRAGMA table_info(history_documents)').all() as { name: string }[])
    .map((column) => column.name)
    .filter((name) => name !== 'id');
  const values = columns.map((name) => (name === 'remote_id' ? '@remote' : name === 'issue_date' ? '@date' : name));
  return Number(
    core.parts
      .store!.db.prepare(
        `INSERT INTO history_documents (${columns.join(', ')}) SELECT ${values.join(', ')} FROM history_documents WHERE id = @id`,
      )
      .run({ id, remote: remoteId, date: issueDate }).lastInsertRowid,
  );
}

beforeAll(async () => {
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: memorySecrets(), transport: 'cli' });
  const created = await call('connections.create', {
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 101,
  });
  if (!created.ok) throw new Error(created.error.message);
  connectionId = (created.output as { id: number }).id;
  await call('connections.activate', { id: connectionId });
  generateHistory(core.parts.store!.db, { connectionId, count: 6_000, seed: 81, from: '2024-01-01', to: '2026-11-20' });
  // Another connection's documents must never be exported.
  generateHistory(core.parts.store!.db, { connectionId: connectionId + 1, count: 300, seed: 82, companyId: 202 });
  queries = new HistoryQueries(core.parts.engine);
});
afterAll(async () => {
  await core?.close();
  dir?.remove();
});

describe('CSV export in chunks', () => {
  it.each<[string, HistoryFilter]>([
    ['everything', {}],
    ['a kind and a date range', { kind: 'FE', from: '2024-06-01', to: '2026-06-30' }],
    ['words and a state', { q: 'Gómez', state: 'aceptado' }],
    ['nothing at all', { q: 'xylofonista' }],
  ])('joins into the same bytes as the whole file: %s', async (_label, filter) => {
    const chunks = await exportAll(filter);
    const whole = historyCsv(await queries.all(connectionId, filter));
    expect(chunks.map((chunk) => chunk.chunk).join('')).toBe(whole.content);
    expect(Buffer.from(chunks.map((chunk) => chunk.chunk).join(''), 'utf8').equals(Buffer.from(whole.content, 'utf8'))).toBe(
      true,
    );
    expect(chunks.reduce((rows, chunk) => rows + chunk.rows, 0)).toBe(whole.rows);
    expect(chunks.length).toBe(Math.max(1, Math.ceil(whole.rows / HISTORY_CSV_CHUNK_ROWS)));
    expect(chunks.every((chunk) => chunk.rows <= HISTORY_CSV_CHUNK_ROWS)).toBe(true);
    // The BOM and the header in the first chunk only; the total counted for the first only.
    expect(chunks[0]!.chunk.startsWith(`${BOM}Tipo;`)).toBe(true);
    expect(chunks.slice(1).every((chunk) => !chunk.chunk.includes(BOM) && !chunk.chunk.startsWith('Tipo;'))).toBe(true);
    expect(chunks[0]!.total).toBe(whole.rows);
    expect(chunks.slice(1).every((chunk) => chunk.total === null)).toBe(true);
    expect(chunks.at(-1)!.next).toBeNull();
    expect(chunks.every((chunk) => /^historial-\d{4}-\d{2}-\d{2}\.csv$/.test(chunk.filename))).toBe(true);
  });

  it('writes a document synced between two chunks at most once, and every other one exactly once', async () => {
    const inserted: { newer: number[]; older: number[] } = { newer: [], older: [] };
    const chunks = await exportAll({}, (chunk, index) => {
      if (index !== 0) return;
      const cursor = chunk.next!;
      // Newer than the cursor (a later date; the cursor's own date with a larger id): already past.
      inserted.newer.push(insertCopy(cursor.id, 9_000_001, '2026-11-21'), insertCopy(cursor.id, 9_000_002, cursor.issue_date));
      // Older than every row: still ahead, so it comes at the end.
      inserted.older.push(insertCopy(cursor.id, 9_000_003, '2023-12-31'));
    });
    expect(chunks.length).toBeGreaterThan(1);
    const rowsNow = await queries.all(connectionId, {});
    const expected = historyCsv(rowsNow.filter((row) => !inserted.newer.includes(row.id)));
    const content = chunks.map((chunk) => chunk.chunk).join('');
    expect(content).toBe(expected.content);
    const lines = content.slice(1).trimEnd().split('\r\n');
    expect(lines.length - 1).toBe(rowsNow.length - inserted.newer.length);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.at(-1)!.split(';')[2]).toBe('31/12/2023');
  });

  it('refuses a cursor that is not one', async () => {
    const reply = await call('history.exportCsv', { filter: {}, after: { issue_date: '2026-01-01', id: -4 } });
    expect(reply.ok ? null : reply.error.code).toBe('invalid_input');
  });
});
