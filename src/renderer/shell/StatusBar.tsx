import { useEffect } from 'react';
import { rememberKeyRegister } from '../rpc/key-register';
import { useRpcQuery } from '../rpc/hooks';
import { transportName } from '../rpc/transport';

/**
 * The active connection, always in sight: a user must know whether an invoice goes to the DIAN. And
 * this register's name: in a shop of several registers, which one this is.
 */
export function StatusBar() {
  const connections = useRpcQuery('connections.list', {});
  const info = useRpcQuery('app.info', {});
  const cashiers = useRpcQuery('cashiers.state', {});
  // Keeps the register the window's keys name current (read first with the shell's data).
  const registers = useRpcQuery('registers.list', {});
  useEffect(() => rememberKeyRegister(registers.data), [registers.data]);

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
      {cashiers.data && (
        <span className="status-bar__item" data-testid="register-name">
          Caja: <strong>{cashiers.data.register_name}</strong>
        </span>
      )}
      <span className="status-bar__item muted">
        {transportName === 'electron' ? 'Escritorio' : 'Navegador local'} · v{info.data?.version ?? '…'}
      </span>
    </footer>
  );
}
