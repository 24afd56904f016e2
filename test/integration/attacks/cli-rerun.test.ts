// Running the same `dse submit FILE` / `fe submit FILE` again after a crash (the
// natural recovery) must not create a second document: the same data already in the ledger is
// confirmed under its key; --new-document asks for another document explicitly; the key is printed
// before anything is sent. On both engines: the data folder's SQLite file, and a shop's PostgreSQL
// named by `--database`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_ENV } from '#core/submissions/crash';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { tempDir } from '#test/temp';
import { runCli } from '#test/core/cli';
import { dse, dseDocumentIds, fe, feTotal, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '#test/seed';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = tempDir('factura-desk-rerun-');
  sandbox = await startSandbox({ seed: coreSeed(0), dataDir: join(dir.path, 'sandbox'), settleMs: 100 });
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

describe.each(ENGINE_KINDS)('re-running the command line after a crash (%s)', { timeout: 120_000 }, (kind) => {
  let ledgers: ShopLedgers;
  let home: string;
  const cli = async (folder: string, args: string[], options?: Parameters<typeof runCli>[2]) =>
    runCli(folder, [...(await ledgers.cliArgs(folder)), ...args], options);
  beforeAll(async () => {
    ledgers = shopLedgers(kind);
    home = join(dir.path, `home-${kind}`);
    await ledgers.connect(home, { baseUrl: sandbox.baseUrl, companyId: COMPANY, token: TOKENS.full });
  });
  afterAll(() => ledgers.close());

  it('dse submit without --key: the second run confirms the first document; --new-document makes another', async () => {
    const path = file(`dse-${kind}.json`, dse(MAGIC.accept, 'repetido'));
    const before = (await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length;
    const crashed = await cli(home, ['dse', 'submit', path], killedAfterServerCommit);
    expect(crashed.signal).toBe('SIGKILL');
    const printed = /Clave de envío: (\S+)/.exec(crashed.stderr)?.[1];
    expect(printed).toMatch(/^dse-/);
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const again = await cli(home, ['dse', 'submit', path]);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ state: 'accepted', idempotency_key: printed });
    expect(again.stderr).toContain('no se crea otro documento');
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const third = await cli(home, ['dse', 'submit', path]);
    expect(third.json).toMatchObject({ idempotency_key: printed });
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 1);

    const wanted = await cli(home, ['dse', 'submit', path, '--new-document']);
    expect(wanted.code).toBe(0);
    expect((wanted.json as { idempotency_key: string }).idempotency_key).not.toBe(printed);
    expect((await dseDocumentIds(sandbox.baseUrl, TOKENS.full)).length).toBe(before + 2);
  });

  it('fe submit without draft_key: the second run confirms the first invoice', async () => {
    const path = file(`fe-${kind}.json`, fe(MAGIC.accept, 'repetida'));
    const before = await feTotal(sandbox.baseUrl, TOKENS.full);
    const crashed = await cli(home, ['fe', 'submit', path], killedAfterServerCommit);
    expect(crashed.signal).toBe('SIGKILL');
    const printed = /Clave de envío: (\S+)/.exec(crashed.stderr)?.[1];
    expect(printed).toMatch(/^fe-/);
    const again = await cli(home, ['fe', 'submit', path]);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({ state: 'accepted', idempotency_key: printed });
    expect(await feTotal(sandbox.baseUrl, TOKENS.full)).toBe(before + 1);
  });

  it('a submission refused before anything was created does not hold the data back', async () => {
    const revoked = join(dir.path, `home-revoked-${kind}`);
    await ledgers.connect(revoked, { baseUrl: sandbox.baseUrl, companyId: COMPANY, token: TOKENS.revoked });
    const path = file(`dse-revoked-${kind}.json`, dse(MAGIC.accept, 'token revocado'));
    const refused = await cli(revoked, ['dse', 'submit', path]);
    expect(refused.json).toMatchObject({ state: 'failed', http_status: 401 });
    const fixed = await cli(revoked, ['connect', '--base-url', sandbox.baseUrl, '--company', String(COMPANY)], {
      stdin: TOKENS.full,
    });
    expect(fixed.code).toBe(0);
    const sent = await cli(revoked, ['dse', 'submit', path]);
    expect(sent.json).toMatchObject({ state: 'accepted' });
  });
});
