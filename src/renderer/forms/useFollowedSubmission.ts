// A submission followed on screen, FE or DSE: its row in the ledger, as one React Query query
// (`submissions.get`). Core's 'document.changed' makes it stale through the app-wide event map
// (rpc/invalidation.ts) and it is read again, so the screen updates by itself; "Consultar ahora"
// writes the answer of `submissions.check` into the same query. Nothing here subscribes to events.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Submission } from '#shared/rpc/methods/submissions';
import { invoke, type RpcClientError } from '../rpc/client';
import { rpcQuery, useRpcQuery } from '../rpc/hooks';

/**
 * `initial`: the submission as the submit answered it; shown at once, and read again only when core
 * says it changed (or the user asks). Without it the row is read when the screen opens.
 */
export function useFollowedSubmission(id: number | null, initial?: Submission | null) {
  return useRpcQuery(
    'submissions.get',
    { id: id ?? 0 },
    {
      enabled: id !== null,
      ...(initial && initial.id === id ? { initialData: initial, staleTime: Infinity } : {}),
    },
  );
}

/** "Consultar ahora": resolves the submission now; the followed query shows the answer. */
export function useSubmissionCheck(id: number) {
  const client = useQueryClient();
  return useMutation<Submission, RpcClientError, void>({
    mutationFn: () => invoke('submissions.check', { id }),
    onSuccess: async (submission) => {
      client.setQueryData(rpcQuery('submissions.get', { id }).queryKey, submission);
      await client.invalidateQueries({ queryKey: ['submissions.list'] });
    },
  });
}
