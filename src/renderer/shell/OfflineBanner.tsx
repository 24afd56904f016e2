// A register selling without the caja principal says so above every screen, for as long as it
// lasts: its sales are kept here and handed over when the shop's database is back (core's
// offline.status; the host's `offline.changed` makes every query stale, this one included).
import { useRpcQuery } from '../rpc/hooks';
import { Alert } from '../ui/Alert';

export function OfflineBanner() {
  const status = useRpcQuery('offline.status', {});
  if (!status.data?.offline) return null;
  const { problem } = status.data;
  return (
    <div className="offline-banner" data-testid="offline-banner">
      <Alert tone="warn" title="Trabajando sin la caja principal">
        <p>
          Esta caja no encuentra la base de datos del negocio y sigue vendiendo con su propia copia. Las ventas, los movimientos
          de caja y la cola de contingencia se guardan aquí y se entregan a la caja principal cuando vuelva, sin repetir ninguna.
        </p>
        <p>El catálogo, los clientes y los ajustes del negocio se cambian en la caja principal mientras tanto.</p>
        {problem && <p className="offline-banner__problem">{problem}</p>}
      </Alert>
    </div>
  );
}
