// Issue 14, item 8: a token quoted back by the server in an error is redacted from every text that
// comes from outside: the ledger (SQLite), the RPC answers and the support text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE, type Core } from '../../../src/core/core';
import { FileLogger } from '../../../src/core/log/logger';
import { tempDir } from '../../support/temp';
import { memorySecrets } from '../../support/core/memory-secrets';
import { dse, MAGIC } from '../../support/requests/outcomes';

const TOKEN = 'tok-ECO-reconocible-123456';
let dir: ReturnType<typeof tempDir>;
let core: Core;

/** A server that quotes the bearer token back in its error envelope. */
const echoing: typeof globalThis.fetch = async (_input, init) => {
  const bearer = new Headers(init?.headers).get('authorization') ?? '';
  return new Response(JSON.stringify({ ok: false, error: `token inválido: ${bearer.replace(/^Bearer /, '')} (revocado)` }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });
};

beforeAll(async () => {
  dir = tempDir('factura-desk-echo-');
  core = createCore({ home: dir.path, secrets: memorySecrets(), transport: 'cli', logger: new FileLogger(null), fetch: echoing });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 7,
  });
  await core.parts.connections.setToken(connection.id, TOKEN);
});
afterAll(async () => {
  await core?.close();
  dir?.remove();
});

describe('a token quoted back by the server', () => {
  it('appears in no stored row, RPC answer or support text', async () => {
    const submitted = await core.dispatch({ id: 1, method: 'dse.submit', input: { request: dse(MAGIC.accept), key: 'eco-1' } });
    expect(submitted).toMatchObject({ ok: true, output: { state: 'failed', http_status: 401 } });
    const id = (submitted as { output: { id: number } }).output.id;
    const answers = [
      submitted,
      await core.dispatch({ id: 2, method: 'submissions.get', input: { id } }),
      await core.dispatch({ id: 3, method: 'submissions.supportInfo', input: { id } }),
      await core.dispatch({ id: 4, method: 'dse.get', input: { id: 1 } }),
      await core.dispatch({ id: 5, method: 'connections.test', input: { id: 1 } }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(TOKEN);
    const row = core.parts.store.db.prepare('SELECT * FROM submissions WHERE id = ?').get(id);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    core.parts.store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(join(dir.path, DATABASE_FILE)).includes(TOKEN)).toBe(false);
  });
});
