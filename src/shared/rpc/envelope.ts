// One message shape on every transport (STYLE.md, convention 2).
import { z } from 'zod';
import { RpcErrorShape } from './errors';

export const RpcRequest = z.object({
  id: z.union([z.string().max(64), z.number().int()]),
  method: z.string().min(1).max(100),
  input: z.unknown(),
});
export type RpcRequest = z.infer<typeof RpcRequest>;

export type RpcReply =
  { id: string | number | null; ok: true; output: unknown } | { id: string | number | null; ok: false; error: RpcErrorShape };

export const RpcEventMessage = z.object({ event: z.string(), payload: z.unknown() });
export type RpcEventMessage = z.infer<typeof RpcEventMessage>;
