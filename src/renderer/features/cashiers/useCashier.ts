import type { MethodName } from '#shared/rpc/contract';
import { useRpcQuery } from '#renderer/rpc/hooks';

/** What a change of cashier makes stale: who is signed in, and the shifts they see. */
export const CASHIER_QUERIES: MethodName[] = ['cashiers.state', 'shifts.current', 'shifts.ofDay', 'shifts.recentClosed'];

/**
 * Who is at the keyboard. `mayAdminister` is what the window shows or hides; core checks the same
 * rule on every guarded action. Before the first administrator exists the app works as before
 * cashiers, so everything is shown.
 */
export function useCashier() {
  const state = useRpcQuery('cashiers.state', {});
  const data = state.data;
  const mayAdminister = data !== undefined && (!data.has_admin || data.current?.role === 'administrador');
  return { state, data, mayAdminister };
}
