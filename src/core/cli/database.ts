// The command line on the shop's PostgreSQL: the database named by `--database`, FACTURA_DESK_DATABASE
// or the choice saved in the data folder (store/database-choice.ts), its password from the OS
// keychain as the app reads it. A script may give the password in FACTURA_DESK_DATABASE_PASSWORD
// instead: it serves that process only and is never written to the keychain (a command that only
// reads the ledger must not change what the app will use at its next start; Ajustes keeps it).
import { AppError, type RpcErrorShape } from '#shared/rpc/errors';
import type { DatabaseChoice, PostgresAddress } from '../store/database-choice';
import { databasePasswordAccount } from '../vault/database-password';
import { VAULT_SERVICE, type SecretStore } from '../vault/vault';
import { PASSWORD_VARIABLE } from './move-to-postgres';

/**
 * The keychain, with the shop database's password read from the variable when it is set: every other
 * entry (the API token) is the keychain's, and nothing is written on the variable's account.
 */
export function cliSecrets(keychain: SecretStore, choice: DatabaseChoice, env: NodeJS.ProcessEnv): SecretStore {
  const password = env[PASSWORD_VARIABLE];
  if (choice.engine !== 'postgres' || password === undefined || password === '') return keychain;
  const account = databasePasswordAccount(choice.address);
  return {
    getPassword: (service, name) =>
      service === VAULT_SERVICE && name === account ? Promise.resolve(password) : keychain.getPassword(service, name),
    setPassword: (service, name, value) => keychain.setPassword(service, name, value),
    deletePassword: (service, name) => keychain.deletePassword(service, name),
  };
}

/** `backups` and `restore` are the data folder's SQLite file's: on the shop's PostgreSQL they change nothing. */
export function refuseBackupsOnShopDatabase(address: PostgresAddress): never {
  throw new AppError(
    'conflict',
    `Los datos están en la base de datos del negocio (${address.url}): sus copias de seguridad las hace ese servidor (pg_dump o el respaldo automático de su proveedor), y se restauran allí, no con Factura Desk. No se modificó nada.`,
    { reason: 'shop_database' },
  );
}

/** A refused or missing password: the command line's own way to give one, besides Ajustes. */
export function withPasswordHint(shape: RpcErrorShape): RpcErrorShape {
  const reason = shape.details?.reason;
  if (shape.code !== 'store_unavailable' || (reason !== 'no_password' && reason !== 'password_refused')) return shape;
  return {
    ...shape,
    message: `${shape.message} Desde la línea de comandos también puede darla en ${PASSWORD_VARIABLE} (solo para esa orden; no se guarda).`,
  };
}
