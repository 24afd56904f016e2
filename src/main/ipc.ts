// The receiving side of transport 1, free of `electron` so that tests exercise the very code the
// app runs: a sender check, then core's dispatcher (which validates every input).
import type { RpcReply } from '../shared/rpc/envelope';
import type { Dispatcher } from '../core/rpc/registry';
import { refuseOversized } from '../core/bridge/limits';

export type SenderCheck<E> = (event: E) => boolean;

export function createIpcRpcHandler<E>(dispatcher: Dispatcher, isTrustedSender: SenderCheck<E>) {
  return async (event: E, message: unknown): Promise<RpcReply> => {
    if (!isTrustedSender(event)) {
      return { id: null, ok: false, error: { code: 'internal', message: 'Origen no autorizado.' } };
    }
    // The same bounds as the web bridge: size and nesting, before core parses anything.
    const refusal = refuseOversized(message);
    if (refusal) return { id: null, ok: false, error: refusal.toShape() };
    try {
      return await dispatcher.dispatch(message);
    } catch {
      // The dispatcher answers every failure itself; should anything still escape, Electron would
      // hand its message (and with it file paths) to the page: answer the typed error instead.
      return { id: null, ok: false, error: { code: 'internal', message: 'Ocurrió un error inesperado en Factura Desk.' } };
    }
  };
}
