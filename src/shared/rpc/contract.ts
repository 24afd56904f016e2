// The RPC contract: every method the renderer (or the CLI) can call, merged from one table per
// domain. Add a domain by writing `methods/<domain>.ts` and spreading it here.
import type { MethodTable } from './define';
import { appMethods } from './methods/app';
import { connectionMethods } from './methods/connections';

export const rpcContract = {
  ...appMethods,
  ...connectionMethods,
} satisfies MethodTable;

export type RpcContract = typeof rpcContract;
export type MethodName = keyof RpcContract;
