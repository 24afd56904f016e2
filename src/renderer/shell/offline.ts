// Whether this register sells without the caja principal, read once for the whole window: the
// banner and every screen that offers an edit of the shop's shared data read the same query
// (`offline.status`, made stale by the host's `offline.changed`), never a fetch of their own.
import { offlineRefusedReason, type OfflineRefusedMethod } from '#shared/offline/refused';
import { useRpcQuery } from '../rpc/hooks';

export function useOfflineStatus() {
  return useRpcQuery('offline.status', {});
}

/**
 * Why `method` cannot be used right now, in a sentence for beside the action that calls it (core
 * refuses it without the caja principal: shared/offline/refused.ts); null while on the shop's
 * database, or on a store of this equipment alone.
 */
export function useOfflineRefusal(method: OfflineRefusedMethod): string | null {
  const status = useOfflineStatus();
  if (!status.data?.offline) return null;
  return `${offlineRefusedReason(method)}. Esta caja está trabajando sin la caja principal.`;
}
