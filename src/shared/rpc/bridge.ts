import type { RpcEventMessage, RpcReply } from './envelope';

/** What the Electron preload exposes as `window.facturaDesk`; the web transport offers the same. */
export interface RpcBridge {
  invoke(method: string, input: unknown): Promise<RpcReply>;
  on(listener: (message: RpcEventMessage) => void): () => void;
}
