// The renderer's two ways to reach core: Electron's preload bridge, or the loopback web bridge
// (same-origin fetch for calls and for the event stream, with the per-run secret in a header; the
// secret comes in the URL fragment once and is kept in this tab's sessionStorage, never a cookie:
// shared/rpc/web-session.ts).
import type { RpcBridge } from '#shared/rpc/bridge';
import type { RpcEventMessage, RpcReply } from '#shared/rpc/envelope';
import { splitSecretFragment, WEB_SECRET_STORAGE_KEY } from '#shared/rpc/web-session';

declare global {
  interface Window {
    facturaDesk?: RpcBridge;
  }
}

const SECRET_HEADER = 'X-Factura-Desk-Secret';
const RECONNECT_MS = 2_000;

/**
 * Takes the secret out of the address bar (so that it is not bookmarked, shared or shown) and keeps
 * it for this tab; a reload finds it in sessionStorage. Runs before the router reads the hash.
 */
function sessionSecret(): string | null {
  const { secret, rest } = splitSecretFragment(window.location.hash);
  if (secret) {
    try {
      window.sessionStorage.setItem(WEB_SECRET_STORAGE_KEY, secret);
    } catch {
      // storage refused (private mode settings): the secret still serves this page
    }
    window.history.replaceState(null, '', `${window.location.pathname}${rest || '#/'}`);
    return secret;
  }
  try {
    return window.sessionStorage.getItem(WEB_SECRET_STORAGE_KEY);
  } catch {
    return null;
  }
}

let nextId = 1;

function webBridge(): RpcBridge {
  let secret = sessionSecret();
  // The printed URL opened again in this tab changes only the fragment (no reload): take it out before
  // the router reads it (this listener is registered before any screen's).
  window.addEventListener('hashchange', () => {
    if (splitSecretFragment(window.location.hash).secret) secret = sessionSecret();
  });
  const listeners = new Set<(message: RpcEventMessage) => void>();
  let stream: AbortController | null = null;

  /** Server-sent events read over fetch (EventSource cannot send the secret's header); reconnects while listened to. */
  async function follow(controller: AbortController): Promise<void> {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch('/events', {
          headers: { [SECRET_HEADER]: secret ?? '' },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice('data: '.length))
              .join('\n');
            if (data) {
              const parsed = JSON.parse(data) as RpcEventMessage;
              for (const each of listeners) each(parsed);
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // dropped or refused: try again shortly unless nobody listens any more
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  }

  return {
    async invoke(method, input) {
      const id = nextId++;
      if (!secret) return withoutSession(id);
      let response: Response;
      try {
        response = await fetch('/rpc', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
          credentials: 'omit',
          body: JSON.stringify({ id, method, input }),
        });
      } catch {
        return offline(id);
      }
      if (response.status === 403) return withoutSession(id);
      if (!response.ok) return offline(id);
      return (await response.json()) as RpcReply;
    },
    on(listener) {
      listeners.add(listener);
      if (!stream && secret) {
        stream = new AbortController();
        void follow(stream);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stream) {
          stream.abort();
          stream = null;
        }
      };
    },
  };
}

function withoutSession(id: number): RpcReply {
  return {
    id,
    ok: false,
    error: {
      code: 'internal',
      message:
        'Esta pestaña no tiene la clave de la sesión. Abra Factura Desk con la dirección completa que mostró al iniciarse (npm start).',
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
