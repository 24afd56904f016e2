// DIAN's tax types (`TipoImpuesto-2.1`) an FE line may carry: the codes the contract's FE tax rule
// yields (01 IVA, 04 INC) and ICA (03), which the CUFE adds up separately.
export const TAX_TYPES = {
  '01': 'IVA',
  '03': 'ICA',
  '04': 'INC',
} as const;
export type TaxTypeCode = keyof typeof TAX_TYPES;
export type TaxTypeName = (typeof TAX_TYPES)[TaxTypeCode];

export function isTaxTypeCode(code: string): code is TaxTypeCode {
  return Object.hasOwn(TAX_TYPES, code);
}
