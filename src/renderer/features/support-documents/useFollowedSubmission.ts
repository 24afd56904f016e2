// A submission followed on screen: its row in the ledger, refreshed whenever core says the document
// changed (the poller learnt more), so the state updates by itself.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRpcEvent, useRpcQuery } from '../../rpc/hooks';

export function useFollowedSubmission(id: number) {
  const client = useQueryClient();
  const query = useRpcQuery('submissions.get', { id });
  const onChange = useCallback(
    (payload: { submission_id: number | null }) => {
      if (payload.submission_id === id) void client.invalidateQueries({ queryKey: ['submissions.get', { id }] });
    },
    [client, id],
  );
  useRpcEvent('document.changed', onChange);
  return query;
}
