// Ajustes › «Entorno de pruebas integrado»: the simulated outages of the embedded sandbox. Core
// cannot import the sandbox (layers), so the host that started it answers these RPC methods (input
// checked with the contract's schema, output too) and every other message goes on to core, which
// answers them with a Spanish explanation where no embedded sandbox runs.
import type { Dispatcher } from '../core/rpc/registry';
import type { Logger } from '../core/log/logger';
import { rpcContract } from '../shared/rpc/contract';
import { RpcRequest, type RpcReply } from '../shared/rpc/envelope';
import { AppError, invalidInput } from '../shared/rpc/errors';
import type { RunningSandbox } from '../sandbox/index';

const OUTAGE_METHODS = ['sandbox.outage', 'sandbox.setOutage'] as const;
type OutageMethod = (typeof OUTAGE_METHODS)[number];
const isOutageMethod = (name: string): name is OutageMethod => (OUTAGE_METHODS as readonly string[]).includes(name);

export function withSandboxOutages(
  core: Dispatcher,
  sandbox: Pick<RunningSandbox, 'outage' | 'outageStatus'>,
  logger: Logger,
): Dispatcher {
  return {
    async dispatch(message) {
      const envelope = RpcRequest.safeParse(message);
      if (!envelope.success || !isOutageMethod(envelope.data.method)) return core.dispatch(message);
      const { id, method, input } = envelope.data;
      try {
        if (method === 'sandbox.setOutage') {
          const parsed = rpcContract[method].input.safeParse(input);
          if (!parsed.success) throw invalidInput(parsed.error);
          const { mode, minutes } = parsed.data;
          await sandbox.outage(mode, minutes !== undefined && mode !== 'none' ? { forMs: minutes * 60_000 } : {});
          logger.info('embedded sandbox outage', { mode, minutes: minutes ?? null });
        } else {
          const parsed = rpcContract[method].input.safeParse(input);
          if (!parsed.success) throw invalidInput(parsed.error);
        }
        return { id, ok: true, output: rpcContract[method].output.parse(sandbox.outageStatus()) };
      } catch (error) {
        if (!(error instanceof AppError)) {
          logger.error('embedded sandbox outage failed', { error: error instanceof Error ? error.message : String(error) });
        }
        return failure(
          id,
          error instanceof AppError
            ? error
            : new AppError('internal', 'No se pudo cambiar la simulación del entorno de pruebas. Intente de nuevo.'),
        );
      }
    },
  };
}

function failure(id: RpcReply['id'], error: AppError): RpcReply {
  return { id, ok: false, error: error.toShape() };
}
