// The token a submission sends, with the vault keeping it in memory (SECURITY.md, "The bearer
// token"): the keychain is asked once, not on every submission; a token changed or forgotten
// through core takes effect on the very next submission; a token the API refuses is read again.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, vaultScope, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { VAULT_SERVICE, vaultAccount, type SecretStore } from '#core/vault/vault';
import { realKeychain } from '#test/keychain';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';
import { CORE_COMPANY as COMPANY, CORE_TOKENS as TOKENS } from '#test/seed';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed();
});
afterAll(async () => {
  await bed?.close();
});

interface Observed {
  core: Core;
  connectionId: number;
  keychainReads: () => number;
  /** The bearer token of each request core sent, in order. */
  sentTokens: string[];
}

let homes = 0;
/** A core on the real keychain that counts keychain reads and records the bearer of each request. */
async function observedCore(token: string): Promise<Observed> {
  const keychain = realKeychain();
  let reads = 0;
  const secrets: SecretStore = {
    getPassword: (service, account) => {
      reads += 1;
      return keychain.getPassword(service, account);
    },
    setPassword: (service, account, password) => keychain.setPassword(service, account, password),
    deletePassword: (service, account) => keychain.deletePassword(service, account),
  };
  const sentTokens: string[] = [];
  homes += 1;
  const core = createCore({
    home: join(bed.dir.path, `token-home-${homes}`),
    secrets,
    transport: 'cli',
    logger: new FileLogger(null),
    fetch: (input, init) => {
      const authorization = new Headers(init?.headers).get('authorization') ?? '';
      sentTokens.push(authorization.replace(/^Bearer /, ''));
      return fetch(input, init);
    },
  });
  const connection = await core.parts.connections.create({
    label: 'Pruebas',
    kind: 'sandbox',
    base_url: bed.sandbox.baseUrl,
    company_id: COMPANY,
  });
  await core.parts.connections.setToken(connection.id, token);
  return { core, connectionId: connection.id, keychainReads: () => reads, sentTokens };
}

describe('the token of a submission', () => {
  it('is read from the keychain at most once for many submissions', async () => {
    const { core, keychainReads, sentTokens } = await observedCore(TOKENS.full);
    const before = keychainReads();
    for (let i = 0; i < 5; i += 1) {
      expect(await core.parts.submissions.submitDse(dse(MAGIC.accept, `lectura ${i}`))).toMatchObject({ state: 'accepted' });
    }
    expect(keychainReads() - before).toBeLessThanOrEqual(1);
    expect(sentTokens).toEqual(Array(5).fill(TOKENS.full));
    await core.close();
  });

  it('a token changed through connections.setToken is the one the next submission sends', async () => {
    const { core, connectionId, sentTokens } = await observedCore(TOKENS.full);
    expect(await core.parts.submissions.submitDse(dse(MAGIC.accept, 'antes'))).toMatchObject({ state: 'accepted' });
    await core.parts.connections.setToken(connectionId, TOKENS.noFeRead);
    expect(await core.parts.submissions.submitDse(dse(MAGIC.accept, 'después'))).toMatchObject({ state: 'accepted' });
    expect(sentTokens).toEqual([TOKENS.full, TOKENS.noFeRead]);
    await core.close();
  });

  it('a token forgotten through connections.forgetToken stops the next submission before anything is written or sent', async () => {
    const { core, connectionId, sentTokens } = await observedCore(TOKENS.full);
    expect(await core.parts.submissions.submitDse(dse(MAGIC.accept, 'antes'))).toMatchObject({ state: 'accepted' });
    await core.parts.connections.forgetToken(connectionId);
    await expect(core.parts.submissions.submitDse(dse(MAGIC.accept, 'sin token'))).rejects.toMatchObject({ code: 'no_token' });
    expect(await core.parts.submissions.list()).toHaveLength(1);
    expect(sentTokens).toHaveLength(1);
    await core.close();
  });

  it('after a 401, the next submission reads the keychain again (the token was replaced by another process)', async () => {
    const { core, sentTokens } = await observedCore(TOKENS.revoked);
    const refused = await core.parts.submissions.submitDse(dse(MAGIC.accept, 'revocado'));
    expect(refused).toMatchObject({ state: 'failed', http_status: 401 });
    // Another process (the command line) stores a good token behind this core's back.
    await realKeychain().setPassword(
      VAULT_SERVICE,
      vaultAccount(bed.sandbox.baseUrl, COMPANY, vaultScope(core.parts.home, core.parts.store!)),
      TOKENS.full,
    );
    expect(await core.parts.submissions.submitDse(dse(MAGIC.accept, 'nuevo'))).toMatchObject({ state: 'accepted' });
    expect(sentTokens).toEqual([TOKENS.revoked, TOKENS.full]);
    await core.close();
  });
});
