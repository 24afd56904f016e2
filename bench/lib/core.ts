// Core as the hosts build it, for scenarios that drive it directly (no window, no bridge).
import { join } from 'node:path';
import { createCore, type Core } from '#core/core';
import type { Logger } from '#core/log/logger';
import type { SecretStore } from '#core/vault/vault';
import type { RpcReply } from '#shared/rpc/envelope';
import { FileLogger } from '#core/log/logger';

export function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    getPassword: async (service, account) => values.get(`${service}|${account}`) ?? null,
    setPassword: async (service, account, password) => {
      values.set(`${service}|${account}`, password);
    },
    deletePassword: async (service, account) => values.delete(`${service}|${account}`),
  };
}

export function openCore(home: string, options: { secrets?: SecretStore; fetch?: typeof fetch; logger?: Logger } = {}): Core {
  return createCore({
    home,
    secrets: options.secrets ?? memorySecrets(),
    transport: 'cli',
    logger: options.logger ?? new FileLogger(join(home, 'logs', 'factura-desk.log')),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

let nextId = 1;

/** One RPC call through the dispatcher, as a transport makes it; throws the typed error on failure. */
export async function call<T = unknown>(core: Core, method: string, input: unknown): Promise<T> {
  const reply: RpcReply = await core.dispatch({ id: nextId++, method, input });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
  return reply.output as T;
}
