// The typed RPC client: method names, inputs and outputs come from the shared contract.
import type { InputOf, OutputOf } from '#shared/rpc/define';
import type { RpcContract, MethodName } from '#shared/rpc/contract';
import type { ErrorCode, RpcErrorShape } from '#shared/rpc/errors';
import type { EventName, EventPayload } from '#shared/rpc/events';
import { bridge } from './transport';

export class RpcClientError extends Error {
  readonly code: ErrorCode;
  readonly details: RpcErrorShape['details'];

  constructor(shape: RpcErrorShape) {
    super(shape.message);
    this.name = 'RpcClientError';
    this.code = shape.code;
    this.details = shape.details;
  }

  /** Field errors keyed by path ("items.0.cant"), for forms. */
  get fields(): Record<string, string> {
    return Object.fromEntries((this.details?.fields ?? []).map((issue) => [issue.path, issue.message]));
  }
}

export async function invoke<K extends MethodName>(method: K, input: InputOf<RpcContract, K>): Promise<OutputOf<RpcContract, K>> {
  const reply = await bridge.invoke(method, input);
  if (!reply.ok) throw new RpcClientError(reply.error);
  return reply.output as OutputOf<RpcContract, K>;
}

export function onEvent<K extends EventName>(event: K, listener: (payload: EventPayload<K>) => void): () => void {
  return bridge.on((message) => {
    if (message.event === event) listener(message.payload as EventPayload<K>);
  });
}
