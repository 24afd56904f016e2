// A core answering RPC the way the window calls it, for integration tests of the counter's day:
// `rpc` returns the output or throws with the error, `fails` returns the error the call had to end in.
import { createCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import type { SecretStore } from '#core/vault/vault';
import { colombiaToday } from '#shared/dates';
import type { RpcErrorShape } from '#shared/rpc/errors';
import { memorySecrets } from '#test/core/memory-secrets';

export function openRpcCore(home: string, options: { secrets?: SecretStore; clock?: () => Date } = {}) {
  const core = createCore({
    home,
    secrets: options.secrets ?? memorySecrets(),
    transport: 'web',
    logger: new FileLogger(null),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let next = 1;
  const rpc = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  const fails = async (method: string, input: unknown): Promise<RpcErrorShape> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (reply.ok) throw new Error(`${method} was expected to fail`);
    return reply.error;
  };
  return { core, rpc, fails };
}

/** A sale to consumidor final: `pesos` before 19 % IVA, paid in cash (method 1) or by card (method 3) of the demo company. */
export function consumerSale(pesos: number, means: 'cash' | 'card') {
  const tax = Math.round(pesos * 19) / 100;
  return {
    request: {
      receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final', email: '', direccion: '' },
      items: [{ desc: 'Arroz 500 g', cant: 1, unit: pesos, iva: 19, iva_incluido: false, unit_input: pesos }],
      subtotal: pesos,
      impuestos: tax,
      total: pesos + tax,
      fecha_emision: colombiaToday(new Date()),
      payment:
        means === 'cash'
          ? { form: 'contado', method_id: 1, means_code: '10', due_date: '' }
          : { form: 'contado', method_id: 3, means_code: '48', due_date: '' },
      withholdings: [],
      attachment_tokens: [],
    },
  };
}
