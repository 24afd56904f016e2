import { useRpcQuery } from '../rpc/hooks';
import { transportName } from '../rpc/transport';

/** The active connection, always in sight: a user must know whether an invoice goes to the DIAN. */
export function StatusBar() {
  const connections = useRpcQuery('connections.list', {});
  const info = useRpcQuery('app.info', {});

  const active = connections.data?.find((connection) => connection.active);
  return (
    <footer className="status-bar" aria-label="Estado">
      {connections.isError ? (
        <span className="status-bar__item status-bar__item--error">{connections.error.message}</span>
      ) : active ? (
        <>
          <span className={`badge ${active.kind === 'sandbox' ? 'badge--test' : 'badge--production'}`}>
            {active.kind === 'sandbox' ? 'Pruebas — no se envía a la DIAN' : 'Producción'}
          </span>
          <span className="status-bar__item" data-testid="active-connection">
            Conexión: <strong>{active.label}</strong> · empresa {active.company_id}
          </span>
          {active.keychain_unavailable ? (
            <span className="status-bar__item status-bar__item--warn">
              Llavero del sistema no disponible o bloqueado: vea Ajustes
            </span>
          ) : (
            !active.has_token && <span className="status-bar__item status-bar__item--warn">Sin token: ingréselo en Ajustes</span>
          )}
        </>
      ) : (
        <span className="status-bar__item status-bar__item--warn" data-testid="active-connection">
          Sin conexión configurada: vaya a Ajustes
        </span>
      )}
      <span className="status-bar__spacer" />
      <span className="status-bar__item muted">
        {transportName === 'electron' ? 'Escritorio' : 'Navegador local'} · v{info.data?.version ?? '…'}
      </span>
    </footer>
  );
}
