// The periods a bookkeeper closes: a month (withholdings are declared monthly), two months or four
// months (IVA is declared bimonthly or every four months, from January), a year, or any range.
export type PeriodKind = 'month' | 'bimester' | 'quarter4' | 'year' | 'custom';

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months covered by one period of a kind: 1, 2, 4 or 12. */
export const PERIOD_MONTHS: Record<Exclude<PeriodKind, 'custom'>, number> = { month: 1, bimester: 2, quarter4: 4, year: 12 };

/** The period of `kind` numbered `index` (1-based within the year: month 1-12, bimester 1-6, four months 1-3, year 1). */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, year: number, index: number): Period {
  const months = PERIOD_MONTHS[kind];
  const first = (index - 1) * months + 1;
  const last = first + months - 1;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}

/** The period of `kind` that contains `date` (YYYY-MM-DD): its index within the year. */
export function periodIndexOf(kind: Exclude<PeriodKind, 'custom'>, date: string): number {
  return Math.floor((Number(date.slice(5, 7)) - 1) / PERIOD_MONTHS[kind]) + 1;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export function monthName(month: number): string {
  return MONTHS[month - 1] ?? String(month);
}

/** "enero–febrero de 2026", "marzo de 2026", "año 2026". */
export function periodLabel(kind: Exclude<PeriodKind, 'custom'>, year: number, index: number): string {
  const months = PERIOD_MONTHS[kind];
  if (months === 12) return `año ${year}`;
  const first = (index - 1) * months + 1;
  return months === 1 ? `${monthName(first)} de ${year}` : `${monthName(first)}–${monthName(first + months - 1)} de ${year}`;
}
