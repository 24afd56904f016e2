// FE document totals from its lines, AIU and withholdings, in exact cents.
import { dec, roundCents, sum, ZERO, type Dec, type DecimalInput } from '../money';
import { computeFeAiu, type FeAiu, type FeAiuInput } from './aiu';
import { computeFeLine, type FeLine, type FeLineInput } from './lines';
import type { FeTaxCode, FeTaxName } from './tax';

export interface FeTaxGroup {
  code: FeTaxCode;
  name: FeTaxName;
  rate: Dec;
  base: Dec;
  amount: Dec;
}

export const FE_WITHHOLDING_BASE_MODES = ['subtotal', 'impuestos', 'total'] as const;
export type FeWithholdingBaseMode = (typeof FE_WITHHOLDING_BASE_MODES)[number];

export interface FeWithholdingInput {
  type: string;
  base_mode: FeWithholdingBaseMode;
  percent: DecimalInput;
}

export interface FeWithholding {
  type: string;
  baseMode: FeWithholdingBaseMode;
  percent: Dec;
  base: Dec;
  amount: Dec;
}

export interface FeTotals {
  lines: FeLine[];
  aiu: FeAiu | null;
  /** grouped by tax code and rate, as cac:TaxTotal/cac:TaxSubtotal */
  taxGroups: FeTaxGroup[];
  subtotal: Dec;
  iva: Dec;
  inc: Dec;
  ica: Dec;
  impuestos: Dec;
  total: Dec;
  withholdings: FeWithholding[];
  totalRetenciones: Dec;
  /** total - withholdings: what the buyer pays */
  netoPagar: Dec;
}

export function computeFeTotals(
  items: readonly FeLineInput[],
  aiuInput?: FeAiuInput,
  withholdingInputs: readonly FeWithholdingInput[] = [],
): FeTotals {
  const lines = items.map(computeFeLine);
  const linesSubtotal = sum(lines.map((l) => l.base));
  const aiu = computeFeAiu(aiuInput, linesSubtotal);
  const groups = new Map<string, FeTaxGroup>();
  const addGroup = (code: FeTaxCode, name: FeTaxName, rate: Dec, base: Dec, amount: Dec): void => {
    const key = `${code}|${rate.toFixed()}`;
    const group = groups.get(key) ?? { code, name, rate, base: ZERO, amount: ZERO };
    groups.set(key, { ...group, base: group.base.plus(base), amount: group.amount.plus(amount) });
  };
  for (const line of lines) if (line.tax) addGroup(line.tax.code, line.tax.name, line.rate, line.base, line.taxAmount);
  if (aiu && !aiu.taxRate.isZero()) addGroup('01', 'IVA', aiu.taxRate, aiu.taxBase, aiu.tax);
  const taxGroups = [...groups.values()];
  const byCode = (code: FeTaxCode): Dec => sum(taxGroups.filter((g) => g.code === code).map((g) => g.amount));
  const aiuParts = aiu ? aiu.administracion.plus(aiu.imprevistos).plus(aiu.utilidad) : ZERO;
  const subtotal = linesSubtotal.plus(aiuParts);
  const impuestos = sum(taxGroups.map((g) => g.amount));
  const total = subtotal.plus(impuestos);
  const base = { subtotal, impuestos, total } as const;
  const withholdings = withholdingInputs.map((w) => {
    const percent = dec(w.percent);
    const b = base[w.base_mode];
    return { type: w.type, baseMode: w.base_mode, percent, base: b, amount: roundCents(b.times(percent).dividedBy(100)) };
  });
  const totalRetenciones = sum(withholdings.map((w) => w.amount));
  return {
    lines,
    aiu,
    taxGroups,
    subtotal,
    iva: byCode('01'),
    inc: byCode('04'),
    ica: byCode('03'),
    impuestos,
    total,
    withholdings,
    totalRetenciones,
    netoPagar: total.minus(totalRetenciones),
  };
}

/** Sandbox decision: client totals may differ from the computed ones by one cent per line (rounding). */
export function totalsTolerance(lineCount: number): Dec {
  return dec(Math.max(1, lineCount)).times('0.01');
}

export function agreesWithin(clientValue: DecimalInput, computed: DecimalInput, tolerance: DecimalInput): boolean {
  return dec(clientValue).minus(dec(computed)).abs().lte(dec(tolerance));
}
