// "Cierre de caja" on both engines (one test body: a real SQLite file, a PostgreSQL database): a day's FE submissions of one connection
// in the ledger, summed by the reader and checked against a reference computed here independently
// (integer pesos times rates; every line's tax is a whole number of cents), with pending and
// rejected ones apart, other days, other connections, DSE and refused submissions left out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { colombiaDayRange, DayCloseReader } from '#core/day-close/day-close';
import { LedgerReads } from '#core/ledger-reads/ledger-reads';
import type { Engine } from '#core/store/engine';
import { seededRandom } from '../../../bench/generator';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

interface Line {
  cant: number;
  pesos: number;
  rate: 0 | 5 | 8 | 19;
}
interface Sale {
  at: string;
  state: string;
  lines: Line[];
  methodId: number;
  means: string;
  form?: 'contado' | 'credito';
  connection?: number;
  kind?: 'FE' | 'DSE';
  number?: string;
}

let seq = 0;
async function insert(engine: Engine, sale: Sale): Promise<void> {
  seq += 1;
  const body = {
    receptor: { tipo_doc: '13', numero_doc: '222222222222', nombre: 'Consumidor final', email: '', direccion: '' },
    items: sale.lines.map((l, i) => ({
      desc: `Producto ${i}`,
      cant: l.cant,
      unit: l.pesos,
      iva: l.rate,
      iva_incluido: false,
      unit_input: l.pesos,
    })),
    subtotal: 0,
    impuestos: 0,
    total: 0,
    fecha_emision: sale.at.slice(0, 10),
    payment: { form: sale.form ?? 'contado', method_id: sale.methodId, means_code: sale.means, due_date: '' },
    withholdings: [],
    attachment_tokens: [],
    draft_key: `fe-test-${seq}`,
  };
  await engine.db
    .insertInto('submissions')
    .values({
      connection_id: sale.connection ?? 1,
      base_url: 'http://127.0.0.1:1',
      company_id: 1,
      kind: sale.kind ?? 'FE',
      idempotency_key: `fe-test-${seq}`,
      endpoint_path: '/fe/facturas',
      request_body: Buffer.from(JSON.stringify(body)),
      payload_hash: 'h',
      state: sale.state,
      counterpart: 'Consumidor final',
      document_number: sale.number ?? null,
      created_at: sale.at,
      updated_at: sale.at,
    })
    .execute();
}

/** The reference: integer cents, computed here without the app's rules. */
function reference(sales: Sale[]) {
  const totalOf = (s: Sale) => s.lines.reduce((acc, l) => acc + l.cant * l.pesos * 100 + l.cant * l.pesos * l.rate, 0);
  const accepted = sales.filter((s) => s.state === 'accepted');
  const byPayment = new Map<string, { documents: number; total_cents: number }>();
  const taxes = new Map<string, { base_cents: number; amount_cents: number }>();
  let subtotal = 0;
  let tax = 0;
  for (const s of accepted) {
    const key = `${s.form ?? 'contado'}|${s.methodId}|${s.means}`;
    const p = byPayment.get(key) ?? { documents: 0, total_cents: 0 };
    p.documents += 1;
    p.total_cents += totalOf(s);
    byPayment.set(key, p);
    for (const l of s.lines) {
      subtotal += l.cant * l.pesos * 100;
      tax += l.cant * l.pesos * l.rate;
      // A line at 0 % with no tax code is excluded from IVA: its base is listed at 0 % under ZZ.
      const k = l.rate === 0 ? 'ZZ|0' : `${l.rate === 8 ? '04' : '01'}|${l.rate}`;
      const t = taxes.get(k) ?? { base_cents: 0, amount_cents: 0 };
      t.base_cents += l.cant * l.pesos * 100;
      t.amount_cents += l.cant * l.pesos * l.rate;
      taxes.set(k, t);
    }
  }
  const pending = sales.filter((s) => ['sending', 'in_doubt', 'pending'].includes(s.state));
  const rejected = sales.filter((s) => s.state === 'rejected');
  return {
    accepted: accepted.length,
    subtotal_cents: subtotal,
    taxes_cents: tax,
    total_cents: subtotal + tax,
    byPayment,
    taxes,
    pending: pending.length,
    pending_total_cents: pending.reduce((a, s) => a + totalOf(s), 0),
    rejected: rejected.length,
    rejected_total_cents: rejected.reduce((a, s) => a + totalOf(s), 0),
  };
}

describe.each(ENGINE_KINDS)('cierre de caja on %s', (kind) => {
  let opened: OpenedEngine;
  beforeEach(async () => {
    opened = await openEngine(kind);
  });
  afterEach(async () => {
    await opened.close();
  });

  it("sums a day's accepted invoices by payment and by tax rate exactly, with pending and rejected apart", async () => {
    const random = seededRandom(10);
    const int = (n: number) => Math.floor(random() * n);
    const states = ['accepted', 'accepted', 'accepted', 'accepted', 'pending', 'in_doubt', 'rejected'];
    const methods = [
      { methodId: 1, means: '10' },
      { methodId: 2, means: '42' },
      { methodId: 3, means: '48' },
    ];
    const day: Sale[] = [];
    // 00:00 and 23:59:59 Colombian time belong to the day; 05:00Z is midnight in Bogotá.
    const instants = ['2026-11-20T05:00:00.000Z', '2026-11-21T04:59:59.999Z'];
    for (let i = 0; i < 60; i += 1) {
      const at = instants[i] ?? new Date(Date.parse('2026-11-20T05:00:00.000Z') + int(86_400_000)).toISOString();
      const sale: Sale = {
        at,
        state: states[int(states.length)]!,
        ...methods[int(methods.length)]!,
        ...(i % 9 === 0 ? { form: 'credito' as const } : {}),
        lines: Array.from({ length: 1 + int(4) }, () => ({
          cant: 1 + int(5),
          pesos: 100 + int(250_000),
          rate: ([0, 5, 8, 19] as const)[int(4)]!,
        })),
      };
      day.push(sale);
      await insert(opened.engine, sale);
    }
    // Left out: the day before and after (Colombian time), another connection, a DSE, refused ones.
    const noise: Sale[] = [
      {
        at: '2026-11-20T04:59:59.999Z',
        state: 'accepted',
        methodId: 1,
        means: '10',
        lines: [{ cant: 1, pesos: 1000, rate: 19 }],
      },
      {
        at: '2026-11-21T05:00:00.000Z',
        state: 'accepted',
        methodId: 1,
        means: '10',
        lines: [{ cant: 1, pesos: 1000, rate: 19 }],
      },
      {
        at: '2026-11-20T15:00:00.000Z',
        state: 'accepted',
        methodId: 1,
        means: '10',
        connection: 2,
        lines: [{ cant: 1, pesos: 1000, rate: 19 }],
      },
      {
        at: '2026-11-20T15:00:00.000Z',
        state: 'accepted',
        methodId: 1,
        means: '10',
        kind: 'DSE',
        lines: [{ cant: 1, pesos: 1000, rate: 19 }],
      },
      { at: '2026-11-20T15:00:00.000Z', state: 'failed', methodId: 1, means: '10', lines: [{ cant: 1, pesos: 1000, rate: 19 }] },
      {
        at: '2026-11-20T15:00:00.000Z',
        state: 'conflict',
        methodId: 1,
        means: '10',
        lines: [{ cant: 1, pesos: 1000, rate: 19 }],
      },
    ];
    for (const sale of noise) await insert(opened.engine, sale);

    const reads = new LedgerReads(opened.engine);
    const close = await new DayCloseReader(reads, () => new Date('2026-11-21T02:00:00Z')).read(1);
    const ref = reference(day);
    expect(close.date).toBe('2026-11-20'); // 21:00 in Bogotá on the 20th
    expect(close).toMatchObject({
      accepted: ref.accepted,
      subtotal_cents: ref.subtotal_cents,
      taxes_cents: ref.taxes_cents,
      total_cents: ref.total_cents,
      pending_total_cents: ref.pending_total_cents,
      rejected_total_cents: ref.rejected_total_cents,
      unreadable: 0,
    });
    expect(close.pending).toHaveLength(ref.pending);
    expect(close.rejected).toHaveLength(ref.rejected);
    expect(ref.accepted).toBeGreaterThan(20);
    expect(ref.pending).toBeGreaterThan(0);
    expect(ref.rejected).toBeGreaterThan(0);
    expect(
      new Map(
        close.by_payment.map((p) => [
          `${p.form}|${p.method_id}|${p.means_code}`,
          { documents: p.documents, total_cents: p.total_cents },
        ]),
      ),
    ).toEqual(ref.byPayment);
    expect(
      new Map(close.taxes.map((t) => [`${t.code}|${t.rate}`, { base_cents: t.base_cents, amount_cents: t.amount_cents }])),
    ).toEqual(ref.taxes);
    expect(close.taxes.find((t) => t.rate === '8')?.name).toBe('INC');
    expect(close.taxes.find((t) => t.rate === '0')).toMatchObject({ code: 'ZZ', name: 'IVA excluido', amount_cents: 0 });
    expect(ref.taxes.get('ZZ|0')?.base_cents).toBeGreaterThan(0);
    expect(close.by_payment.reduce((a, p) => a + p.total_cents, 0)).toBe(close.total_cents);

    // The given day; an empty one is all zeros.
    expect(await new DayCloseReader(reads, () => new Date()).read(1, '2026-11-19')).toMatchObject({
      accepted: 1,
      total_cents: 119_000,
    });
    expect(await new DayCloseReader(reads, () => new Date()).read(1, '2026-11-25')).toMatchObject({
      accepted: 0,
      total_cents: 0,
      pending: [],
      rejected: [],
      by_payment: [],
      taxes: [],
    });
  });
});

describe('cierre de caja', () => {
  it('gives the instants of a Colombian day', () => {
    expect(colombiaDayRange('2026-12-31')).toEqual({ from: '2026-12-31T05:00:00.000Z', to: '2027-01-01T05:00:00.000Z' });
  });
});
