// A core opened on the shop copy, selling without the caja principal. It sells (FE and DSE through
// the API with the same ledger, the contingency queue when the internet is down too, its shift's
// cash) and refuses what would change the shop's shared data: that data has one writer, the shop's
// database, and an edit made here could only be lost or merged when it is back. Refused in Spanish,
// before anything runs; the list and its reasons are shared with the screens (shared/offline/refused.ts).
import type { Dispatcher } from '../rpc/registry';
import type { Store } from '../store/store';
import { RpcRequest } from '#shared/rpc/envelope';
import { offlineRefusedReason } from '#shared/offline/refused';
import type { OfflineStatus } from '#shared/rpc/methods/offline';
import type { ShopCopyKeeper } from './keeper';
import { readShopCopyState } from './shop-copy';

export function offlineRefusal(method: string): string | null {
  const why = offlineRefusedReason(method);
  return why === null
    ? null
    : `${why}. Esta caja está trabajando sin la caja principal: puede vender, y las ventas se entregan a la caja principal cuando vuelva.`;
}

/** Answers every method as `dispatcher` does, except the shared data's edits, refused in Spanish. */
export function refusingSharedEdits(dispatcher: Dispatcher): Dispatcher {
  return {
    async dispatch(message) {
      const parsed = RpcRequest.safeParse(message);
      const refusal = parsed.success ? offlineRefusal(parsed.data.method) : null;
      if (parsed.success && refusal !== null)
        return { id: parsed.data.id, ok: false, error: { code: 'conflict', message: refusal, details: { reason: 'offline' } } };
      return dispatcher.dispatch(message);
    },
  };
}

/** What changes the copied open shift of this register; no event says it (shifts are the register's own). */
const SHIFT_CHANGES: ReadonlySet<string> = new Set(['shifts.open', 'shifts.close']);

/**
 * On the shop's database: a shift opened or closed here is in the next copy at once, so that a
 * register cut off a moment later sells in the shift the shop's database holds open (a second open
 * shift of the register would stop the handover at the database's one-open-shift index).
 */
export function keepingShopCopy(dispatcher: Dispatcher, keeper: ShopCopyKeeper | null): Dispatcher {
  if (!keeper) return dispatcher;
  return {
    async dispatch(message) {
      const reply = await dispatcher.dispatch(message);
      const parsed = RpcRequest.safeParse(message);
      if (reply.ok && parsed.success && SHIFT_CHANGES.has(parsed.data.method)) keeper.changed();
      return reply;
    },
  };
}

/** What `offline.status` answers: on the shop's database, nothing to say; on the copy, since when and any problem. */
export function offlineMode(info: { address: string; problem: string | null } | null, store: Store | null): OfflineStatus {
  if (!info || !store) return { offline: false, address: null, since: null, problem: null };
  return {
    offline: true,
    address: info.address,
    since: readShopCopyState(store.db)?.offlineSince ?? null,
    problem: info.problem,
  };
}
