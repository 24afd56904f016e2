// A served host (src/main/host.ts) answered through its dispatcher, as the window's transport asks:
// `ok` returns a method's output and throws on a refusal, `fails` returns the refusal and throws if
// the method was answered.
import type { ServedHost } from '#main/host';
import type { RpcErrorShape } from '#shared/rpc/errors';
import type { RpcReply } from '#shared/rpc/envelope';

export interface ServedRpc {
  call(method: string, input: unknown): Promise<RpcReply>;
  ok<T>(method: string, input: unknown): Promise<T>;
  fails(method: string, input: unknown): Promise<RpcErrorShape>;
}

export function withRpc<H extends ServedHost>(host: H): H & ServedRpc {
  let next = 1;
  const call = (method: string, input: unknown): Promise<RpcReply> => host.dispatcher.dispatch({ id: next++, method, input });
  return Object.assign(host, {
    call,
    async ok<T>(method: string, input: unknown): Promise<T> {
      const reply = await call(method, input);
      if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
      return reply.output as T;
    },
    async fails(method: string, input: unknown): Promise<RpcErrorShape> {
      const reply = await call(method, input);
      if (reply.ok) throw new Error(`${method} was expected to be refused`);
      return reply.error;
    },
  });
}
