// The receiving side of every transport: parse the envelope, parse the input with the method's
// schema (bad input never reaches a handler, so it changes nothing), run the handler, and turn any
// failure into the typed error shape. Stack traces stay in the log.
import { z } from 'zod';
import type { MethodTable, OutputOf, ParsedInputOf } from '#shared/rpc/define';
import { AppError, invalidInput } from '#shared/rpc/errors';
import { RpcRequest, type RpcReply } from '#shared/rpc/envelope';
import type { Logger } from '../log/logger';

export type Handlers<T extends MethodTable> = {
  [K in keyof T]: (input: ParsedInputOf<T, K>) => Promise<OutputOf<T, K>> | OutputOf<T, K>;
};

export interface Dispatcher {
  dispatch(message: unknown): Promise<RpcReply>;
}

export function createDispatcher<T extends MethodTable>(contract: T, handlers: Handlers<T>, logger: Logger): Dispatcher {
  return {
    async dispatch(message) {
      const envelope = RpcRequest.safeParse(message);
      if (!envelope.success) {
        return reply(null, new AppError('invalid_input', 'La solicitud no tiene la forma esperada.'));
      }
      const { id, method, input } = envelope.data;
      if (!Object.hasOwn(contract, method)) {
        return reply(id, new AppError('unknown_method', `La operación «${method}» no existe.`));
      }
      const spec = contract[method]!;
      const parsed = spec.input.safeParse(input);
      if (!parsed.success) return reply(id, invalidInput(parsed.error));
      try {
        const handler = handlers[method as keyof T] as (input: unknown) => Promise<unknown>;
        const output = await handler(parsed.data);
        const checked = spec.output.safeParse(output);
        if (!checked.success) {
          logger.error('rpc output does not match its schema', { method, issues: z.prettifyError(checked.error) });
          return reply(id, internalError());
        }
        return { id, ok: true, output: checked.data };
      } catch (error) {
        if (error instanceof AppError) return reply(id, error);
        logger.error('rpc handler failed', {
          method,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        return reply(id, internalError());
      }
    },
  };
}

function internalError(): AppError {
  return new AppError(
    'internal',
    'Ocurrió un error inesperado en Factura Desk. No se perdió ningún documento; intente de nuevo y, si se repite, copie la información de soporte.',
  );
}

function reply(id: string | number | null, error: AppError): RpcReply {
  return { id, ok: false, error: error.toShape() };
}
