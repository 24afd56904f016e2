// The rates the shop picks for a line or a product: DIAN's tariffs (`TarifaImpuestoIVA-2.1` 19 and
// 5, `TarifaImpuestoINC-2.1` 8) that a shop sells at, and none. Labelled by the tax the contract's FE
// rule makes of them ("FE item": 8 is INC, any other positive rate IVA, 0 none).
export const TAX_RATES = [
  { rate: '19', label: 'IVA 19 %' },
  { rate: '5', label: 'IVA 5 %' },
  { rate: '8', label: 'INC 8 %' },
  { rate: '0', label: 'Sin impuesto (0 %)' },
] as const;

export type TaxRate = (typeof TAX_RATES)[number]['rate'];

export const TAX_RATE_VALUES = TAX_RATES.map((r) => r.rate) as [TaxRate, ...TaxRate[]];

/** «IVA 19 %» for a rate of the list. */
export function taxRateLabel(rate: TaxRate): string {
  return TAX_RATES.find((r) => r.rate === rate)!.label;
}
