import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';

/** «Abrir cajón»: the drawer pulse through the receipt printer, on demand (change, a count). */
export function OpenDrawerButton() {
  const open = useRpcMutation('print.openDrawer');
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
