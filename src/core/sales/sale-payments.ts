// A sale's payments (shared/sales/sale-payment.ts), recorded with its submission in one transaction
// without the submission code knowing: staged under the sale's idempotency key, then moved to the
// submission by the trigger of migration 0028 when the ledger inserts it (on either engine), so they
// are committed with the submission's write-ahead record, durable as it is.
import { randomUUID } from 'node:crypto';
import { FE_WITHHOLDING_BASE_MODES, type FeWithholdingBaseMode } from '#shared/fe/totals';
import { dec, roundCents, sum, type Dec } from '#shared/money';
import { AppError } from '#shared/rpc/errors';
import type { FeSubmitInput } from '#shared/rpc/methods/fe';
import type { Submission } from '#shared/rpc/methods/submissions';
import { salePaymentsProblem, type SalePayment } from '#shared/sales/sale-payment';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';

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
  constructor(private readonly engine: Engine) {}

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
    await this.stage(company, key, payments);
    try {
      return await submit(keyed);
    } finally {
      // Moved by the ledger's insert; what is left was never recorded (refused before the ledger).
      await this.unstage(this.engine.db, company, key);
    }
  }

  /** The payments of one submission, in the cashier's order. */
  of(submissionId: number): Promise<SalePayment[]> {
    return this.engine.db
      .selectFrom('sale_payments')
      .select(['method_id', 'means', 'label', 'amount', 'received', 'change'])
      .where('submission_id', '=', submissionId)
      .orderBy('position')
      .execute();
  }

  private stage(company: Company, key: string, payments: readonly SalePayment[]): Promise<void> {
    return this.engine.transaction(async (trx) => {
      await this.unstage(trx, company, key);
      await trx
        .insertInto('sale_payments_staged')
        .values(
          payments.map((p, i) => ({
            base_url: company.baseUrl,
            company_id: company.companyId,
            idempotency_key: key,
            position: i + 1,
            means: p.means,
            method_id: p.method_id,
            label: p.label,
            amount: p.amount,
            received: p.received,
            change: p.change,
          })),
        )
        .execute();
    });
  }

  private async unstage(db: Kysely<Schema>, company: Company, key: string): Promise<void> {
    await db
      .deleteFrom('sale_payments_staged')
      .where('base_url', '=', company.baseUrl)
      .where('company_id', '=', company.companyId)
      .where('idempotency_key', '=', key)
      .execute();
  }
}
