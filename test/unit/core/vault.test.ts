// The vault keeps a token in memory once read or written, so that a submission does not wait for a
// D-Bus round trip to the keychain; every change made through the vault takes effect at once, and a
// token the API refused is read again from the keychain (SECURITY.md, "The bearer token").
import { describe, expect, it } from 'vitest';
import { legacyVaultAccount, Vault, VAULT_SERVICE, vaultAccount, type SecretStore, type VaultScope } from '#core/vault/vault';
import { memorySecrets } from '#test/core/memory-secrets';

const BASE = 'https://api.example.co/api/v1';
const COMPANY = 101;
const SCOPE: VaultScope = { folder: '/home/tienda/.config/factura-desk', installation: 'inst-a' };
const ACCOUNT = `${VAULT_SERVICE}|${vaultAccount(BASE, COMPANY, SCOPE)}`;

function countingSecrets() {
  const inner = memorySecrets();
  const reads: string[] = [];
  const secrets: SecretStore = {
    getPassword: async (service, account) => {
      reads.push(account);
      return inner.getPassword(service, account);
    },
    setPassword: (service, account, password) => inner.setPassword(service, account, password),
    deletePassword: (service, account) => inner.deletePassword(service, account),
  };
  return { secrets, reads, values: inner.values };
}

describe('vault: the token in memory', () => {
  it('reads the keychain once, then answers from memory', async () => {
    const { secrets, reads, values } = countingSecrets();
    values.set(ACCOUNT, 'tok-stored-elsewhere');
    const vault = new Vault(secrets, SCOPE);
    for (let i = 0; i < 5; i += 1) expect(await vault.getToken(BASE, COMPANY)).toBe('tok-stored-elsewhere');
    expect(await vault.hasToken(BASE, COMPANY)).toBe(true);
    expect(reads).toHaveLength(1);
  });

  it('a token set through the vault is the one read next, without asking the keychain', async () => {
    const { secrets, reads } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    await vault.setToken(BASE, COMPANY, 'tok-first');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-first');
    await vault.setToken(BASE, COMPANY, 'tok-second');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-second');
    expect(reads).toHaveLength(0);
  });

  it('a deleted token is gone at once', async () => {
    const { secrets, values } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    await vault.setToken(BASE, COMPANY, 'tok-first');
    expect(await vault.deleteToken(BASE, COMPANY)).toBe(true);
    expect(values.has(ACCOUNT)).toBe(false);
    expect(await vault.getToken(BASE, COMPANY)).toBeNull();
    expect(await vault.hasToken(BASE, COMPANY)).toBe(false);
  });

  it('does not remember an absent token: one stored later by another process is seen', async () => {
    const { secrets, values } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    expect(await vault.getToken(BASE, COMPANY)).toBeNull();
    values.set(ACCOUNT, 'tok-from-the-command-line');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-from-the-command-line');
  });

  it('forgetCached makes the next read ask the keychain (the API refused the remembered token)', async () => {
    const { secrets, reads, values } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    await vault.setToken(BASE, COMPANY, 'tok-old');
    values.set(ACCOUNT, 'tok-replaced-elsewhere');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-old');
    vault.forgetCached(BASE, COMPANY);
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-replaced-elsewhere');
    expect(reads).toHaveLength(1);
  });

  it('a read in flight while the token is changed does not bring the old value back', async () => {
    const { secrets: inner, values } = countingSecrets();
    values.set(ACCOUNT, 'tok-old');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const secrets: SecretStore = {
      ...inner,
      getPassword: async (service, account) => {
        const value = await inner.getPassword(service, account);
        await held;
        return value;
      },
    };
    const vault = new Vault(secrets, SCOPE);
    const reading = vault.getToken(BASE, COMPANY);
    await vault.setToken(BASE, COMPANY, 'tok-new');
    release();
    expect(await reading).toBe('tok-old');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-new');
  });

  it('keeps accounts apart (base URL and company)', async () => {
    const { secrets } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    await vault.setToken(BASE, COMPANY, 'tok-101');
    await vault.setToken(BASE, 102, 'tok-102');
    await vault.deleteToken(BASE, 102);
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-101');
    expect(await vault.getToken(BASE, 102)).toBeNull();
    expect(await vault.getToken('https://other.example.co/api/v1', COMPANY)).toBeNull();
  });

  it('a keychain failure still refuses, and nothing is remembered from it', async () => {
    const { secrets } = countingSecrets();
    let broken = true;
    const flaky: SecretStore = {
      ...secrets,
      setPassword: async (...args) => {
        if (broken) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown');
        return secrets.setPassword(...args);
      },
    };
    const vault = new Vault(flaky, SCOPE);
    await expect(vault.setToken(BASE, COMPANY, 'tok-not-stored')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    expect(await vault.getToken(BASE, COMPANY)).toBeNull();
    broken = false;
    await vault.setToken(BASE, COMPANY, 'tok-stored');
    expect(await vault.getToken(BASE, COMPANY)).toBe('tok-stored');
  });
});

describe('vault: one keychain entry per data folder', () => {
  const CLI_HOME: VaultScope = { folder: '/tmp/otra-carpeta', installation: 'inst-b' };
  const COPY: VaultScope = { folder: '/home/tienda/.config/factura-desk', installation: 'inst-c' };

  it('two data folders on the same base URL and company keep their own tokens', async () => {
    const { secrets } = countingSecrets();
    const app = new Vault(secrets, SCOPE);
    const cli = new Vault(secrets, CLI_HOME);
    const copy = new Vault(secrets, COPY);
    await app.setToken(BASE, COMPANY, 'tok-app');
    await cli.setToken(BASE, COMPANY, 'tok-cli');
    expect(await new Vault(secrets, SCOPE).getToken(BASE, COMPANY)).toBe('tok-app');
    expect(await new Vault(secrets, CLI_HOME).getToken(BASE, COMPANY)).toBe('tok-cli');
    expect(await copy.getToken(BASE, COMPANY)).toBeNull();
    await cli.deleteToken(BASE, COMPANY);
    expect(await new Vault(secrets, SCOPE).getToken(BASE, COMPANY)).toBe('tok-app');
  });

  it('a token stored by an older version (shared account) is moved to the first folder that reads it', async () => {
    const { secrets, values } = countingSecrets();
    const legacy = `${VAULT_SERVICE}|${legacyVaultAccount(BASE, COMPANY)}`;
    values.set(legacy, 'tok-before-upgrade');
    expect(await new Vault(secrets, SCOPE).getToken(BASE, COMPANY)).toBe('tok-before-upgrade');
    expect(values.get(ACCOUNT)).toBe('tok-before-upgrade');
    expect(values.has(legacy)).toBe(false);
    expect(await new Vault(secrets, CLI_HOME).getToken(BASE, COMPANY)).toBeNull();
    expect(await new Vault(secrets, SCOPE).getToken(BASE, COMPANY)).toBe('tok-before-upgrade');
  });

  it('fingerprints tell tokens apart without containing them', () => {
    const { secrets } = countingSecrets();
    const vault = new Vault(secrets, SCOPE);
    expect(vault.fingerprint('tok-one')).toBe(vault.fingerprint('tok-one'));
    expect(vault.fingerprint('tok-one')).not.toBe(vault.fingerprint('tok-two'));
    expect(vault.fingerprint('tok-one')).not.toContain('tok-one');
    expect(vault.fingerprint('tok-one')).not.toBe(new Vault(secrets, CLI_HOME).fingerprint('tok-one'));
  });
});
