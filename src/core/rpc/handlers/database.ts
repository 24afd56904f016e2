import type { databaseMethods, DatabaseCheck, DatabaseStatus, MoveResult } from '#shared/rpc/methods/database';
import { AppError } from '#shared/rpc/errors';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

/** How the database in use was named (database-choice.ts), as Ajustes shows it. */
export type ChosenBy = DatabaseStatus['chosenBy'];

/**
 * What the host that opened core can do about its database (src/main/host.ts): check an address,
 * switch to it, move this folder's data there, go back to the folder's own file. Switching closes
 * this core and opens the next one, so only a host can; the command line names its database with
 * `--database` and moves with `move-to-postgres`.
 */
export interface DatabaseControl {
  chosenBy: ChosenBy;
  passwordKept(): Promise<boolean>;
  check(input: { address: string; password?: string | undefined }): Promise<DatabaseCheck>;
  use(input: { address: string; password?: string | undefined; start: 'existing' | 'empty' }): Promise<DatabaseStatus>;
  move(input: { address: string; password?: string | undefined }): Promise<MoveResult>;
  useLocal(): Promise<DatabaseStatus>;
}

export function databaseHandlers(parts: CoreParts): Handlers<typeof databaseMethods> {
  const control = (): DatabaseControl => {
    if (parts.database) return parts.database;
    throw new AppError(
      'conflict',
      'Esta forma de abrir Factura Desk no puede cambiar de base de datos. En la aplicación: Ajustes › Base de datos del negocio. En la línea de comandos: --database postgres://… o «move-to-postgres». No se modificó nada.',
    );
  };
  return {
    'database.status': async () => ({
      engine: parts.engine.kind,
      address: parts.databaseAddress,
      chosenBy: parts.database?.chosenBy ?? (parts.engine.kind === 'sqlite' ? 'default' : 'argument'),
      passwordKept: parts.database ? await parts.database.passwordKept() : false,
      schemaVersion: parts.schemaVersion,
      dataFolder: parts.home,
    }),
    'database.check': (input) => control().check(input),
    'database.use': ({ address, password, start }) => control().use({ address, password, start }),
    'database.move': ({ address, password }) => control().move({ address, password }),
    'database.useLocal': () => control().useLocal(),
  };
}
