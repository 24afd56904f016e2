import { AppError } from '#shared/rpc/errors';
import type { sandboxMethods } from '#shared/rpc/methods/sandbox';
import type { Handlers } from '../registry';

/**
 * Core cannot reach the sandbox (layers): the host that started the embedded one answers these
 * (src/main/sandbox-outage.ts). Here, with no embedded sandbox running, they explain where it is.
 */
export function sandboxHandlers(): Handlers<typeof sandboxMethods> {
  const refuse = (): never => {
    throw new AppError(
      'no_connection',
      'La simulación de cortes solo está disponible con el entorno de pruebas integrado, mientras Factura Desk está abierto. ' +
        'Para un sandbox iniciado aparte use «npm run cli -- sandbox-outage --admin DIRECCIÓN MODO» (docs/SANDBOX.md).',
    );
  };
  return { 'sandbox.outage': refuse, 'sandbox.setOutage': refuse };
}
