// The close of a shift computed by the app (salesCash over the ledger's requests, then the shared
// count and expected cash) against a reference computed here in integer cents, without the app's
// rules, over generated shifts: sales in cash, by card and split between cash and card (the cash
// line with what was received and the change), with taxes, rejected ones, movements and counts by
// denomination.
import { describe, expect, it } from 'vitest';
import { salesCash, type SaleRow } from '#core/shifts/cash-sales';
import { cashDifference, countedCash, DENOMINATIONS, expectedCash } from '#shared/shifts/cash-count';
import { seededRandom } from '../../../bench/generator';

interface Line {
  cant: number;
  pesos: number;
  rate: 0 | 5 | 19;
}

function request(lines: Line[], cash: boolean, credit: boolean): Buffer {
  return Buffer.from(
    JSON.stringify({
      receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final', email: '', direccion: '' },
      items: lines.map((l, i) => ({
        desc: `P${i}`,
        cant: l.cant,
        unit: l.pesos,
        iva: l.rate,
        iva_incluido: false,
        unit_input: l.pesos,
      })),
      subtotal: 0,
      impuestos: 0,
      total: 0,
      fecha_emision: '2026-11-20',
      payment: credit
        ? { form: 'credito', method_id: 5, means_code: '10', due_date: '2026-12-20' }
        : { form: 'contado', method_id: cash ? 1 : 3, means_code: cash ? '10' : '48', due_date: '' },
      withholdings: [],
      attachment_tokens: [],
    }),
  );
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

describe('the close of a shift', () => {
  it('equals an integer-cents reference over 200 generated shifts', () => {
    const random = seededRandom(20261120);
    const int = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 200; round += 1) {
      const rows: SaleRow[] = [];
      let refCash = 0;
      let refReceived = 0;
      let refChange = 0;
      let refTotal = 0;
      let refDocs = 0;
      let refCashDocs = 0;
      let refRejected = 0;
      for (let s = 0; s < int(30); s += 1) {
        const lines: Line[] = Array.from({ length: 1 + int(4) }, () => ({
          cant: 1 + int(5),
          pesos: 100 * (1 + int(900)),
          rate: ([0, 5, 19] as const)[int(3)]!,
        }));
        // Whole hundreds of pesos times a whole percent: every line's tax is a whole number of cents.
        const total = lines.reduce((acc, l) => acc + l.cant * l.pesos * (100 + l.rate), 0);
        const kind = int(10);
        const cash = kind < 6;
        const credit = kind === 9;
        const rejected = int(15) === 0;
        // A split sale: part in cash (paid with more, change given back), the rest by card.
        const split = kind === 8;
        const cashPart = split ? Math.floor(total * random()) : 0;
        const changeGiven = split ? 100 * int(20_000) : 0;
        rows.push({
          submission_id: s + 1,
          state: rejected ? 'rejected' : 'accepted',
          request_body: request(lines, cash, credit),
          ...(split
            ? {
                payments: [
                  { means: '10', amount: money(cashPart), received: money(cashPart + changeGiven), change: money(changeGiven) },
                  { means: '48', amount: money(total - cashPart), received: null, change: null },
                ],
              }
            : {}),
        });
        if (rejected) {
          refRejected += 1;
          continue;
        }
        refDocs += 1;
        refTotal += total;
        if (split) {
          refCashDocs += 1;
          refReceived += cashPart + changeGiven;
          refChange += changeGiven;
          refCash += cashPart;
        } else if (cash && !credit) {
          refCashDocs += 1;
          refCash += total;
          refReceived += total;
        }
      }
      const floatCents = 100 * int(300_000);
      const inCents = 100 * int(50_000);
      const outCents = 100 * int(100_000);
      const counts = Object.fromEntries(DENOMINATIONS.map((d) => [d.key, int(12)]));
      const refCounted = DENOMINATIONS.reduce((acc, d) => acc + d.value * 100 * counts[d.key]!, 0);
      const refExpected = floatCents + refCash + inCents - outCents;

      const sales = salesCash(rows);
      expect(sales).toEqual({
        documents: refDocs,
        total: money(refTotal),
        cash_documents: refCashDocs,
        cash_received: money(refReceived),
        change_given: money(refChange),
        rejected: refRejected,
      });
      const expected = expectedCash({
        opening_float: money(floatCents),
        cash_received: sales.cash_received,
        change_given: sales.change_given,
        cash_in: money(inCents),
        cash_out: money(outCents),
      });
      expect(expected).toBe(money(refExpected));
      const counted = countedCash(counts);
      expect(counted).toBe(money(refCounted));
      expect(cashDifference(counted, expected)).toBe(money(refCounted - refExpected));
    }
  });

  it('counts Colombian money: seven bills and five coins, the $ 1.000 in both', () => {
    expect(DENOMINATIONS.map((d) => `${d.kind} ${d.value}`)).toEqual([
      'bill 100000',
      'bill 50000',
      'bill 20000',
      'bill 10000',
      'bill 5000',
      'bill 2000',
      'bill 1000',
      'coin 1000',
      'coin 500',
      'coin 200',
      'coin 100',
      'coin 50',
    ]);
    expect(countedCash({ bill_1000: 2, coin_1000: 3, coin_50: 1 })).toBe('5050.00');
  });

  it('change given comes out of the drawer', () => {
    expect(
      expectedCash({ opening_float: '100000', cash_received: '50000', change_given: '3100', cash_in: '0', cash_out: '20000' }),
    ).toBe('126900.00');
  });
});
