import type { ConnectionCheck } from '#shared/rpc/methods/connections';
import { formatDateTime } from '#shared/dates';
import { Alert } from '#renderer/ui/Alert';

/** What "Probar conexión" found, with the contract's meaning of each failure. */
export function CheckResult({ check }: { check: ConnectionCheck }) {
  const title = check.ok
    ? 'Conexión correcta'
    : check.certificate_refused
      ? 'Certificado de seguridad rechazado'
      : (TITLES[check.code ?? ''] ?? 'La conexión no funciona');
  return (
    <Alert tone={check.ok ? 'ok' : 'error'} title={title}>
      <p>{check.message}</p>
      {check.missing_scopes.length > 0 && <p>Permisos que faltan: {check.missing_scopes.join(', ')}</p>}
      <p className="muted">Probada el {formatDateTime(check.checked_at)}</p>
    </Alert>
  );
}

const TITLES: Record<string, string> = {
  api_unauthorized: 'Token no válido (401)',
  api_forbidden: 'Sin acceso (403)',
  api_not_found: 'Dirección incorrecta (404)',
  api_unreachable: 'Servicio inalcanzable',
  api_unexpected: 'Respuesta inesperada del servicio',
  no_token: 'Falta el token',
  no_connection: 'Conexión no disponible',
  keychain_unavailable: 'Llavero del sistema no disponible',
};
