// The RPC contract: every method the renderer (or the CLI) can call, merged from one table per
// domain. Add a domain by writing `methods/<domain>.ts` and spreading it here.
import type { MethodTable } from './define';
import { appMethods } from './methods/app';
import { cashierMethods } from './methods/cashiers';
import { catalogMethods } from './methods/catalog';
import { connectionMethods } from './methods/connections';
import { customerMethods } from './methods/customers';
import { databaseMethods } from './methods/database';
import { dayCloseMethods } from './methods/day-close';
import { draftMethods } from './methods/drafts';
import { dseCatalogMethods } from './methods/dse-catalog';
import { dseCorrectionMethods } from './methods/dse-corrections';
import { dseMethods } from './methods/dse';
import { feMethods } from './methods/fe';
import { historyMethods } from './methods/history';
import { offlineMethods } from './methods/offline';
import { outboxMethods } from './methods/outbox';
import { printMethods } from './methods/print';
import { registerMethods } from './methods/registers';
import { reportMethods } from './methods/reports';
import { sandboxMethods } from './methods/sandbox';
import { shiftMethods } from './methods/shifts';
import { shopServerMethods } from './methods/shop-server';
import { submissionMethods } from './methods/submissions';

export const rpcContract = {
  ...appMethods,
  ...connectionMethods,
  ...submissionMethods,
  ...dseMethods,
  ...feMethods,
  ...historyMethods,
  ...draftMethods,
  ...dseCatalogMethods,
  ...catalogMethods,
  ...dseCorrectionMethods,
  ...reportMethods,
  ...customerMethods,
  ...dayCloseMethods,
  ...outboxMethods,
  ...sandboxMethods,
  ...printMethods,
  ...cashierMethods,
  ...shiftMethods,
  ...registerMethods,
  ...databaseMethods,
  ...shopServerMethods,
  ...offlineMethods,
} satisfies MethodTable;

export type RpcContract = typeof rpcContract;
export type MethodName = keyof RpcContract;
