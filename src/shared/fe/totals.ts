// FE document totals from its lines, AIU and withholdings, in exact cents.
import { centsOfPercent, centsToDec, decToCents, isSafeCents, scaledOf, type Scaled } from '../cents';
import { dec, roundCents, sum, ZERO, type Dec, type DecimalInput } from '../money';
import { computeFeAiu, type FeAiu, type FeAiuInput } from './aiu';
import { computeFeLine, ExactFeLine, type FeLine, type FeLineInput } from './lines';
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
  return feTotalsOfLines(items.map(computeFeLine), aiuInput, withholdingInputs);
}

/** The document totals of lines already computed by computeFeLine (a form that keeps its unchanged lines' results). */
export function feTotalsOfLines(
  lines: FeLine[],
  aiuInput?: FeAiuInput,
  withholdingInputs: readonly FeWithholdingInput[] = [],
): FeTotals {
  return exactFeTotals(lines, aiuInput, withholdingInputs) ?? decimalFeTotals(lines, aiuInput, withholdingInputs);
}

/** The document totals in decimal.js, whatever the lines: the reference exactFeTotals agrees with. */
function decimalFeTotals(
  lines: FeLine[],
  aiuInput: FeAiuInput | undefined,
  withholdingInputs: readonly FeWithholdingInput[],
): FeTotals {
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

interface CentsGroup {
  code: FeTaxCode;
  name: FeTaxName;
  /** the first line of the group (its rate is the group's), or the AIU's rate */
  first: { readonly rate: Dec };
  base: number;
  amount: number;
}

/**
 * decimalFeTotals in integer cents, when every line is an ExactFeLine and every amount stays within
 * range (null otherwise). Amounts are non-negative here, so a sum past 2^53 shows in the final sums.
 */
function exactFeTotals(
  lines: FeLine[],
  aiuInput: FeAiuInput | undefined,
  withholdingInputs: readonly FeWithholdingInput[],
): FeTotals | null {
  const groups = new Map<string, CentsGroup>();
  const addGroup = (
    code: FeTaxCode,
    name: FeTaxName,
    rate: Scaled,
    first: { readonly rate: Dec },
    base: number,
    amount: number,
  ): void => {
    const key = `${code}|${rate.units}|${rate.scale}`;
    const group = groups.get(key);
    if (group) {
      group.base += base;
      group.amount += amount;
    } else groups.set(key, { code, name, first, base, amount });
  };
  let linesSubtotal = 0;
  for (const line of lines) {
    if (!(line instanceof ExactFeLine)) return null;
    linesSubtotal += line.baseCents;
    if (line.tax) addGroup(line.tax.code, line.tax.name, line.rateScaled, line, line.baseCents, line.taxCents);
  }
  if (!isSafeCents(linesSubtotal)) return null;
  const aiu = computeFeAiu(aiuInput, centsToDec(linesSubtotal));
  let aiuParts = 0;
  if (aiu) {
    const parts = [aiu.administracion, aiu.imprevistos, aiu.utilidad, aiu.taxBase, aiu.tax].map(decToCents);
    const rate = scaledOf(aiu.taxRate);
    if (parts.some((c) => c === null) || !rate) return null;
    const [administracion, imprevistos, utilidad, taxBase, tax] = parts as number[];
    aiuParts = administracion! + imprevistos! + utilidad!;
    if (!aiu.taxRate.isZero()) addGroup('01', 'IVA', rate, { rate: aiu.taxRate }, taxBase!, tax!);
  }
  const cents = [...groups.values()];
  const byCode = (code: FeTaxCode): number => cents.reduce((acc, g) => (g.code === code ? acc + g.amount : acc), 0);
  const subtotal = linesSubtotal + aiuParts;
  const impuestos = cents.reduce((acc, g) => acc + g.amount, 0);
  const total = subtotal + impuestos;
  if (!isSafeCents(total) || cents.some((g) => !isSafeCents(g.base))) return null;
  const amounts = { subtotal: centsToDec(subtotal), impuestos: centsToDec(impuestos), total: centsToDec(total) } as const;
  const baseCents = { subtotal, impuestos, total } as const;
  const withholdings: FeWithholding[] = [];
  let totalRetenciones = 0;
  for (const w of withholdingInputs) {
    const percent = scaledOf(w.percent);
    const amount = percent ? centsOfPercent(baseCents[w.base_mode], percent) : NaN;
    if (!isSafeCents(amount)) return null;
    totalRetenciones += amount;
    withholdings.push({
      type: w.type,
      baseMode: w.base_mode,
      percent: dec(w.percent),
      base: amounts[w.base_mode],
      amount: centsToDec(amount),
    });
  }
  if (!isSafeCents(totalRetenciones)) return null;
  return {
    lines,
    aiu,
    taxGroups: cents.map((g) => ({
      code: g.code,
      name: g.name,
      rate: g.first.rate,
      base: centsToDec(g.base),
      amount: centsToDec(g.amount),
    })),
    subtotal: amounts.subtotal,
    iva: centsToDec(byCode('01')),
    inc: centsToDec(byCode('04')),
    ica: centsToDec(byCode('03')),
    impuestos: amounts.impuestos,
    total: amounts.total,
    withholdings,
    totalRetenciones: centsToDec(totalRetenciones),
    netoPagar: centsToDec(total - totalRetenciones),
  };
}

/** Sandbox decision: client totals may differ from the computed ones by one cent per line (rounding). */
export function totalsTolerance(lineCount: number): Dec {
  return dec(Math.max(1, lineCount)).times('0.01');
}

export function agreesWithin(clientValue: DecimalInput, computed: DecimalInput, tolerance: DecimalInput): boolean {
  return dec(clientValue).minus(dec(computed)).abs().lte(dec(tolerance));
}
