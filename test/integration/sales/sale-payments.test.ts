// A sale's payments on both engines with one test body (SQLite on a real file, PostgreSQL on a real
// server): staged under the sale's key and moved to the submission by the ledger's insert (the
// trigger of migration 0028), refused before anything is sent when they do not add up, nothing left
// staged after a refusal, and a sale sent again keeping the payments of its first time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { amountPayable, SalePayments } from '#core/sales/sale-payments';
import type { EngineKind } from '#core/store/engine';
import { FeSubmitInput } from '#shared/rpc/methods/fe';
import type { Submission } from '#shared/rpc/methods/submissions';
import type { SalePayment } from '#shared/sales/sale-payment';
import { consumerSale } from '#test/core/rpc-core';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { COMPANY, insertFeSubmission } from '#test/fe-submission-row';

const CASH: SalePayment = { method_id: 1, means: '10', label: 'Efectivo', amount: '20000', received: '50000', change: '30000' };
const NEQUI: SalePayment = { method_id: 9, means: '47', label: 'Nequi', amount: '9750.50', received: null, change: null };

/** A cash sale of 29.750,50 (25.000,42 + IVA) under `key`. */
function request(key: string) {
  const base = FeSubmitInput.parse(consumerSale(25_000, 'cash').request);
  return { ...base, subtotal: 25_000.42, impuestos: 4_750.08, total: 29_750.5, draft_key: key };
}

describe('the amount payable', () => {
  it('is the total less the withholdings; unknown when a base is not one the client computes', () => {
    const r = { ...request('fe-1'), subtotal: 100000, impuestos: 19000, total: 119000 };
    expect(amountPayable({ ...r, withholdings: [{ type: 'RTF', base_mode: 'subtotal', percent: 2.5 }] })!.toFixed()).toBe(
      '116500',
    );
    expect(amountPayable({ ...r, withholdings: [{ type: 'X', base_mode: 'otra', percent: 1 }] })).toBeNull();
  });
});

describe.each(ENGINE_KINDS)('sale payments on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let sales: SalePayments;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1]);
    sales = new SalePayments(opened.engine);
  });
  afterEach(() => opened.close());
  const staged = async () =>
    Number(
      (
        await opened.engine.db
          .selectFrom('sale_payments_staged')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ledger = async (keyed: { draft_key?: string | undefined }) =>
    ({ id: await insertFeSubmission(opened.engine, keyed.draft_key!, keyed) }) as Submission;

  it('are moved to the submission the ledger inserts, in the order typed; nothing stays staged; another submission has none', async () => {
    const submission = await sales.submit(COMPANY, request('fe-1'), [CASH, NEQUI], () => false, ledger);
    expect(await sales.of(submission.id)).toEqual([CASH, NEQUI]);
    expect(await staged()).toBe(0);
    const rows = await opened.engine.db
      .selectFrom('sale_payments')
      .select(['submission_id', 'position', 'means'])
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { submission_id: submission.id, position: 1, means: '10' },
      { submission_id: submission.id, position: 2, means: '47' },
    ]);
    expect(await sales.of(await insertFeSubmission(opened.engine, 'fe-2', request('fe-2')))).toEqual([]);
  });

  it('that do not add up, give change from anything but cash or a wrong change are refused: nothing staged, nothing sent', async () => {
    let sent = 0;
    const submit = () => {
      sent += 1;
      return Promise.resolve({ id: 1 } as Submission);
    };
    for (const payments of [
      [CASH],
      [{ ...NEQUI, amount: '29750.50', received: '30000', change: '249.50' }],
      [{ ...CASH, change: '1' }, NEQUI],
      [CASH, { ...CASH, amount: '9750.50', received: null, change: null }],
    ]) {
      await expect(sales.submit(COMPANY, request('fe-1'), payments, () => false, submit)).rejects.toThrow(/No se envió nada/);
    }
    expect(sent).toBe(0);
    expect(await staged()).toBe(0);
  });

  it('refused before the ledger (no token, say) leave nothing staged', async () => {
    await expect(
      sales.submit(
        COMPANY,
        request('fe-1'),
        [CASH, NEQUI],
        () => false,
        () => Promise.reject(new Error('sin token')),
      ),
    ).rejects.toThrow('sin token');
    expect(await staged()).toBe(0);
    expect(await opened.engine.db.selectFrom('sale_payments').selectAll().execute()).toEqual([]);
  });

  it('of a sale sent again under its key are the ones recorded the first time', async () => {
    const first = await sales.submit(COMPANY, request('fe-1'), [CASH, NEQUI], () => false, ledger);
    const again = await sales.submit(
      COMPANY,
      request('fe-1'),
      [{ ...CASH, amount: '29750.50', received: '30000', change: '249.50' }],
      () => Promise.resolve(true),
      () => Promise.resolve(first),
    );
    expect(again.id).toBe(first.id);
    expect(await sales.of(first.id)).toEqual([CASH, NEQUI]);
    expect(await staged()).toBe(0);
  });
});
