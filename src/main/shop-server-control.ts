// Ajustes › Cajas, answered by the served host (host.ts): this register becomes the caja principal
// (its server made and started, its own store moved into it with the proven move, and the register
// switched to it over 127.0.0.1 with the certificate pinned), or joins another register's. Both
// switch the database the way Ajustes › Base de datos del negocio does (database-control.ts).
import { join } from 'node:path';
import { DATABASE_FILE } from '#core/core';
import type { ShopServerControl, ShopServerFacts } from '#core/rpc/handlers/shop-server';
import { ensureRegisterId } from '#core/registers/register-identity';
import { joinShop } from '#core/shop-server/join';
import type { ShopServer } from '#core/shop-server/server';
import { saveDatabaseChoice, type DatabaseChoice, type PostgresAddress } from '#core/store/database-choice';
import { moveToPostgres } from '#core/store/move/move-to-postgres';
import { readDatabasePassword } from '#core/vault/database-password';
import { AppError } from '#shared/rpc/errors';
import { checkDatabase, type DatabaseHost } from './database-control';

export function hostShopServerControl(host: DatabaseHost, server: ShopServer): ShopServerControl {
  /** The choice is this register's own server: the same loopback address, the cluster made. */
  const onOwnServer = (choice: DatabaseChoice | null = host.choice()): boolean =>
    server.config() !== null && choice?.engine === 'postgres' && choice.address.url === server.localAddress().url;
  const joinedTo = (choice: DatabaseChoice | null): string | null =>
    choice?.engine === 'postgres' && choice.pinned !== undefined && !onOwnServer(choice)
      ? `${choice.address.host.includes(':') ? `[${choice.address.host}]` : choice.address.host}:${choice.address.port}`
      : null;
  const refuseNamedAtStart = (): void => {
    const by = host.chosenBy();
    if (by === 'argument' || by === 'environment')
      throw new AppError(
        'conflict',
        `Factura Desk se abrió con la base de datos fijada (${by === 'argument' ? '--database' : 'la variable FACTURA_DESK_DATABASE'}). Ábralo sin ella para cambiar de caja; no se modificó nada.`,
        { reason: 'chosen_at_start', chosenBy: by },
      );
  };
  const password = async (address: PostgresAddress): Promise<string> => {
    const kept = await readDatabasePassword(host.secrets, address);
    if (kept === null)
      throw new AppError(
        'store_unavailable',
        'El llavero del sistema no tiene la contraseña de la caja principal. No se modificó nada.',
        {
          reason: 'no_password',
        },
      );
    return kept;
  };

  return {
    async status(): Promise<ShopServerFacts> {
      const choice = host.choice();
      if (onOwnServer(choice)) {
        const { running, port, addresses } = server.status();
        return { role: 'main', running, port, addresses, joinedTo: null };
      }
      const to = joinedTo(choice);
      return { role: to === null ? 'none' : 'joined', running: false, port: null, addresses: [], joinedTo: to };
    },
    async joinCode() {
      return onOwnServer() ? server.joinCode() : null;
    },
    async becomeMain() {
      if (onOwnServer()) {
        // Already the caja principal: a second run only makes sure the server runs.
        await server.start();
        return { tables: 0, rows: 0 };
      }
      refuseNamedAtStart();
      const choice = host.choice();
      if (choice?.engine !== 'sqlite' || host.schemaVersion() === null)
        throw new AppError(
          'conflict',
          choice?.engine === 'postgres'
            ? `Esta caja trabaja con otra base de datos del negocio (${choice.address.url}). Para hacerla la caja principal, vuelva antes a los datos de este equipo en Ajustes › Base de datos del negocio. No se modificó nada.`
            : 'Los datos de este equipo no se pudieron abrir: no se pueden pasar a la caja principal. No se modificó nada.',
          { reason: 'not_on_local_data' },
        );
      await server.initialise();
      await server.start();
      const address = server.localAddress();
      const pinned = server.certificate();
      const kept = await password(address);
      const found = await checkDatabase(address, kept, pinned);
      if (found.contents !== 'empty')
        throw new AppError(
          'conflict',
          `La base de datos de la caja principal de este equipo ya tiene datos (${found.documents ?? 0} documentos) de un intento anterior. Esta caja siguió con los datos de este equipo; no se modificó nada.`,
          { reason: 'not_empty' },
        );
      let moved = { tables: 0, rows: 0 };
      await host.switchTo(
        { engine: 'postgres', address, from: 'saved', pinned },
        {
          // The running core is closed: the file is quiet while it is copied (and only read).
          during: async () => {
            const report = await moveToPostgres({
              sqliteFile: join(host.home, DATABASE_FILE),
              url: address.url,
              password: kept,
              pinned,
            });
            moved = { tables: report.tables.length, rows: report.tables.reduce((sum, table) => sum + table.rows, 0) };
          },
          opened: () => saveDatabaseChoice(host.home, address, pinned),
        },
      );
      return moved;
    },
    async start() {
      await server.start();
      // The caja principal's own register could not open its store while the server was down: now it can.
      const choice = host.choice();
      if (host.schemaVersion() === null && choice && onOwnServer(choice)) await host.switchTo(choice);
    },
    async stop() {
      if (!onOwnServer())
        throw new AppError('conflict', 'Esta caja no es la caja principal: no tiene servidor que detener.', {
          reason: 'not_main_register',
        });
      await server.stop();
    },
    async join(input) {
      if (onOwnServer())
        throw new AppError(
          'conflict',
          'Esta caja es la caja principal: las demás se unen a ella, no al revés. No se modificó nada.',
          { reason: 'is_main_register' },
        );
      refuseNamedAtStart();
      const joined = await joinShop(input, {
        secrets: host.secrets,
        registerId: ensureRegisterId(host.home),
        checkDatabase: (address, typed, pinned) => checkDatabase(address, typed, pinned),
      });
      await host.switchTo(
        { engine: 'postgres', address: joined.address, from: 'saved', pinned: joined.pinned },
        { opened: () => saveDatabaseChoice(host.home, joined.address, joined.pinned) },
      );
    },
  };
}
