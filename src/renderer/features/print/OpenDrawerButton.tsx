import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { useCashier } from '#renderer/features/cashiers/useCashier';

/** «Abrir cajón»: the drawer pulse through the receipt printer, on demand (change, a count); an administrator's (core checks it too). */
export function OpenDrawerButton() {
  const open = useRpcMutation('print.openDrawer');
  const { mayAdminister } = useCashier();
  if (!mayAdminister) return null;
  return (
    <>
      <button type="button" className="button button--secondary" disabled={open.isPending} onClick={() => open.mutate({})}>
        Abrir cajón
      </button>
      {open.isSuccess && <span role="status">Cajón abierto.</span>}
      {open.isError && <Alert tone="error">{open.error.message}</Alert>}
    </>
  );
}
