// DIAN's tax schemes of a party (`dian_tax_scheme_code` of a DSE supplier); the contract's technical
// default is `ZZ` ("Supplier").
import type { DianCode } from './code-list';

export const TAX_SCHEMES = [
  { code: 'ZZ', name: 'No aplica' },
  { code: '01', name: 'IVA' },
  { code: '04', name: 'INC' },
  { code: 'ZA', name: 'IVA e INC' },
] as const satisfies readonly DianCode[];
