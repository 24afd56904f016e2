// Exposes exactly two functions to the page: `invoke` for the RPC contract and `on` for events.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { RpcBridge } from '../shared/rpc/bridge';
import type { RpcEventMessage, RpcReply } from '../shared/rpc/envelope';

let nextId = 1;

const bridge: RpcBridge = {
  invoke(method: string, input: unknown): Promise<RpcReply> {
    return ipcRenderer.invoke('rpc', { id: nextId++, method, input }) as Promise<RpcReply>;
  },
  on(listener: (message: RpcEventMessage) => void): () => void {
    const wrapped = (_event: IpcRendererEvent, message: RpcEventMessage) => listener(message);
    ipcRenderer.on('rpc:event', wrapped);
    return () => ipcRenderer.removeListener('rpc:event', wrapped);
  },
};

contextBridge.exposeInMainWorld('facturaDesk', bridge);
