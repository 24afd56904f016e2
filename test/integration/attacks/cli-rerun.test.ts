// Running the same `dse submit FILE` / `fe submit FILE` again after a crash (the
// natural recovery) must not create a second document: the same data already in the ledger is
// confirmed under its key; --new-document asks for another document explicitly; the key is printed
// before anything is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { CRASH_ENV } from '#core/submissions/crash';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';
import { runCli } from '#test/core/cli';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let home: string;

beforeAll(async () => {
  dir = tempDir('factura-desk-rerun-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
  home = join(dir.path, 'home');
  const core = createCore({ home, secrets: realKeychain(), transport: 'cli', logger: new FileLogger(null) });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, TOKENS.full);
  await core.close();
});
afterAll(async () => {
  await sandbox?.close();
  dir?.remove();
});

function file(name: string, body: unknown): string {
  const path = join(dir.path, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

const killedAfterServerCommit = { env: { [CRASH_ENV]: 'after-server-commit' } };

describe('re-running the command line after a crash', { timeout: 120_000 }, () => {
  it('dse submit without --key: the second run confirms the first document; --new-document makes another', async () => {
    const path = file('dse.json', dse(MAGIC.accept, 'repetido'));
    const before = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length;
    const crashed = await runCli(home, ['dse', 'submit', path], killedAfterServerCommit);
    expect(crashed.signal).toBe('SIGKILL');
    const printed = /Clave de envío: (\S+)/.exec(crashed.stderr)?.[1];
    expect(printed).toMatch(/^dse-/);
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const again = await runCli(home, ['dse', 'submit', path]);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ state: 'accepted', idempotency_key: printed });
    expect(again.stderr).toContain('no se crea otro documento');
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const third = await runCli(home, ['dse', 'submit', path]);
    expect(third.json).toMatchObject({ idempotency_key: printed });
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const wanted = await runCli(home, ['dse', 'submit', path, '--new-document']);
    expect(wanted.code).toBe(0);
    expect((wanted.json as { idempotency_key: string }).idempotency_key).not.toBe(printed);
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 2);
  });

  it('fe submit without draft_key: the second run confirms the first invoice', async () => {
    const path = file('fe.json', fe(MAGIC.accept, 'repetida'));
    const before = await feTotal(sandbox.baseUrl, TOKENS.full);
    const crashed = await runCli(home, ['fe', 'submit', path], killedAfterServerCommit);
    expect(crashed.signal).toBe('SIGKILL');
    const printed = /Clave de envío: (\S+)/.exec(crashed.stderr)?.[1];
    expect(printed).toMatch(/^fe-/);
    const again = await runCli(home, ['fe', 'submit', path]);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ state: 'accepted', idempotency_key: printed });
    expect(await feTotal(sandbox.baseUrl, TOKENS.full)).toBe(before + 1);
  });

  it('a submission refused before anything was created does not hold the data back', async () => {
    const core = createCore({
      home: join(dir.path, 'home-revoked'),
      secrets: realKeychain(),
      transport: 'cli',
      logger: new FileLogger(null),
    });
    const connection = await core.parts.connections.create({
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: sandbox.baseUrl,
      company_id: COMPANY,
    });
    await core.parts.connections.setToken(connection.id, TOKENS.revoked);
    await core.close();
    const path = file('dse-revoked.json', dse(MAGIC.accept, 'token revocado'));
    const refused = await runCli(join(dir.path, 'home-revoked'), ['dse', 'submit', path]);
    expect(refused.json).toMatchObject({ state: 'failed', http_status: 401 });
    const fixed = await runCli(
      join(dir.path, 'home-revoked'),
      ['connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)],
      { stdin: TOKENS.full },
    );
    expect(fixed.code).toBe(0);
    const sent = await runCli(join(dir.path, 'home-revoked'), ['dse', 'submit', path]);
    expect(sent.json).toMatchObject({ state: 'accepted' });
  });
});
