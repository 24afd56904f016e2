// What a DSE printout adds to the common page: its withholdings with base, rate and amount as the
// server computes them from the exact request (base modes resolved, amounts derived), and the
// weekly period of an accumulated document (forma_generacion 2).
import { centsToDec } from '#shared/cents';
import { toMoneyString } from '#shared/money';
import { dseFigures } from '#shared/reports/document-figures';
import type { Withholding } from '../history/document-parts';

const BASE_MODE_LABELS = { subtotal: 'subtotal', impuestos: 'IVA', total: 'total' } as const;

export interface DsePrintParts {
  withholdings: Withholding[];
  period: { from: string; to: string } | null;
}

export function dsePrintParts(request: Record<string, unknown> | null): DsePrintParts | null {
  const figures = dseFigures(request);
  if (!figures) return null;
  return {
    withholdings: figures.withholdings.map((w) => ({
      name: `${w.name} (${w.code})`,
      base: `${toMoneyString(centsToDec(w.base_cents))} (sobre el ${BASE_MODE_LABELS[w.base_mode]})`,
      baseAmount: toMoneyString(centsToDec(w.base_cents)),
      baseMode: BASE_MODE_LABELS[w.base_mode],
      percent: w.rate,
      amount: toMoneyString(centsToDec(w.amount_cents)),
    })),
    period: figures.period,
  };
}
