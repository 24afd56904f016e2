import { CompanyListsFacts } from './CompanyListsFacts';
import { useState } from 'react';
import type { ConnectionCheck } from '#shared/rpc/methods/connections';
import type { Connection } from '#shared/rpc/methods/connections';
import { invoke, RpcClientError } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { CheckResult } from './CheckResult';
import { TokenForm } from './TokenForm';
import { TrustedCaSection } from './TrustedCaSection';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

/** One connection: what it is, whether a token is stored (never the token), and what can be done with it. */
export function ConnectionCard({ connection, onChanged }: { connection: Connection; onChanged: () => void }) {
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editingToken, setEditingToken] = useState(false);
  const keychain = useRpcQuery('connections.keychain', {});
  // Without the caja principal: testing and this register's token still work; choosing, removing
  // and the trusted authority are the shop's and wait for it.
  const offline = useOfflineRefusal('connections.activate');
  // A real provider's token lives only in the OS keychain: without one, say what is missing and how to get it.
  const keychainMissing = !connection.embedded && (connection.keychain_unavailable || keychain.data?.available === false);

  async function run(action: string, work: () => Promise<unknown>): Promise<void> {
    setBusy(action);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof RpcClientError ? caught.message : 'La operación no se pudo completar.');
    } finally {
      setBusy(null);
      onChanged();
    }
  }

  const test = () => run('test', async () => setCheck(await invoke('connections.test', { id: connection.id })));
  const activate = () => run('activate', () => invoke('connections.activate', { id: connection.id }));
  const forget = () => {
    if (!window.confirm(`¿Olvidar el token de «${connection.label}»? Tendrá que escribirlo de nuevo para usar esta conexión.`))
      return;
    void run('forget', async () => {
      await invoke('connections.forgetToken', { id: connection.id });
      setCheck(null);
    });
  };
  const remove = () => {
    if (!window.confirm(`¿Eliminar la conexión «${connection.label}» y su token? El historial local y los envíos se conservan.`))
      return;
    void run('remove', () => invoke('connections.remove', { id: connection.id }));
  };

  return (
    <article
      className="panel connection-card"
      aria-label={`Conexión ${connection.label}`}
      data-testid={`connection-${connection.id}`}
    >
      <header className="connection-card__header">
        <h3>{connection.label}</h3>
        <span className={`badge ${connection.kind === 'sandbox' ? 'badge--test' : 'badge--production'}`}>
          {connection.kind === 'sandbox' ? 'Pruebas — no se envía a la DIAN' : 'Producción'}
        </span>
        {connection.active && <span className="badge badge--ok">En uso</span>}
      </header>
      <dl className="connection-card__facts">
        <dt>Dirección</dt>
        <dd>{connection.embedded ? 'Entorno de pruebas integrado en este equipo' : connection.base_url}</dd>
        <dt>Empresa</dt>
        <dd>{connection.company_id}</dd>
        <dt>Token</dt>
        <dd>
          {connection.embedded
            ? connection.has_token
              ? 'Incluido en el entorno de pruebas (no usa el llavero del sistema)'
              : 'Disponible solo mientras Factura Desk está abierto'
            : connection.keychain_unavailable
              ? 'Llavero del sistema no disponible o bloqueado'
              : connection.has_token
                ? 'Guardado en el llavero del sistema'
                : 'Sin token'}
        </dd>
      </dl>
      {connection.active && connection.has_token && <CompanyListsFacts />}
      {!connection.embedded && <TrustedCaSection connection={connection} onChanged={onChanged} />}
      {keychainMissing && (
        <Alert tone="warn" title="Falta el llavero del sistema para guardar el token de esta conexión">
          {keychain.data?.message ??
            'El llavero del sistema no está disponible o está bloqueado. Desbloquéelo o inicie sesión en el escritorio y vuelva a intentarlo.'}
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {check && <CheckResult check={check} />}
      <OfflineNote note={offline} />
      {editingToken ? (
        <TokenForm
          connectionId={connection.id}
          onSaved={() => {
            setEditingToken(false);
            setCheck(null);
            onChanged();
          }}
          onCancel={() => setEditingToken(false)}
        />
      ) : (
        <div className="actions">
          {!connection.active && (
            <button className="button" type="button" onClick={() => void activate()} disabled={busy !== null || offline !== null}>
              Usar esta conexión
            </button>
          )}
          <button
            className="button button--secondary"
            type="button"
            onClick={() => void test()}
            disabled={busy !== null || !connection.has_token}
          >
            {busy === 'test' ? 'Probando…' : 'Probar conexión'}
          </button>
          {!connection.embedded && (
            <button
              className="button button--secondary"
              type="button"
              onClick={() => setEditingToken(true)}
              disabled={busy !== null || keychainMissing}
            >
              {connection.has_token ? 'Cambiar token' : 'Ingresar token'}
            </button>
          )}
          {connection.has_token && !connection.embedded && (
            <button className="button button--secondary" type="button" onClick={forget} disabled={busy !== null}>
              Olvidar token
            </button>
          )}
          {!connection.embedded && (
            <button className="button button--danger" type="button" onClick={remove} disabled={busy !== null || offline !== null}>
              Eliminar
            </button>
          )}
        </div>
      )}
    </article>
  );
}
