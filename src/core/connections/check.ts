// "Probar conexión": the payment-methods endpoint verifies token, company and `fe.read`
// without creating a document ("4. FE payment methods"). Each failure keeps the contract's meaning.
import type { ConnectionCheck } from '#shared/rpc/methods/connections';
import { isAppError } from '#shared/rpc/errors';
import { clientFor } from '../api/for-connection';
import type { Connections } from './connections';

export async function checkConnection(
  connections: Connections,
  id: number,
  fetch: typeof globalThis.fetch,
  now: () => Date,
): Promise<ConnectionCheck> {
  const connection = connections.resolve(id);
  const checkedAt = now().toISOString();
  try {
    const methods = await clientFor(connections, connection, fetch).listPaymentMethods();
    return {
      ok: true,
      code: null,
      message: `Conexión correcta: el token es válido para la empresa ${connection.companyId} (${methods.length} medios de pago configurados).`,
      payment_methods: methods.length,
      missing_scopes: [],
      checked_at: checkedAt,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const scopes = error.details?.scopes;
    return {
      ok: false,
      code: error.code,
      message:
        error.code === 'api_not_found'
          ? 'La URL no corresponde a la API v1 de facturación (respondió 404). Revise la URL base.'
          : error.message,
      payment_methods: null,
      missing_scopes: Array.isArray(scopes) ? scopes.map(String) : [],
      checked_at: checkedAt,
      ...(error.details?.tls ? { certificate_refused: true } : {}),
    };
  }
}
