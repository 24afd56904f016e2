export * from './define';
export * from './errors';
export * from './envelope';
export * from './events';
export * from './contract';
export type { RpcBridge } from './bridge';
export { Connection, ConnectionDraft, ConnectionKind } from './methods/connections';
