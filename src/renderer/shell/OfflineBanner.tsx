// A register selling without the caja principal says so above every screen, for as long as it
// lasts: since when, that its sales are kept here and handed over when the shop's database is back,
// and what the person at the counter can do (core's offline.status; the host's `offline.changed`
// makes every query stale, this one included). A handover stopped by a conflict is not tried again
// until the next start (main/host.ts), so then the banner says that instead of «cuando vuelva».
// It stays short: in the flow above the counter, every line it takes pushes the product search
// towards the totals bar at 1366×768.
import { colombiaToday, formatDateTime, formatTime } from '#shared/dates';
import { useOfflineStatus } from './offline';
import { Alert } from '../ui/Alert';

/** «desde las 01:45 p. m.» today, «desde el 06/12/2026, 01:45 p. m.» before. */
function sinceWords(since: string, now: Date): string {
  return colombiaToday(new Date(since)) === colombiaToday(now)
    ? ` desde las ${formatTime(since)}`
    : ` desde el ${formatDateTime(since)}`;
}

export function OfflineBanner() {
  const status = useOfflineStatus();
  if (!status.data?.offline) return null;
  const { problem, since } = status.data;
  const title = `Trabajando sin la caja principal${since ? sinceWords(since, new Date()) : ''}`;
  return (
    <div className="offline-banner" data-testid="offline-banner">
      <Alert tone="warn" title={title}>
        {problem ? (
          <>
            <p className="offline-banner__problem">{problem}</p>
            <p>
              Esta caja sigue vendiendo con su propia copia y guarda aquí lo que venda. No vuelve a intentar la entrega hasta que
              Factura Desk se abra de nuevo, después de que soporte lo revise. El catálogo, los clientes y los ajustes del negocio
              se cambian en la caja principal.
            </p>
          </>
        ) : (
          <>
            <p>
              Esta caja no encuentra la base de datos del negocio y sigue vendiendo con su propia copia: las ventas, los
              movimientos de caja y la cola de contingencia se guardan aquí y se entregan a la caja principal cuando vuelva, sin
              repetir ninguna.
            </p>
            <p>
              Revise que la caja principal esté encendida y conectada a la red: esta caja la sigue buscando y vuelve a ella sola.
              Mientras tanto, el catálogo, los clientes y los ajustes del negocio se cambian allí.
            </p>
          </>
        )}
      </Alert>
    </div>
  );
}
