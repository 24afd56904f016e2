// When a register sells on its shop copy (core/offline/), and how it looks for the shop database
// meanwhile. The host (host.ts) opens and closes the cores; this file decides and waits.
import { AppError, isAppError } from '../shared/rpc/errors';

const OFFLINE_PROBE_MS = 30_000;

const OUT_OF_REACH: ReadonlySet<string> = new Set([
  'unknown_host',
  'refused',
  'timeout',
  'unreachable',
  'connection_lost',
  'server_busy',
]);

/**
 * The shop database out of reach (switched off, the network cut), or sales sold offline that it
 * refused by key: the register sells on its shop copy. Not for a password refused, a database
 * missing, a certificate that is not the pinned one, or a newer schema: those are fixed by a person,
 * and selling on a copy would hide them.
 */
export function sellsWithoutShopDatabase(error: unknown): error is AppError {
  if (!isAppError(error)) return false;
  if (error.code === 'conflict') return error.details?.reason === 'handover_conflict';
  if (error.code !== 'store_unavailable') return false;
  const reason = error.details?.reason;
  return typeof reason === 'string' && OUT_OF_REACH.has(reason);
}

export interface ShopDatabaseLook {
  /** Opens and closes a connection of its own. */
  reachable(): Promise<'answers' | 'out_of_reach' | 'refuses'>;
  /** The host is switching (a restore, a change of database): this round is skipped. */
  busy(): boolean;
  /** The database answers: the host hands over and reopens core there. */
  found(): Promise<void>;
  /** Default 30 s. */
  everyMs?: number | undefined;
}

/** Looks for the shop database every `everyMs`, one look at a time, until stopped. */
export function lookForShopDatabase(look: ShopDatabaseLook): { stop(): void } {
  let looking = false;
  const timer = setInterval(() => {
    if (looking || look.busy()) return;
    looking = true;
    void (async () => {
      try {
        if ((await look.reachable()) === 'answers') await look.found();
      } finally {
        looking = false;
      }
    })();
  }, look.everyMs ?? OFFLINE_PROBE_MS);
  return { stop: () => clearInterval(timer) };
}
