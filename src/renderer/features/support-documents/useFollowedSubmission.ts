// A submission followed on screen: its row in the ledger. When core says the document changed (the
// poller learnt more), the app-wide event map (rpc/invalidation.ts) makes it stale and it is read
// again, so the state updates by itself.
import { useRpcQuery } from '../../rpc/hooks';

export function useFollowedSubmission(id: number) {
  return useRpcQuery('submissions.get', { id });
}
