// FE tax classification ("FE item", rule): a rate of exactly 8 is INC (code 04); any other positive
// rate without an explicit code is IVA (01); rate 0 generates no tax. An explicit
// `codigo_impuesto`/`tax_code` wins over the rate-based rule (at rate 0 it yields a zero-amount tax
// of that code: an exempt line). This rule is for FE only; DSE expresses tax differently.
import { dec, type DecimalInput } from '../money';

export const FE_TAX_TYPES = {
  '01': 'IVA',
  '03': 'ICA',
  '04': 'INC',
} as const;
export type FeTaxCode = keyof typeof FE_TAX_TYPES;
export type FeTaxName = (typeof FE_TAX_TYPES)[FeTaxCode];

export interface FeTaxClass {
  code: FeTaxCode;
  name: FeTaxName;
}

export function isFeTaxCode(code: string): code is FeTaxCode {
  return Object.hasOwn(FE_TAX_TYPES, code);
}

/** The tax a line carries, or null when it carries none. Throws on an unknown explicit code. */
export function classifyFeTax(rate: DecimalInput, explicitCode?: string | null): FeTaxClass | null {
  if (explicitCode !== undefined && explicitCode !== null && explicitCode !== '') {
    if (!isFeTaxCode(explicitCode)) throw new Error(`código de impuesto desconocido: ${explicitCode}`);
    return { code: explicitCode, name: FE_TAX_TYPES[explicitCode] };
  }
  const r = dec(rate);
  if (r.isZero()) return null;
  if (r.equals(8)) return { code: '04', name: 'INC' };
  return { code: '01', name: 'IVA' };
}
