// One writer per data folder, between real processes: the web host (`npm run web`) holds the folder,
// and a command line or a second host on it is refused at once with the Spanish message that names
// the holder. After a SIGKILL of the holder the operating system has dropped its lock, so the next
// process starts. With submissions open, only the holder resumes them: the sandbox ends with exactly
// one document per ledger row.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { STATE_SUFFIX } from '#core/store/data-file';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import type { Submission } from '#shared/rpc/methods/submissions';
import { runCli, spawnCli } from '../support/core/cli';
import { isRunning, startWebHost, type WebHostProcess } from '../support/core/web-host';
import { realKeychain } from '../support/keychain';
import { ledgerRows, serverDocuments } from '../support/reliability/harness';
import { dse, MAGIC } from '../support/requests/outcomes';
import { waitUntil } from '../support/wait';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
const running: WebHostProcess[] = [];

beforeAll(async () => {
  dir = tempDir('factura-desk-one-writer-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 1_000 });
});
afterAll(async () => {
  for (const host of running) await host.stop('SIGKILL');
  await sandbox?.close();
  dir?.remove();
});

/** A data folder connected to the sandbox, its token in the keychain, `open` DSE left unsettled, closed again. */
async function prepareHome(name: string, open = 0): Promise<{ home: string; keys: string[] }> {
  const home = join(dir.path, name);
  const core = createCore({ home, secrets: realKeychain(), transport: 'cli', logger: new FileLogger(null) });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  await core.parts.connections.activate(connection.id);
  const keys: string[] = [];
  for (let n = 1; n <= open; n += 1) {
    const submission = await core.parts.submissions.submitDse(
      dse(MAGIC.uncertainAccept, `abierto ${n}`),
      `dse-one-writer-${n}-${Date.now()}`,
    );
    expect(submission.state).not.toBe('accepted');
    keys.push(submission.idempotency_key);
  }
  await core.close();
  return { home, keys };
}

async function hold(home: string): Promise<WebHostProcess> {
  const host = await startWebHost(home);
  if (!isRunning(host)) throw new Error(`the web host did not start (exit ${host.code}): ${host.stderr}`);
  running.push(host);
  return host;
}

function holderNamed(pid: number): RegExp {
  return new RegExp(
    `Factura Desk ya está trabajando con esta carpeta de datos: la aplicación en el navegador \\(proceso ${pid}, abierta desde el \\d{2}/\\d{2}/\\d{4}`,
  );
}

describe('one writer per data folder, between processes', { timeout: 300_000 }, () => {
  it('a second process is refused at once naming the first; after a SIGKILL the next one starts', async () => {
    const { home } = await prepareHome('home-refused');
    const first = await hold(home);

    // All at once while the first holds the folder: each refused (or, for `backups`, only reading).
    const [resume, second, backups, restore] = await Promise.all([
      runCli(home, ['resume']),
      startWebHost(home),
      runCli(home, ['backups']),
      runCli(home, ['restore', 'x.sqlite', '--confirmar']),
    ]);
    expect(resume.code).toBe(1);
    expect(resume.json).toMatchObject({
      error: { code: 'folder_in_use', details: { holder: { pid: first.pid, transport: 'web' } } },
    });
    expect(resume.stderr).toMatch(holderNamed(first.pid));
    expect(resume.stderr).toContain('No se modificó nada.');
    expect(isRunning(second)).toBe(false);
    expect(second).toMatchObject({ code: 1 });
    expect((second as { stderr: string }).stderr).toMatch(holderNamed(first.pid));
    // Listing the backups only reads: it still runs, without the ledger's counts.
    expect(backups.code).toBe(0);
    // A restore would replace the file under the running host: refused.
    expect(restore.json).toMatchObject({ error: { code: 'folder_in_use' } });

    // In this process too: the lock is the operating system's, not a file anyone could overwrite.
    expect(() => createCore({ home, secrets: realKeychain(), transport: 'cli', logger: new FileLogger(null) })).toThrow(
      expect.objectContaining({ code: 'folder_in_use' }),
    );

    // The operating system dropped the killed host's lock: the next process takes the folder.
    expect(await first.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    // A host stopped by SIGTERM closes core before it exits: the beside file says the close was clean.
    const third = await hold(home);
    expect(await third.stop('SIGTERM')).toMatchObject({ code: 0 });
    expect(JSON.parse(readFileSync(join(home, `${DATABASE_FILE}${STATE_SUFFIX}`), 'utf8'))).toMatchObject({ open: null });
    expect(existsSync(join(home, `${DATABASE_FILE}-wal`))).toBe(false);
  });

  it('with submissions open, only the holder resumes them: one document per ledger row, none lost', async () => {
    const { home, keys } = await prepareHome('home-resume', 4);
    const before = serverDocuments(join(dir.path, 'sandbox'), COMPANY);

    const host = await hold(home);
    const refused = await Promise.all([1, 2].map(() => runCli(home, ['resume'])));
    for (const run of refused) expect(run.json).toMatchObject({ error: { code: 'folder_in_use' } });

    await waitUntil(
      async () => {
        const reply = await host.call('submissions.list', { limit: 50 });
        return reply.ok ? (reply.output as Submission[]) : [];
      },
      (rows) => rows.length === 4 && rows.every((row) => row.state === 'accepted'),
      { what: 'the holder resumed all four', deadlineMs: 60_000, show: (rows) => JSON.stringify(rows.map((row) => row.state)) },
    );
    expect(await host.stop('SIGTERM')).toMatchObject({ code: 0 });

    const ledger = ledgerRows(home);
    const server = serverDocuments(join(dir.path, 'sandbox'), COMPANY);
    expect(ledger.map((row) => [row.idempotency_key, row.state])).toEqual(keys.map((key) => [key, 'accepted']));
    for (const row of ledger) expect(server.dseByKey.get(row.idempotency_key)).toEqual([row.document_id]);
    expect(server.dseCreated).toBe(before.dseCreated);
    expect(server.dseCreated).toBe(4);
  });
  it('Ctrl+C during a command: the submission under way ends and is recorded, then core closes cleanly', async () => {
    const { home } = await prepareHome('home-interrupted');
    const file = join(dir.path, 'dse-lento.json');
    // The sandbox answers this supplier after its settle time (1 s): the signal comes while it waits.
    writeFileSync(file, JSON.stringify(dse(MAGIC.slow, 'interrumpido')));
    const { child, done } = await spawnCli(home, ['dse', 'submit', file]);
    let stderr = '';
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('Clave de envío:')) resolve();
      }),
    );
    child.kill('SIGINT');
    const run = await done;
    expect([run.code, run.signal]).toEqual([0, null]);
    expect(run.stderr).toContain('Cerrando: se termina el paso en curso');
    expect(run.json).toMatchObject({ state: 'accepted' });
    expect(ledgerRows(home).map((row) => row.state)).toEqual(['accepted']);
    expect(JSON.parse(readFileSync(join(home, `${DATABASE_FILE}${STATE_SUFFIX}`), 'utf8'))).toMatchObject({ open: null });
  });
});
