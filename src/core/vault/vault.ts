// The bearer token lives in the OS keychain only (DESIGN.md): never SQLite, logs, renderer or errors.
// Where no keychain answers, the vault refuses; it never falls back to plaintext (STYLE.md, model
// Electron Fiddle).
import { createHmac } from 'node:crypto';
import { AppError } from '#shared/rpc/errors';
import { keychainUnavailableMessage, type KeychainSecret } from './keychain-help';

/** What the vault needs of an OS keychain (`os-keychain.ts`); core receives it from whoever starts the process. */
export interface SecretStore {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const VAULT_SERVICE = 'Factura Desk';

/**
 * Whose entries these are: the data folder (its real path) and the installation id drawn when that
 * folder was created (SQLite's `installation` table). Two data folders (the app, a command line with
 * `--home`, a copy) never share a keychain entry, so one cannot overwrite the other's token.
 */
export interface VaultScope {
  folder: string;
  installation: string;
}

export function vaultAccount(baseUrl: string, companyId: number, scope: VaultScope): string {
  return `${legacyVaultAccount(baseUrl, companyId)}#folder=${scope.folder}#installation=${scope.installation}`;
}

/**
 * The account of older versions, before each data folder had its own entry (base URL and company
 * only, shared by every data folder).
 * A token found there is moved to this folder's account on first read, so an existing user keeps it.
 */
export function legacyVaultAccount(baseUrl: string, companyId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}#company=${companyId}`;
}

/**
 * A token read from or written to the keychain is kept in this process's memory until it is
 * changed or forgotten through this vault, or the API refuses it (`forgetCached`). A keychain read
 * is a D-Bus round trip through the Secret Service (1.5 ms idle, several under load), and every
 * submission and poll needs the token; the tradeoff is written down in SECURITY.md ("The bearer
 * token"). Nothing but the keychain ever holds it outside memory.
 */
export class Vault {
  private readonly cached = new Map<string, string>();
  /** Bumped whenever an account's token changes here, so that a read already in flight cannot cache an old value. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly secrets: SecretStore,
    private readonly scope: VaultScope,
  ) {}

  /**
   * Which credentials a token is, for the submission ledger: an HMAC of the token
   * under this installation's id. Equal tokens give equal fingerprints; the token cannot be read back.
   */
  fingerprint(token: string): string {
    return createHmac('sha256', `factura-desk-credential:${this.scope.installation}`)
      .update(token, 'utf8')
      .digest('hex')
      .slice(0, 32);
  }

  async getToken(baseUrl: string, companyId: number): Promise<string | null> {
    const account = this.account(baseUrl, companyId);
    const known = this.cached.get(account);
    if (known !== undefined) return known;
    const generation = this.generation(account);
    const token = await this.guard(async () => {
      const own = await this.secrets.getPassword(VAULT_SERVICE, account);
      return own ?? (await this.adoptLegacy(baseUrl, companyId, account));
    });
    // An absent token is not remembered: one stored by another process (the command line) is seen at once.
    if (token !== null && this.generation(account) === generation) this.cached.set(account, token);
    return token;
  }

  async setToken(baseUrl: string, companyId: number, token: string): Promise<void> {
    const account = this.account(baseUrl, companyId);
    this.invalidate(account);
    await this.guard(() => this.secrets.setPassword(VAULT_SERVICE, account, token));
    this.invalidate(account);
    this.cached.set(account, token);
  }

  async deleteToken(baseUrl: string, companyId: number): Promise<boolean> {
    const account = this.account(baseUrl, companyId);
    this.invalidate(account);
    try {
      return await this.guard(() => this.secrets.deletePassword(VAULT_SERVICE, account));
    } finally {
      this.invalidate(account);
    }
  }

  async hasToken(baseUrl: string, companyId: number): Promise<boolean> {
    return (await this.getToken(baseUrl, companyId)) !== null;
  }

  /**
   * Whether a keychain answers at all: reads an entry that is never written. It tells an absent
   * Secret Service (or a dead D-Bus session) from a present one; a locked keyring answers this read
   * (nothing to unlock), and is noticed when a stored token is read or a new one written.
   */
  async probe(): Promise<void> {
    await this.guard(() => this.secrets.getPassword(VAULT_SERVICE, `probe#installation=${this.scope.installation}`));
  }

  /** Drops the in-memory copy (the API refused it: it may have been replaced elsewhere); the next read asks the keychain. */
  forgetCached(baseUrl: string, companyId: number): void {
    this.invalidate(this.account(baseUrl, companyId));
  }

  private account(baseUrl: string, companyId: number): string {
    return vaultAccount(baseUrl, companyId, this.scope);
  }

  /**
   * A token stored by an older version under the shared account: moved to this folder's own
   * account (written first, then the old entry deleted), so that it is claimed by one data folder only.
   */
  private async adoptLegacy(baseUrl: string, companyId: number, account: string): Promise<string | null> {
    const legacy = legacyVaultAccount(baseUrl, companyId);
    const token = await this.secrets.getPassword(VAULT_SERVICE, legacy);
    if (token === null) return null;
    await this.secrets.setPassword(VAULT_SERVICE, account, token);
    await this.secrets.deletePassword(VAULT_SERVICE, legacy);
    return token;
  }

  private invalidate(account: string): void {
    this.cached.delete(account);
    this.generations.set(account, this.generation(account) + 1);
  }

  private generation(account: string): number {
    return this.generations.get(account) ?? 0;
  }

  private guard<T>(call: () => Promise<T>): Promise<T> {
    return keychainCall(call);
  }
}

/** One call to the keychain; any failure is `keychain_unavailable` with what to do, never the binding's text. */
export async function keychainCall<T>(call: () => Promise<T>, secret: KeychainSecret = 'token'): Promise<T> {
  try {
    return await call();
  } catch {
    // The binding's messages may quote the D-Bus reply; none of it is useful to a shop owner and
    // none of it may carry the secret, so the cause is deliberately dropped.
    throw new AppError(
      'keychain_unavailable',
      `No se pudo usar el llavero del sistema. ${keychainUnavailableMessage(process.platform, secret)}`,
    );
  }
}
