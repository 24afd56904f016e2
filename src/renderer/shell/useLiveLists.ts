// Lists that change behind the user's back stay true on every screen: the pending submissions when a
// document changes state, the history when core writes an issued document to it (issue 15, item 9:
// "Ver en el historial" right after issuing shows the invoice, with no "Sincronizar").
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRpcEvent } from '../rpc/hooks';

export function useLiveLists(): void {
  const client = useQueryClient();
  const submissionsChanged = useCallback(() => void client.invalidateQueries({ queryKey: ['submissions.list'] }), [client]);
  const historyChanged = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['history.list'] });
    void client.invalidateQueries({ queryKey: ['history.following'] });
    void client.invalidateQueries({ queryKey: ['history.status'] });
  }, [client]);
  useRpcEvent('document.changed', submissionsChanged);
  useRpcEvent('history.changed', historyChanged);
}
