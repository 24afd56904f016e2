// «Consultar en la DIAN» when the lookup gives nothing (test/support/contract-server): whatever the
// reason (an answer with nothing of a customer, the DIAN's 502, a 404, a refused token, no service),
// the user is told once, in words, to type the customer, and the sale goes on; the 502's status is
// kept, since the window words that case itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, contractBed, type ContractBed } from '#test/contract-server/bed';
import { CONTRACT_TOKENS } from '#test/contract-server/server';
import { CONVENTIONAL } from '#test/contract-server/variants';

interface Refusal {
  reply: { error: { code: string; message: string; details?: Record<string, unknown> } };
}

let bed: ContractBed;
beforeAll(async () => {
  bed = await contractBed({ ...CONVENTIONAL, name: 'unreadable acquirer', acquirer: 'unreadable' }, { feDocuments: 0 });
});
afterAll(async () => {
  await bed?.close();
});

async function refusal(number: string): Promise<Refusal['reply']['error']> {
  const error = (await call(bed.core, 'fe.lookupAcquirer', { identification_type: '13', identification_number: number }).catch(
    (e: unknown) => e,
  )) as Refusal;
  expect(error.reply?.error).toBeDefined();
  return error.reply.error;
}

/** Said once: a message that asks twice reads as a fault of the app. */
function expectAsksToTypeOnce(message: string): void {
  expect(message.match(/a mano/g)).toHaveLength(1);
  expect(message).not.toMatch(/\.\./);
}

describe('an acquirer lookup that gives nothing asks, once, for the customer to be typed', () => {
  it('an answer with nothing of a customer', async () => {
    const error = await refusal('1020304050');
    expect(error.code).toBe('api_unexpected');
    expect(error.message).toMatch(/que Factura Desk (no )?recono/);
    expectAsksToTypeOnce(error.message);
  });

  it('the DIAN gave nothing satisfactory (502): the status kept for the window', async () => {
    const error = await refusal('502502502');
    expectAsksToTypeOnce(error.message);
    expect(error.details).toMatchObject({ status: 502 });
  });

  it('no such customer (404)', async () => {
    const error = await refusal('1234');
    expectAsksToTypeOnce(error.message);
  });

  it('a refused token', async () => {
    await call(bed.core, 'connections.setToken', { id: bed.connectionId, token: 'contract-token-wrong' });
    try {
      const error = await refusal('1020304050');
      expect(error.code).toBe('api_unauthorized');
      expect(error.message).toMatch(/token/);
      expectAsksToTypeOnce(error.message);
    } finally {
      await call(bed.core, 'connections.setToken', { id: bed.connectionId, token: CONTRACT_TOKENS.full });
    }
  });

  it('no service, and no copy kept of this customer', async () => {
    await bed.server.close();
    const error = await refusal('1020304050');
    expect(error.code).toBe('api_unreachable');
    expectAsksToTypeOnce(error.message);
  });
});
