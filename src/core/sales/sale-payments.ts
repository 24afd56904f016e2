// A sale's payments (shared/sales/sale-payment.ts), recorded with its submission in one transaction
// without the submission code knowing: staged under the sale's idempotency key, then moved to the
// submission by the trigger of migration 0028 when the ledger inserts it.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { FE_WITHHOLDING_BASE_MODES, type FeWithholdingBaseMode } from '#shared/fe/totals';
import { dec, roundCents, sum, type Dec } from '#shared/money';
import { AppError } from '#shared/rpc/errors';
import type { FeSubmitInput } from '#shared/rpc/methods/fe';
import type { Submission } from '#shared/rpc/methods/submissions';
import { salePaymentsProblem, type SalePayment } from '#shared/sales/sale-payment';
import type { z } from 'zod';

type FeSubmitRequest = z.infer<typeof FeSubmitInput>;

interface Company {
  baseUrl: string;
  companyId: number;
}

/** What the buyer pays: the total less the withholdings; null when a withholding's base is not one the client computes. */
export function amountPayable(request: FeSubmitRequest): Dec | null {
  const base: Record<FeWithholdingBaseMode, Dec> = {
    subtotal: dec(request.subtotal),
    impuestos: dec(request.impuestos),
    total: dec(request.total),
  };
  const known = (mode: string): mode is FeWithholdingBaseMode => (FE_WITHHOLDING_BASE_MODES as readonly string[]).includes(mode);
  if (request.withholdings.some((w) => !known(w.base_mode))) return null;
  const withheld = sum(
    request.withholdings.map((w) => roundCents(base[w.base_mode as FeWithholdingBaseMode].times(w.percent).dividedBy(100))),
  );
  return base.total.minus(withheld);
}

export class SalePayments {
  constructor(private readonly db: Database) {}

  /**
   * Submits the sale with `submit` and records its payments with the submission. A key already in
   * the ledger (the same sale sent again) keeps the payments recorded the first time.
   */
  async submit(
    company: Company,
    request: FeSubmitRequest,
    payments: readonly SalePayment[],
    alreadySent: (key: string) => boolean | Promise<boolean>,
    submit: (request: FeSubmitRequest) => Promise<Submission>,
  ): Promise<Submission> {
    if (payments.length === 0) return submit(request);
    if (request.currency?.commercial_currency === 'USD')
      throw new AppError('invalid_input', 'El pago por medios solo se registra en ventas en pesos; no se envió nada.');
    if (request.payment.form !== 'contado')
      throw new AppError('invalid_input', 'Una venta a crédito no lleva pagos recibidos; no se envió nada.');
    const problem = salePaymentsProblem(payments, amountPayable(request));
    if (problem) throw new AppError('invalid_input', `${problem} No se envió nada.`);
    const key = request.draft_key ?? `fe-${randomUUID()}`;
    const keyed = { ...request, draft_key: key };
    if (await alreadySent(key)) return submit(keyed);
    this.stage(company, key, payments);
    try {
      return await submit(keyed);
    } finally {
      // Moved by the ledger's insert; what is left was never recorded (refused before the ledger).
      this.unstage(company, key);
    }
  }

  /** The payments of one submission, in the cashier's order. */
  of(submissionId: number): SalePayment[] {
    return this.db
      .prepare<[number], SalePayment>(
        `SELECT method_id, means, label, amount, received, change FROM sale_payments WHERE submission_id = ? ORDER BY position`,
      )
      .all(submissionId);
  }

  private stage(company: Company, key: string, payments: readonly SalePayment[]): void {
    const insert = this.db.prepare(
      `INSERT INTO sale_payments_staged (base_url, company_id, idempotency_key, position, means, method_id, label, amount, received, change)
       VALUES (@baseUrl, @companyId, @key, @position, @means, @method_id, @label, @amount, @received, @change)`,
    );
    this.db.transaction(() => {
      this.unstage(company, key);
      payments.forEach((p, i) => insert.run({ ...company, key, position: i + 1, ...p }));
    })();
  }

  private unstage(company: Company, key: string): void {
    this.db
      .prepare(`DELETE FROM sale_payments_staged WHERE base_url = ? AND company_id = ? AND idempotency_key = ?`)
      .run(company.baseUrl, company.companyId, key);
  }
}
