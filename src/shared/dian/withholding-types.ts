// The withholdings a DSE carries: the contract's "Supported canonical codes" (`05` ReteIVA, `06`
// ReteRenta, `07` ReteICA, DIAN's tax codes), with the key the API reads and the base each one takes
// when none is given (ReteIVA on the tax, the others on the subtotal).
export const WITHHOLDING_TYPES = [
  { code: '05', key: 'reteiva', name: 'ReteIVA', defaultBaseMode: 'impuestos' },
  { code: '06', key: 'reterenta', name: 'ReteRenta', defaultBaseMode: 'subtotal' },
  { code: '07', key: 'reteica', name: 'ReteICA', defaultBaseMode: 'subtotal' },
] as const;

export type WithholdingCode = (typeof WITHHOLDING_TYPES)[number]['code'];
