// The command line as a real child process over the same core: JSON output and exit codes
// (0 accepted, 3 pending or in doubt, 4 rejected, 2 invalid input, 1 anything else).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { tempDir } from '#test/temp';
import { runCli } from '#test/core/cli';
import { dse, dseSettled, fe, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let home: string;
/** The DSE that `dse submit` left pending, which `resume` resolves once the sandbox has settled it. */
let pendingDocument: number;

function file(name: string, body: unknown): string {
  const path = join(dir.path, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

beforeAll(async () => {
  dir = tempDir('factura-desk-cli-');
  sandbox = await startSandbox({ seed: coreSeed(12), settleMs: 100 });
  home = join(dir.path, 'home');
});
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

// Each test spawns several CLI processes; on a busy 2-core CI machine each may take seconds.
describe('command line', { timeout: 180_000 }, () => {
  it('connect reads the token from stdin, stores it in the keychain and tests the connection', async () => {
    const run = await runCli(home, ['connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)], {
      stdin: `${TOKENS.full}\n`,
    });
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      connection: { company_id: COMPANY, active: true, has_token: true, kind: 'sandbox' },
      check: { ok: true },
    });
    expect(run.stdout + run.stderr).not.toContain(TOKENS.full);
  });

  it('connect with a kind that does not exist exits 2, says which kinds there are and stores nothing', async () => {
    const other = join(dir.path, 'home-kind');
    const run = await runCli(
      other,
      ['connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY), '--kind', 'produccion'],
      { stdin: `${TOKENS.full}\n` },
    );
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toContain('--kind es sandbox (pruebas) o production (producción), no «produccion».');
    const status = await runCli(other, ['status']);
    expect(status.json).toMatchObject({ connection: null });
  });

  it('connect with a revoked token exits 1 and says why', async () => {
    // Tokens are kept per base URL and company in the keychain: another spelling of the address keeps
    // this revoked one apart from the good token the other tests use.
    const other = join(dir.path, 'home-revoked');
    const address = sandbox.baseUrl.replace('127.0.0.1', 'localhost');
    const run = await runCli(other, ['connect', '--base-url', address, '--company', String(COMPANY)], { stdin: TOKENS.revoked });
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ check: { ok: false, code: 'api_unauthorized' } });
  });

  it('dse submit: 0 accepted, 4 rejected, 3 pending, 2 invalid with the field errors', async () => {
    const accepted = await runCli(home, ['dse', 'submit', file('ok.json', dse(MAGIC.accept))]);
    expect(accepted.code).toBe(0);
    expect(accepted.json).toMatchObject({ kind: 'DSE', state: 'accepted', estado_dian: 'aceptado' });

    expect((await runCli(home, ['dse', 'submit', file('rej.json', dse(MAGIC.reject))])).code).toBe(4);
    const pending = await runCli(home, ['dse', 'submit', file('pend.json', dse(MAGIC.uncertainAccept))]);
    expect(pending.code).toBe(3);
    expect(pending.json).toMatchObject({ state: 'pending' });
    pendingDocument = (pending.json as { document_id: number }).document_id;

    const bad = { ...dse(MAGIC.accept), items: [{ codigo: '123', descripcion: 'x', cantidad: 0, precio_unitario: 1 }] };
    const invalid = await runCli(home, ['dse', 'submit', file('bad.json', bad)]);
    expect(invalid.code).toBe(2);
    const fields = (invalid.json as { error: { details: { fields: { path: string }[] } } }).error.details.fields.map(
      (f) => f.path,
    );
    expect(fields).toEqual(expect.arrayContaining(['request.items.0.codigo', 'request.items.0.cantidad']));
  });

  it('fe submit: 0 accepted, 3 in doubt after a 500', async () => {
    expect((await runCli(home, ['fe', 'submit', file('fe.json', fe(MAGIC.accept))])).code).toBe(0);
    const doubt = await runCli(home, ['fe', 'submit', file('fe500.json', fe(MAGIC.failFirst))]);
    expect(doubt.code).toBe(3);
    expect(doubt.json).toMatchObject({ state: 'in_doubt', http_status: 500 });
  });

  it('resume resolves everything in doubt or pending and prints each outcome', async () => {
    await dseSettled(sandbox.baseUrl, TOKENS.full, pendingDocument);
    const run = await runCli(home, ['resume']);
    expect(run.code).toBe(0);
    const printed = run.json as { resumed: number; still_open: number; outcomes: { state: string }[] };
    // The pending DSE may already have been resolved by `fe submit`, which resumes before sending.
    expect(printed.resumed).toBeGreaterThanOrEqual(1);
    expect(printed.still_open).toBe(0);
    expect(new Set(printed.outcomes.map((o) => o.state))).toEqual(new Set(['accepted']));
  });

  it('status, sync and history', async () => {
    const status = await runCli(home, ['status']);
    expect(status.code).toBe(0);
    expect(status.json).toMatchObject({ submissions: { counts: { accepted: 4, rejected: 1 }, total: 5 }, pending: [] });

    const sync = await runCli(home, ['sync']);
    expect(sync.code).toBe(0);
    expect(sync.json).toMatchObject({ fe_documents: 14, dse_documents: 3 });
    expect(sync.stderr).toContain('"phase":"done"');

    const text = await runCli(home, ['history', '--kind', 'DSE']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^3 documento\(s\)/);
    const json = await runCli(home, ['history', '--json', '--q', 'panaderia']);
    expect(json.json).toMatchObject({ total: 6 });
  });

  it('an unknown command exits 2 with the usage', async () => {
    const run = await runCli(home, ['bogus']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('Uso:');
  });
});

describe('command line: backup and restore', { timeout: 180_000 }, () => {
  it('a damaged file points to backups/restore; restore needs --confirmar; afterwards the data of the backup is back', async () => {
    const own = join(dir.path, 'home-restore');
    expect(
      (await runCli(own, ['connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)], { stdin: `${TOKENS.full}\n` }))
        .code,
    ).toBe(0);
    const accepted = await runCli(own, [
      'dse',
      'submit',
      file('restore-ok.json', dse(MAGIC.accept, 'antes de la copia')),
      '--key',
      'dse-cli-restore-1',
    ]);
    expect(accepted.code).toBe(0);
    const backup = await runCli(own, ['backup']);
    expect(backup.code).toBe(0);
    const name = (backup.json as { file: string }).file.split('/').pop()!;

    const db = join(own, 'factura-desk.sqlite');
    const bytes = readFileSync(db);
    const middle = Math.floor(bytes.length / 4096 / 2) * 4096;
    expect(middle).toBeGreaterThan(4096);
    bytes.fill(0xa5, middle, middle + 4096);
    writeFileSync(db, bytes);

    const damaged = await runCli(own, ['status']);
    expect(damaged.code).toBe(1);
    expect(damaged.json).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(damaged.stderr).toMatch(/«backups» lista las copias y «restore NOMBRE --confirmar»/);
    const listed = await runCli(own, ['backups']);
    expect(listed.code).toBe(0);
    expect(listed.json).toEqual([expect.objectContaining({ name, later: null })]);

    const unconfirmed = await runCli(own, ['restore', name]);
    expect(unconfirmed.code).toBe(2);
    expect(readFileSync(db).equals(bytes)).toBe(true);

    const restored = await runCli(own, ['restore', name, '--confirmar']);
    expect(restored.code).toBe(0);
    const keptAs = (restored.json as { kept_as: string }).kept_as;
    expect(readFileSync(keptAs).equals(bytes)).toBe(true);
    const status = await runCli(own, ['status']);
    expect(status.code).toBe(0);
    expect(status.json).toMatchObject({
      submissions: { total: 1, recent: [{ idempotency_key: 'dse-cli-restore-1', state: 'accepted' }] },
    });
  });
});
