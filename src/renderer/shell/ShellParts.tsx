// The shell's parts that only some states show: the notice of a shop database out of reach, and the
// cashier switch of a shop with cashiers. Their code (their forms and the zod schemas of those forms'
// RPC inputs) is not part of the initial code, which the first screen waits for: it is loaded before
// the first render when start's answers say the part shows (loadShellParts, from main.tsx), so the
// first render draws it at once, or when the state appears later (its own Suspense, drawing nothing
// meanwhile).
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { RpcClientError } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import { useCashier } from '../features/cashiers/useCashier';
import { databaseFailure } from '../features/settings/database/failure';
import { lazyPart } from '../lazy';

const databaseNotice = lazyPart('DatabaseUnavailable', () =>
  import('../features/settings/database/DatabaseUnavailable').then((module) => ({ default: module.DatabaseUnavailable })),
);

const cashierSwitch = lazyPart('CashierSwitch', () =>
  import('../features/cashiers/CashierSwitch').then((module) => ({ default: module.CashierSwitch })),
);

/** The notice with the ways out when core cannot open the shop's database; nothing otherwise. */
export function DatabaseUnavailableNotice() {
  const info = useRpcQuery('app.info', {});
  if (!databaseFailure(info.error)) return null;
  return (
    <Suspense fallback={null}>
      <databaseNotice.Component />
    </Suspense>
  );
}

/** Who is at the keyboard and the switch by PIN, in a shop with cashiers; nothing otherwise. */
export function CashierSwitchPart() {
  const { data } = useCashier();
  if (!data?.has_admin) return null;
  return (
    <Suspense fallback={null}>
      <cashierSwitch.Component />
    </Suspense>
  );
}

/**
 * Loads the code of the parts that start's answers (already in `client`'s cache) say the shell
 * shows; settles once it has arrived (never rejects: a part that failed to load shows its error
 * when rendered).
 */
export function loadShellParts(client: QueryClient): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (databaseFailure(client.getQueryState<unknown, RpcClientError>(['app.info', {}])?.error)) loads.push(databaseNotice.load());
  if (client.getQueryData<CashierState>(['cashiers.state', {}])?.has_admin) loads.push(cashierSwitch.load());
  return Promise.all(loads.map((load) => load.catch(() => undefined))).then(() => undefined);
}
