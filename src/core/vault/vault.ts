// The bearer token lives in the OS keychain only (DESIGN.md): never SQLite, logs, renderer or errors.
// Where no keychain answers, the vault refuses; it never falls back to plaintext (STYLE.md, model
// Electron Fiddle).
import { AppError } from '../../shared/rpc/errors';

/** The subset of keytar the vault needs; core receives it from whoever starts the process. */
export interface SecretStore {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const VAULT_SERVICE = 'Factura Desk';

export function vaultAccount(baseUrl: string, companyId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}#company=${companyId}`;
}

export class Vault {
  constructor(private readonly secrets: SecretStore) {}

  async getToken(baseUrl: string, companyId: number): Promise<string | null> {
    return this.guard(() => this.secrets.getPassword(VAULT_SERVICE, vaultAccount(baseUrl, companyId)));
  }

  async setToken(baseUrl: string, companyId: number, token: string): Promise<void> {
    await this.guard(() => this.secrets.setPassword(VAULT_SERVICE, vaultAccount(baseUrl, companyId), token));
  }

  async deleteToken(baseUrl: string, companyId: number): Promise<boolean> {
    return this.guard(() => this.secrets.deletePassword(VAULT_SERVICE, vaultAccount(baseUrl, companyId)));
  }

  async hasToken(baseUrl: string, companyId: number): Promise<boolean> {
    return (await this.getToken(baseUrl, companyId)) !== null;
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch {
      // keytar's messages may quote the D-Bus reply; none of it is useful to a shop owner and
      // none of it may carry the secret, so the cause is deliberately dropped.
      throw new AppError(
        'keychain_unavailable',
        'No hay un llavero del sistema disponible para guardar el token de forma segura. ' +
          'Inicie sesión en el escritorio (o instale gnome-keyring / el llavero de su sistema) y vuelva a intentarlo. ' +
          'Factura Desk no guarda el token en texto plano.',
      );
    }
  }
}
