// A shop opens during an outage: the company lists a sale needs come from the local copy kept per
// connection, the DIAN's answers about acquirers already looked up fill the form again, and a
// brand-new connection with no copy yet says so in words. Real core, real SQLite file, the real
// sandbox behind the fault proxy (refusing connections for the outage).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { colombiaToday } from '#shared/dates';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { memorySecrets } from '#test/core/memory-secrets';
import { startFaultProxy, type FaultProxy } from '#test/fault-proxy';
import { connectDemo, type Rpc } from '#test/shop';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let proxy: FaultProxy;
const secrets = memorySecrets();

beforeAll(async () => {
  dir = tempDir('factura-desk-local-first-');
  sandbox = await startSandbox({ seed: 'resources/demo-seed.json', settleMs: 50 });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  dir?.remove();
});

function open(home: string): {
  core: Core;
  rpc: Rpc;
  fails: (method: string, input: unknown) => Promise<{ code: string; message: string }>;
} {
  const core = createCore({ home, secrets, transport: 'cli' });
  let next = 1;
  const rpc: Rpc = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  const fails = async (method: string, input: unknown) => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (reply.ok) throw new Error(`${method} was expected to fail`);
    return reply.error;
  };
  return { core, rpc, fails };
}

const KNOWN = { identification_type: '13', identification_number: '52345678' };

describe('local first', () => {
  it('opened during an outage, the counter has the payment methods, the third parties and the acquirers already looked up', async () => {
    const home = join(dir.path, 'shop');
    let app = open(home);
    await proxy.setFault('none');
    await connectDemo(app.rpc, proxy.url('/api/v1'));
    const methods = await app.rpc<{ id: number }[]>('fe.paymentMethods', {});
    const terceros = await app.rpc<{ id: number }[]>('fe.terceros', {});
    const acquirer = await app.rpc<{ nombre: string }>('fe.lookupAcquirer', KNOWN);
    expect(methods.length).toBeGreaterThan(0);
    expect(acquirer.nombre).toBe('Ana María Rodríguez Pérez');
    const before = await app.rpc<{ payment_methods: { read_at: string | null } }>('fe.listsStatus', {});
    expect(before.payment_methods.read_at).not.toBeNull();
    await app.core.close();

    // The morning of the outage: the app opens with the service refusing every connection.
    await proxy.setFault('refuse');
    app = open(home);
    try {
      await app.core.startBackground();
      expect(await app.rpc('fe.paymentMethods', {})).toEqual(methods);
      expect(await app.rpc('fe.terceros', {})).toEqual(terceros);
      expect(await app.rpc('fe.lookupAcquirer', KNOWN)).toEqual(acquirer);
      // An identification never looked up: the user is told to type the customer's data.
      const unknown = await app.fails('fe.lookupAcquirer', { identification_type: '13', identification_number: '55555' });
      expect(unknown.code).toBe('api_unreachable');
      expect(unknown.message).toContain('Escriba a mano los datos del cliente');
      // Asked on demand, the service still does not answer: the copy stays, the reason is kept in words.
      const status = await app.rpc<{ payment_methods: { read_at: string | null; error: string | null } }>('fe.refreshLists', {});
      expect(status.payment_methods.read_at).toBe(before.payment_methods.read_at);
      expect(status.payment_methods.error).toMatch(/conectar/i);
      expect(status.payment_methods.error).not.toMatch(/ECONNREFUSED|fetch failed/);

      // A sale is made from the copy: contingency, as the service is down.
      const sale = await app.rpc<{ idempotency_key: string; contingency: { local_ref: string } | null }>('fe.submit', {
        request: {
          receptor: { tipo_doc: '13', numero_doc: '10001', nombre: 'Cliente Uno', email: 'c1@example.com', direccion: 'Calle 1' },
          items: [{ desc: 'Arroz', cant: 1, unit: 1000, iva: 19, iva_incluido: false, unit_input: 1000 }],
          subtotal: 1000,
          impuestos: 190,
          total: 1190,
          payment: { form: 'contado', method_id: methods[0]!.id, means_code: '10', due_date: '' },
          withholdings: [],
          attachment_tokens: [],
          fecha_emision: colombiaToday(new Date()),
        },
      });
      // Its key and its local reference name this register (its id, kept in the data folder).
      const register = await app.core.parts.registers.id();
      expect(sale.contingency?.local_ref).toBe(`CONT-${register}-000001`);
      expect(sale.idempotency_key).toMatch(new RegExp(`^fe-${register}-`));
    } finally {
      await app.core.close();
    }
  });

  it('a brand-new connection opened during an outage says there is no copy yet, and has one once the service answers', async () => {
    const home = join(dir.path, 'new-shop');
    const app = open(home);
    try {
      await proxy.setFault('refuse');
      await connectDemo(app.rpc, proxy.url('/api/v1'));
      const none = await app.fails('fe.paymentMethods', {});
      expect(none.code).toBe('api_unreachable');
      expect(none.message).toContain('aún no tiene una copia de los medios de pago');
      expect(none.message).toContain('Intentar de nuevo');
      await proxy.setFault('none');
      const status = await app.rpc<{ payment_methods: { read_at: string | null; error: string | null } }>('fe.refreshLists', {});
      expect(status.payment_methods).toMatchObject({ read_at: expect.any(String), error: null });
      expect((await app.rpc<unknown[]>('fe.paymentMethods', {})).length).toBeGreaterThan(0);
    } finally {
      await app.core.close();
    }
  });
});
