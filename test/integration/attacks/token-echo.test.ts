// A token quoted back by the server in an error is redacted from every text that
// comes from outside: the ledger (SQLite), the RPC answers and the support text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';
import { dse, MAGIC } from '#test/requests/outcomes';

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
    const row = core.parts.store!.db.prepare('SELECT * FROM submissions WHERE id = ?').get(id);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    core.parts.store!.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(join(dir.path, DATABASE_FILE)).includes(TOKEN)).toBe(false);
  });
});

describe('pieces of the token quoted back by the server', () => {
  const prefix = TOKEN.slice(0, 10);
  /** Answers like a server that names the token by its prefix, and cuts another piece of it in a 400. */
  const quoting: typeof globalThis.fetch = async (_input, init) => {
    const bearer = (new Headers(init?.headers).get('authorization') ?? '').replace(/^Bearer /, '');
    const failFirst = JSON.parse(String(init?.body ?? '{}')) as { proveedor?: { nombre?: string } };
    const status = failFirst.proveedor?.nombre === 'cuatrocientos' ? 400 : 401;
    const error =
      status === 401
        ? `token ${bearer.slice(0, 10)}… revocado`
        : `datos inválidos para el cliente ${bearer.slice(4, 16)} (ver ${bearer.slice(-8)})`;
    return new Response(JSON.stringify({ ok: false, error }), { status, headers: { 'Content-Type': 'application/json' } });
  };

  it('are redacted from the stored answer, the ledger row and every RPC answer', async () => {
    const own = tempDir('factura-desk-echo-piece-');
    const quoted = createCore({
      home: own.path,
      secrets: memorySecrets(),
      transport: 'cli',
      logger: new FileLogger(null),
      fetch: quoting,
    });
    try {
      const connection = await quoted.parts.connections.create({
        label: 'Pruebas',
        kind: 'sandbox',
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 7,
      });
      await quoted.parts.connections.setToken(connection.id, TOKEN);
      const base = dse(MAGIC.accept);
      for (const [key, nombre] of [
        ['eco-prefijo-1', base.proveedor.nombre],
        ['eco-pedazo-1', 'cuatrocientos'],
      ] as const) {
        const submitted = await quoted.dispatch({
          id: 1,
          method: 'dse.submit',
          input: { request: { ...base, proveedor: { ...base.proveedor, nombre } }, key },
        });
        expect(submitted).toMatchObject({ ok: true, output: { state: 'failed' } });
        const id = (submitted as { output: { id: number } }).output.id;
        const row = quoted.parts
          .store!.db.prepare<[number], { response_body: string }>('SELECT * FROM submissions WHERE id = ?')
          .get(id)!;
        expect(row.response_body).toContain('[oculto]');
        const texts = [
          JSON.stringify(row),
          JSON.stringify(submitted),
          JSON.stringify(await quoted.dispatch({ id: 2, method: 'submissions.supportInfo', input: { id } })),
        ];
        for (const text of texts) {
          expect(text).not.toContain(prefix);
          for (let at = 0; at + 6 <= TOKEN.length; at += 1) expect(text).not.toContain(TOKEN.slice(at, at + 6));
        }
      }
    } finally {
      await quoted.close();
      own.remove();
    }
  });
});
