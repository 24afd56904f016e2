// The renderer's two ways to reach core: Electron's preload bridge, or the loopback web bridge
// (same-origin fetch + server-sent events, authenticated by the HTTP-only cookie it was given).
import type { RpcBridge } from '../../shared/rpc/bridge';
import type { RpcEventMessage, RpcReply } from '../../shared/rpc/envelope';

declare global {
  interface Window {
    facturaDesk?: RpcBridge;
  }
}

let nextId = 1;

function webBridge(): RpcBridge {
  const listeners = new Set<(message: RpcEventMessage) => void>();
  let source: EventSource | null = null;
  return {
    async invoke(method, input) {
      const id = nextId++;
      let response: Response;
      try {
        response = await fetch('/rpc', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ id, method, input }),
        });
      } catch {
        return offline(id);
      }
      if (!response.ok) return offline(id);
      return (await response.json()) as RpcReply;
    },
    on(listener) {
      listeners.add(listener);
      if (!source) {
        source = new EventSource('/events', { withCredentials: true });
        source.onmessage = (message: MessageEvent<string>) => {
          const parsed = JSON.parse(message.data) as RpcEventMessage;
          for (const each of listeners) each(parsed);
        };
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}

function offline(id: number): RpcReply {
  return {
    id,
    ok: false,
    error: { code: 'internal', message: 'Se perdió la comunicación con Factura Desk. Vuelva a abrir la aplicación.' },
  };
}

export const bridge: RpcBridge = window.facturaDesk ?? webBridge();
export const transportName: 'electron' | 'web' = window.facturaDesk ? 'electron' : 'web';
