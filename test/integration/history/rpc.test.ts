// The Historial's RPC methods through core's real dispatcher: input checked at the boundary with
// Spanish messages, the active connection's documents only, the detail with the ledger's events,
// issuer profiles, CSV, and the PDF method refused outside the desktop app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import type { RpcReply } from '#shared/rpc/envelope';
import { generateHistory, type GeneratedDoc } from '#test/history-generator';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let docs: GeneratedDoc[];
let nextId = 1;

const call = (method: string, input: unknown): Promise<RpcReply> => core.dispatch({ id: nextId++, method, input });
async function ok<T>(method: string, input: unknown): Promise<T> {
  const reply = await call(method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.output as T;
}

beforeAll(async () => {
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: memorySecrets(), transport: 'cli' });
  const connection = await ok<{ id: number }>('connections.create', {
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 101,
  });
  await ok('connections.activate', { id: connection.id });
  docs = generateHistory(core.parts.store!.db, { connectionId: connection.id, count: 2_000, seed: 5 }).docs;
  generateHistory(core.parts.store!.db, { connectionId: connection.id + 1, count: 100, seed: 6 });
  // A submission in doubt whose document the mirror does not hold (no answer yet).
  core.parts
    .store!.db.prepare(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash,
         state, attempts, counterpart, created_at, updated_at) VALUES (?, 'http://127.0.0.1:9/api/v1', 101, 'FE', 'fe-doubt', '/x', x'7b7d', 'h',
         'in_doubt', 2, 'Cliente en duda', '2026-11-20T15:00:00Z', '2026-11-20T15:00:00Z')`,
    )
    .run(connection.id);
});
afterAll(async () => {
  await core?.close();
  dir?.remove();
});

describe('Historial RPC', () => {
  it('pages the active connection only', async () => {
    const page = await ok<{ total: number; items: { id: number }[] }>('history.list', { filter: {}, offset: 0, limit: 500 });
    expect(page.total).toBe(2_000);
    expect(page.items).toHaveLength(500);
  });

  it.each([
    [
      'a reversed date range',
      { filter: { from: '2026-02-01', to: '2026-01-01' }, offset: 0, limit: 10 },
      'La fecha inicial no puede ser posterior a la final.',
    ],
    ['a date that does not exist', { filter: { from: '2026-02-30' }, offset: 0, limit: 10 }, null],
    ['a page that is too large', { filter: {}, offset: 0, limit: 5_000 }, null],
    ['an unknown filter', { filter: { sql: '1=1' }, offset: 0, limit: 10 }, 'Campos no permitidos: sql.'],
  ])('refuses %s with a Spanish message', async (_label, input, message) => {
    const reply = await call('history.list', input);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('invalid_input');
    const fields = reply.error.details?.fields ?? [];
    expect(fields.length).toBeGreaterThan(0);
    if (message) expect(fields.map((field) => field.message)).toContain(message);
  });

  it('opens a document with its ledger row and recorded events', async () => {
    const followed = docs.find((doc) => doc.submission_state === 'pending')!;
    const detail = await ok<{ entry: { following: boolean }; submission: { idempotency_key: string } | null; events: unknown[] }>(
      'history.detail',
      {
        id: followed.id,
      },
    );
    expect(detail.entry.following).toBe(true);
    expect(detail.submission?.idempotency_key).toBe(`dse-gen-${followed.remote_id}`);
    expect(detail.events).toHaveLength(1);
    const missing = await call('history.detail', { id: 999_999 });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'not_found', message: expect.stringMatching(/Sincronizar/) });
  });

  it('lists followed submissions the mirror does not show', async () => {
    const following = await ok<{ idempotency_key: string; state: string }[]>('history.following', {});
    expect(following.map((s) => [s.idempotency_key, s.state])).toEqual([['fe-doubt', 'in_doubt']]);
  });

  it('keeps the issuer profile and refuses a NIT with its check digit', async () => {
    expect(await ok('history.issuer', {})).toBeNull();
    const bad = await call('history.setIssuer', {
      nombre: 'Tienda',
      nit: '900123456-7',
      direccion: '',
      ciudad: '',
      email: '',
      telefono: '',
    });
    expect(bad.ok ? null : bad.error.details?.fields?.[0]).toEqual({
      path: 'nit',
      message: 'El NIT va sin dígito de verificación, solo números (5 a 15).',
    });
    const saved = { nombre: 'Tienda La 14', nit: '900123456', direccion: 'Calle 1', ciudad: 'Cali', email: '', telefono: '' };
    // A profile from before the DV, logo, resolution and plan reads back with their defaults, its DV computed.
    const stored = { ...saved, dv: '8', logo: '', resolucion: null, contingencia: null, plan: 'ilimitado' };
    expect(await ok('history.setIssuer', saved)).toEqual(stored);
    expect(await ok('history.issuer', {})).toEqual(stored);
  });

  it('exports the filtered list as CSV', async () => {
    // Fewer than a chunk's rows: the whole file in the first chunk, and no next one.
    const csv = await ok<{ filename: string; chunk: string; rows: number; total: number | null; next: unknown }>(
      'history.exportCsv',
      {
        filter: { kind: 'DSE' },
      },
    );
    const expected = docs.filter((doc) => doc.kind === 'DSE').length;
    expect(csv.rows).toBe(expected);
    expect(csv.total).toBe(expected);
    expect(csv.next).toBeNull();
    expect(csv.chunk.startsWith('\uFEFF')).toBe(true);
    expect(csv.chunk.trimEnd().split('\r\n')).toHaveLength(expected + 1);
    expect(csv.filename).toMatch(/^historial-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says how to get a PDF outside the desktop app', async () => {
    const reply = await call('print.exportPdf', { id: 1, filename: 'FE-SETP1.pdf' });
    expect(reply.ok ? null : reply.error.message).toMatch(/Guardar como PDF/);
  });
});
