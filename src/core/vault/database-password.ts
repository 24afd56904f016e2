// The shop database's password lives in the OS keychain only, like the API token: never in the saved
// choice, an address, a log or the database itself. One entry per server, port, database and user;
// it is not scoped to a data folder, because the password belongs to the server's role, and every
// data folder of this computer's user that opens that database needs the same one.
import { AppError } from '#shared/rpc/errors';
import type { PostgresAddress } from '#core/store/database-choice';
import { noPasswordKept } from '#core/store/postgres/faults';
import { keychainCall, VAULT_SERVICE, type SecretStore } from './vault';

type Target = Pick<PostgresAddress, 'host' | 'port' | 'database' | 'user'>;

export function databasePasswordAccount({ host, port, database, user }: Target): string {
  const server = host.includes(':') ? `[${host}]` : host;
  return `database#postgres://${encodeURIComponent(user)}@${server}:${port}/${encodeURIComponent(database)}`;
}

export function readDatabasePassword(secrets: SecretStore, target: Target): Promise<string | null> {
  return keychainCall(() => secrets.getPassword(VAULT_SERVICE, databasePasswordAccount(target)), 'database');
}

export async function keepDatabasePassword(secrets: SecretStore, target: Target, password: string): Promise<void> {
  if (password === '') throw new AppError('invalid_input', 'Escriba la contraseña del usuario de la base de datos.');
  return keychainCall(() => secrets.setPassword(VAULT_SERVICE, databasePasswordAccount(target), password), 'database');
}

export function forgetDatabasePassword(secrets: SecretStore, target: Target): Promise<boolean> {
  return keychainCall(() => secrets.deletePassword(VAULT_SERVICE, databasePasswordAccount(target)), 'database');
}

/**
 * The password as `openPostgres` asks for it: read from the keychain when the server asks for one
 * (a server that trusts this computer never does), each time a connection is made, so a password
 * changed in the keychain is used at the next connection. None kept: a Spanish refusal that says so.
 */
export function keychainPassword(secrets: SecretStore, target: Target): () => Promise<string> {
  return async () => {
    const password = await readDatabasePassword(secrets, target);
    if (password === null) throw noPasswordKept(target);
    return password;
  };
}
