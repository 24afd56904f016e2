// A shift at the counter, through the RPC dispatcher on a real core and SQLite file: opening it
// (with the register's earlier shifts stored), and closing it once it holds 500 sales, each with its
// payments, a third of them split cash + card (the close reads every sale's request and payments,
// sums them in exact decimals and stores the figures in one transaction). The sales are written to
// the ledger directly between the open and the close (sending 500 FE to the sandbox would measure
// the sandbox); they are the rows `fe.submit` leaves for a sale of the shift.
import { join } from 'node:path';
import { DENOMINATIONS } from '#shared/shifts/cash-count';
import { consumerSale } from '#test/core/rpc-core';
import { call, openCore } from '../lib/core';
import type { Figure } from '../lib/figure';
import type { Scenario } from '../lib/scenario';

const SALES = 500;
const TARGET_MS = 200;

export const shiftCloseScenario: Scenario = {
  id: 'shift-500',
  title: 'Turno: abrir y cerrar con 500 ventas',
  async run(ctx) {
    const home = join(ctx.tmp, 'shift-500');
    const core = openCore(home);
    try {
      const { id: connectionId } = await call<{ id: number }>(core, 'connections.create', {
        label: 'Demo',
        kind: 'sandbox',
        base_url: 'http://127.0.0.1:9/api/v1',
        company_id: 101,
      });
      await call(core, 'cashiers.createAdmin', { name: 'Marta', pin: '482913' });
      const db = core.parts.store!.db;
      const insertSale = db.prepare(
        `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
           payload_hash, state, attempts, document_id, created_at, updated_at)
         VALUES (?, 'http://127.0.0.1:9/api/v1', 101, 'FE', ?, '/fe', ?, 'h', 'accepted', 1, ?, ?, ?)`,
      );
      const insertPayment = db.prepare(
        `INSERT INTO sale_payments (submission_id, position, means, method_id, label, amount, received, change)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const link = db.prepare('INSERT INTO shift_sales (submission_id, shift_id, cashier_id) VALUES (?, ?, ?)');
      let sale = 0;
      const sell = (shiftId: number, cashierId: number) =>
        db.transaction(() => {
          for (let i = 0; i < SALES; i += 1) {
            sale += 1;
            const pesos = 1_000 + (sale % 97) * 100;
            const body = consumerSale(pesos, 'cash');
            const total = body.request.total;
            const at = new Date().toISOString();
            const id = Number(
              insertSale.run(connectionId, `bench-${sale}`, Buffer.from(JSON.stringify(body.request)), sale, at, at)
                .lastInsertRowid,
            );
            if (sale % 3 === 0) {
              const cash = Math.floor(total / 2);
              insertPayment.run(id, 1, '10', 1, 'Efectivo', cash.toFixed(2), '50000.00', (50_000 - cash).toFixed(2));
              insertPayment.run(id, 2, '48', 3, 'Tarjeta de crédito', (total - cash).toFixed(2), null, null);
            } else {
              insertPayment.run(id, 1, '10', 1, 'Efectivo', total.toFixed(2), '50000.00', (50_000 - total).toFixed(2));
            }
            link.run(id, shiftId, cashierId);
          }
        })();
      const counts = Object.fromEntries(DENOMINATIONS.map((d) => [d.key, 0]));
      const opens: number[] = [];
      const closes: number[] = [];
      // One warm-up shift, then the measured ones; each close finds the shifts before it stored.
      for (let run = 0; run <= ctx.runs; run += 1) {
        let started = performance.now();
        const shift = await call<{ id: number; cashier: { id: number } }>(core, 'shifts.open', { opening_float: 200_000 });
        const openMs = performance.now() - started;
        sell(shift.id, shift.cashier.id);
        started = performance.now();
        const closed = await call<{ sales: { documents: number; total: string } }>(core, 'shifts.close', { counts });
        const closeMs = performance.now() - started;
        // A close that read nothing would be fast for the wrong reason.
        if (closed.sales.documents !== SALES || !(Number(closed.sales.total) > 0)) {
          throw new Error(`the close counted ${closed.sales.documents} sales for ${closed.sales.total}, not ${SALES}`);
        }
        if (run === 0) continue;
        opens.push(openMs);
        closes.push(closeMs);
      }
      const note = `core's RPC dispatcher on a SQLite file; ${SALES} sales per shift (a third split cash + card), earlier shifts stored`;
      return [
        { name: 'open a shift', unit: 'ms', runs: opens, target: { on: 'median', op: '<=', value: TARGET_MS }, note },
        {
          name: `close a shift with ${SALES} sales`,
          unit: 'ms',
          runs: closes,
          target: { on: 'median', op: '<=', value: TARGET_MS },
          note,
        },
      ] satisfies Figure[];
    } finally {
      await core.close();
    }
  },
};
