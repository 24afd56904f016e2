// The receiving side of transport 1, free of `electron` so that tests exercise the very code the
// app runs: a sender check, then core's dispatcher (which validates every input).
import type { RpcReply } from '../shared/rpc/envelope';
import type { Dispatcher } from '../core/rpc/registry';

export type SenderCheck<E> = (event: E) => boolean;

export function createIpcRpcHandler<E>(dispatcher: Dispatcher, isTrustedSender: SenderCheck<E>) {
  return async (event: E, message: unknown): Promise<RpcReply> => {
    if (!isTrustedSender(event)) {
      return { id: null, ok: false, error: { code: 'internal', message: 'Origen no autorizado.' } };
    }
    return dispatcher.dispatch(message);
  };
}
