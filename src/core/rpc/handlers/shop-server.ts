import type { BecameMain, shopServerMethods, JoinInput, ShopServerStatus } from '#shared/rpc/methods/shop-server';
import { AppError } from '#shared/rpc/errors';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

/** The status without the join code: the handler adds it for an administrator only. */
export type ShopServerFacts = Omit<ShopServerStatus, 'joinCode'>;

/**
 * What the host that opened core can do about the caja principal (src/main/shop-server-control.ts):
 * run the shop's server here, or join another register's. Becoming it and joining switch this
 * register's database (the running core closes and the next one opens), so only a host can.
 */
export interface ShopServerControl {
  status(): Promise<ShopServerFacts>;
  /** The join code (join-code.ts); null unless this register is the caja principal. */
  joinCode(): Promise<string | null>;
  becomeMain(): Promise<Omit<BecameMain, 'status'>>;
  start(): Promise<void>;
  stop(): Promise<void>;
  join(input: JoinInput): Promise<void>;
}

export function shopServerHandlers(parts: CoreParts): Handlers<typeof shopServerMethods> {
  const control = (): ShopServerControl => {
    if (parts.shopServer) return parts.shopServer;
    throw new AppError(
      'conflict',
      'Esta forma de abrir Factura Desk no puede ser ni unirse a una caja principal: use la aplicación (Ajustes › Cajas). No se modificó nada.',
    );
  };
  // The guarded methods' caller is an administrator (roles.ts); asked before the call, since
  // becoming the caja principal or joining closes this core (and its cashiers) for the next one.
  const status = async (admin: boolean): Promise<ShopServerStatus> => {
    // A host that cannot switch (the command line, a test's bare host) runs alone: its changes refuse in words.
    if (!parts.shopServer) return { role: 'none', running: false, port: null, addresses: [], joinCode: null, joinedTo: null };
    const facts = await control().status();
    return { ...facts, joinCode: facts.role === 'main' && admin ? await control().joinCode() : null };
  };
  return {
    'shopServer.status': async () => status(await isAdmin(parts)),
    'shopServer.becomeMain': async () => ({ ...(await control().becomeMain()), status: await status(true) }),
    'shopServer.start': async () => {
      await control().start();
      return status(true);
    },
    'shopServer.stop': async () => {
      await control().stop();
      return status(true);
    },
    'shopServer.join': async (input) => {
      await control().join(input);
      return status(true);
    },
  };
}

/**
 * The join code carries the database's password: shown to an administrator only (or while no
 * administrator exists yet, as every guarded method). Read after a switch too, on the core that
 * answers: the cashiers are the shop database's.
 */
async function isAdmin(parts: CoreParts): Promise<boolean> {
  try {
    await parts.cashiers.requireAdmin('Ver el código para unirse');
    return true;
  } catch {
    return false;
  }
}
