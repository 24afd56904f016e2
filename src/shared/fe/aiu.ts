// AIU (Administración, Imprevistos, Utilidad) of construction-style invoices ("AIU").
// Sandbox decision: A, I and U are percentages of `contract_base` (default: the lines' subtotal) and
// are added to the subtotal; the AIU tax (IVA, code 01, at `tax_rate`) is computed on
// A + I + U when `iva_base_mode` is `AIU_TOTAL` and on U alone when it is `UTILIDAD` (the contract
// says the utility-base value is "not shown"; `UTILIDAD` is ours).
import { dec, roundCents, ZERO, type Dec, type DecimalInput } from '../money';

export const AIU_BASE_MODES = ['AIU_TOTAL', 'UTILIDAD'] as const;
export type AiuBaseMode = (typeof AIU_BASE_MODES)[number];

export interface FeAiuInput {
  enabled: boolean;
  contract_base?: DecimalInput;
  administracion_percent?: DecimalInput;
  imprevistos_percent?: DecimalInput;
  utilidad_percent?: DecimalInput;
  tax_rate?: DecimalInput;
  iva_base_mode?: AiuBaseMode;
}

export interface FeAiu {
  contractBase: Dec;
  administracion: Dec;
  imprevistos: Dec;
  utilidad: Dec;
  taxBase: Dec;
  taxRate: Dec;
  tax: Dec;
}

export function computeFeAiu(aiu: FeAiuInput | undefined, linesSubtotal: DecimalInput): FeAiu | null {
  if (!aiu || !aiu.enabled) return null;
  const contractBase = dec(aiu.contract_base ?? linesSubtotal);
  const part = (percent: DecimalInput | undefined): Dec => roundCents(contractBase.times(dec(percent ?? 0)).dividedBy(100));
  const administracion = part(aiu.administracion_percent);
  const imprevistos = part(aiu.imprevistos_percent);
  const utilidad = part(aiu.utilidad_percent);
  const taxBase = aiu.iva_base_mode === 'UTILIDAD' ? utilidad : administracion.plus(imprevistos).plus(utilidad);
  const taxRate = dec(aiu.tax_rate ?? 0);
  const tax = taxRate.isZero() ? ZERO : roundCents(taxBase.times(taxRate).dividedBy(100));
  return { contractBase, administracion, imprevistos, utilidad, taxBase, taxRate, tax };
}
