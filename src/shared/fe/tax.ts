// FE tax classification ("FE item", rule): a rate of exactly 8 is INC (code 04); any other positive
// rate without an explicit code is IVA (01); rate 0 generates no tax. An explicit
// `codigo_impuesto`/`tax_code` wins over the rate-based rule (at rate 0 it yields a zero-amount tax
// of that code: an exempt line). This rule is for FE only; DSE expresses tax differently.
import { isTaxTypeCode, TAX_TYPES, type TaxTypeCode, type TaxTypeName } from '../dian/tax-types';
import { dec, type DecimalInput } from '../money';

export type FeTaxCode = TaxTypeCode;
export type FeTaxName = TaxTypeName;

export interface FeTaxClass {
  code: FeTaxCode;
  name: FeTaxName;
}

/** How the rate-based rule sees a rate: exactly 0, exactly 8 or any other. */
export type FeRateKind = 0 | 8 | 'other';

function hasExplicitCode(code: string | null | undefined): code is string {
  return code !== undefined && code !== null && code !== '';
}

/** The tax a line carries, or null when it carries none. Throws on an unknown explicit code. */
export function classifyFeTax(rate: DecimalInput, explicitCode?: string | null): FeTaxClass | null {
  if (hasExplicitCode(explicitCode)) return classifyFeTaxByKind('other', explicitCode);
  const r = dec(rate);
  return classifyFeTaxByKind(r.isZero() ? 0 : r.equals(8) ? 8 : 'other', explicitCode);
}

/** classifyFeTax for a caller that has already read the rate. */
export function classifyFeTaxByKind(kind: FeRateKind, explicitCode?: string | null): FeTaxClass | null {
  if (hasExplicitCode(explicitCode)) {
    if (!isTaxTypeCode(explicitCode)) throw new Error(`código de impuesto desconocido: ${explicitCode}`);
    return { code: explicitCode, name: TAX_TYPES[explicitCode] };
  }
  if (kind === 0) return null;
  if (kind === 8) return { code: '04', name: 'INC' };
  return { code: '01', name: 'IVA' };
}
