// The data file's own files: a -wal deleted under the running host (a cleaner, a sync folder) and
// then a SIGKILL; a -wal cut after an unclean end; a zero-byte, foreign or vanished data file. Each
// is found at start and explained in Spanish; nothing is silently created in its place; and after
// the lost -wal the ledger still holds every document the sandbox created.
import Database from 'better-sqlite3';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { startServedHost } from '#main/host';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import type { Submission } from '#shared/rpc/methods/submissions';
import { runCli } from '../support/core/cli';
import { memorySecrets } from '../support/core/memory-secrets';
import { isRunning, startWebHost, type WebHostProcess } from '../support/core/web-host';
import { realKeychain } from '../support/keychain';
import { serverDocuments } from '../support/reliability/harness';
import { dse, MAGIC } from '../support/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const running: WebHostProcess[] = [];

beforeAll(async () => {
  dir = tempDir('factura-desk-data-file-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
});
afterAll(async () => {
  for (const host of running) await host.stop('SIGKILL');
  await sandbox?.close();
  dir?.remove();
});

async function prepareHome(name: string): Promise<string> {
  const home = join(dir.path, name);
  const core = createCore({ home, secrets: realKeychain(), transport: 'cli', logger: new FileLogger(null) });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  await core.close();
  return home;
}

async function submitThrough(host: WebHostProcess, key: string): Promise<Submission> {
  const reply = await host.call('dse.submit', { request: dse(MAGIC.accept, key), key });
  if (!reply.ok) throw new Error(`dse.submit: ${reply.error.message}`);
  return reply.output as Submission;
}

const WAL_LOST = /terminó sin cerrarse y alguien borró su registro de cambios recientes/;

describe('the data file and its -wal', { timeout: 180_000 }, () => {
  it('a -wal deleted under the running host, then SIGKILL: the restart says so, and the ledger has every DSE the sandbox has', async () => {
    const home = await prepareHome('home-wal-deleted');
    const database = join(home, DATABASE_FILE);
    const before = serverDocuments(join(dir.path, 'sandbox'), COMPANY).dseCreated;
    const host = await startWebHost(home);
    if (!isRunning(host)) throw new Error(host.stderr);
    running.push(host);
    const sent: Submission[] = [];
    for (let n = 1; n <= 3; n += 1) sent.push(await submitThrough(host, `dse-wal-antes-${n}-${Date.now()}`));
    rmSync(`${database}-wal`);
    for (let n = 1; n <= 3; n += 1) sent.push(await submitThrough(host, `dse-wal-despues-${n}-${Date.now()}`));
    expect(sent.map((s) => s.state)).toEqual(Array(6).fill('accepted'));
    expect(await host.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });

    const status = await runCli(home, ['status']);
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(WAL_LOST);
    expect(status.stderr).toContain('búsquelo en el portal de su proveedor antes de emitirlo otra vez');
    expect(status.json).toMatchObject({ submissions: { counts: { accepted: 6 }, total: 6 } });
    const server = serverDocuments(join(dir.path, 'sandbox'), COMPANY);
    expect(server.dseCreated - before).toBe(6);
    for (const submission of sent) expect(server.dseByKey.get(submission.idempotency_key)).toEqual([submission.document_id]);

    // Said once: that start closed cleanly, so the next one is quiet.
    const again = await runCli(home, ['status']);
    expect([again.code, again.stderr]).toEqual([0, '']);
  });

  it('a -wal cut after an unclean end is reported; a -wal left whole is not', async () => {
    const home = await prepareHome('home-wal-cut');
    const database = join(home, DATABASE_FILE);
    const host = await startWebHost(home);
    if (!isRunning(host)) throw new Error(host.stderr);
    running.push(host);
    await submitThrough(host, `dse-wal-cortado-${Date.now()}`);
    expect(await host.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    // Half of a header and a frame: what a copy or a sync program stopped part-way leaves.
    writeFileSync(`${database}-wal`, Buffer.alloc(32 + 24 + 100, 7));

    const status = await runCli(home, ['status']);
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(/terminó sin cerrarse y su registro de cambios recientes .* quedó cortado/);
    expect(status.json).toMatchObject({ submissions: { counts: { accepted: 1 }, total: 1 } });

    const second = await startWebHost(home);
    if (!isRunning(second)) throw new Error(second.stderr);
    running.push(second);
    expect(await second.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    const quiet = await runCli(home, ['status']);
    expect([quiet.code, quiet.stderr]).toEqual([0, '']);
  });

  it.each([
    ['a zero-byte file', () => Buffer.alloc(0), /está vacío \(0 bytes\)/],
    ['a file that is not SQLite', () => Buffer.from('fecha;total\n2026-11-20;11900\n'), /está dañado o no es de Factura Desk/],
    [
      "another program's SQLite database",
      () => {
        const other = join(dir.path, `otro-${Date.now()}.sqlite`);
        const db = new Database(other);
        db.exec("CREATE TABLE notas (texto TEXT); INSERT INTO notas VALUES ('hola')");
        db.close();
        return readFileSync(other);
      },
      /no es de Factura Desk: .* es la base de datos de otro programa/,
    ],
  ] as const)('%s: refused with the reason, left as it is, no new ledger', async (name, content, reason) => {
    const home = await prepareHome(`home-${name.replace(/\W+/g, '-')}`);
    const database = join(home, DATABASE_FILE);
    const bytes = content();
    writeFileSync(database, bytes);
    for (const suffix of ['-wal', '-shm']) rmSync(database + suffix, { force: true });

    const status = await runCli(home, ['status']);
    expect(status.code).toBe(1);
    expect(status.json).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(status.stderr).toMatch(reason);
    expect(status.stderr).toContain('«backups» lista las copias');

    const served = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false });
    expect(served.startupError?.message).toMatch(reason);
    await served.close();

    expect(readFileSync(database).equals(bytes)).toBe(true);
    expect(existsSync(`${database}-wal`)).toBe(false);
  });

  it('a data file gone from a folder that had one: refused, nothing created; a first run still creates one', async () => {
    const home = await prepareHome('home-gone');
    const database = join(home, DATABASE_FILE);
    for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });

    const status = await runCli(home, ['status']);
    expect(status.code).toBe(1);
    expect(status.stderr).toMatch(/Falta el archivo de datos .* que existía en esta carpeta desde el/);
    expect(status.stderr).toContain('No se creó uno vacío en su lugar');
    expect(existsSync(database)).toBe(false);

    const fresh = join(dir.path, 'home-first-run');
    expect((await runCli(fresh, ['status'])).code).toBe(0);
    expect(statSync(join(fresh, DATABASE_FILE)).size).toBeGreaterThan(0);
  });
});
