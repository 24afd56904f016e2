// React Query over the RPC client. Query keys start with the method name, so invalidating a method
// refreshes every screen that shows it.
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { InputOf, OutputOf } from '#shared/rpc/define';
import type { MethodName, RpcContract } from '#shared/rpc/contract';
import type { EventName, EventPayload } from '#shared/rpc/events';
import { invoke, onEvent, type RpcClientError } from './client';

/** The query of one RPC call: its key (method first, then input) and its function. */
export function rpcQuery<K extends MethodName>(method: K, input: InputOf<RpcContract, K>) {
  return { queryKey: [method, input], queryFn: () => invoke(method, input) };
}

export function useRpcQuery<K extends MethodName>(
  method: K,
  input: InputOf<RpcContract, K>,
  options: Omit<UseQueryOptions<OutputOf<RpcContract, K>, RpcClientError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<OutputOf<RpcContract, K>, RpcClientError>({ ...rpcQuery(method, input), ...options });
}

export function useRpcMutation<K extends MethodName>(method: K, invalidates: MethodName[] = []) {
  const client = useQueryClient();
  return useMutation<OutputOf<RpcContract, K>, RpcClientError, InputOf<RpcContract, K>>({
    mutationFn: (input) => invoke(method, input),
    onSuccess: async () => {
      await Promise.all(invalidates.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}

export function useRpcEvent<K extends EventName>(event: K, listener: (payload: EventPayload<K>) => void): void {
  useEffect(() => onEvent(event, listener), [event, listener]);
}
