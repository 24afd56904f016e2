// A machine without a usable OS keychain: the first screen says so, once, above whatever screen is
// open. The embedded test environment works regardless; a real provider's token cannot be kept until
// a keychain exists, and the text (from core, per system) says how to get one.
import { useState } from 'react';
import { useRpcQuery } from '../rpc/hooks';
import { Alert } from '../ui/Alert';

export function KeychainNotice() {
  const keychain = useRpcQuery('connections.keychain', {});
  const [closed, setClosed] = useState(false);
  if (closed || !keychain.data || keychain.data.available) return null;
  return (
    <div className="keychain-notice" data-testid="keychain-notice">
      <Alert tone="warn" title="Falta el llavero del sistema: solo puede usar el entorno de pruebas">
        <p>{keychain.data.message}</p>
        <div className="keychain-notice__actions">
          <a className="button button--secondary" href="#/ajustes">
            Ver las conexiones en Ajustes
          </a>
          <button type="button" className="button button--secondary" onClick={() => setClosed(true)}>
            Entendido
          </button>
        </div>
      </Alert>
    </div>
  );
}
