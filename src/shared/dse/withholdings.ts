// DSE withholdings ("DSE withholding"): alias normalisation and the contract's nine validation rules.
// Rule numbers in the comments are the contract's.
import {
  FieldErrors,
  isRawObject,
  pick,
  readBoolean,
  readCode,
  readInteger,
  readNumber,
  readString,
  type RawObject,
} from '../api/fields';
import { roundCents, sum, type Dec } from '../money';
import { DSE_BASE_MODE_ALIASES, DSE_WITHHOLDING_ALIASES as A, DSE_WITHHOLDINGS } from './aliases';

export type DseBaseMode = 'subtotal' | 'impuestos' | 'total';

export interface DseWithholding {
  retention_key: string;
  dian_tax_code: string;
  tax_name: string;
  base_mode: DseBaseMode;
  /** cents */
  base: Dec;
  percent: Dec;
  /** cents */
  amount: Dec;
  display_order: number | null;
}

export interface DseDocumentAmounts {
  subtotal: Dec;
  impuestos: Dec;
  total: Dec;
}

const CENT = '0.01';

function canonicalOf(raw: string | undefined): (typeof DSE_WITHHOLDINGS)[number] | undefined {
  if (!raw) return undefined;
  const k = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  return DSE_WITHHOLDINGS.find((w) => w.key === k || w.code === raw.trim());
}

export function readDseWithholdings(
  raw: unknown,
  amounts: DseDocumentAmounts,
  errors: FieldErrors,
): DseWithholding[] | undefined {
  if (raw === undefined || raw === null) return [];
  // 1. `retenciones` must be a list.
  if (!Array.isArray(raw)) return (errors.add('retenciones', 'debe ser una lista'), undefined);
  const out: DseWithholding[] = [];
  const keys = new Map<string, number>();
  let failed = false;
  raw.forEach((element: unknown, i) => {
    const at = `retenciones[${i}]`;
    if (!isRawObject(element)) return ((failed = true), errors.add(at, 'debe ser un objeto'));
    const w = readOne(element, at, amounts, errors);
    if (w === 'skipped') return;
    if (!w) return (failed = true);
    // 3. Duplicate retention keys are not allowed.
    const previous = keys.get(w.retention_key);
    if (previous !== undefined) {
      failed = true;
      return errors.add(`${at}.retention_key`, `la retención ${w.retention_key} ya está en retenciones[${previous}]`);
    }
    keys.set(w.retention_key, i);
    out.push(w);
  });
  if (failed) return undefined;
  // 9. The sum of withholdings cannot exceed the document total.
  const total = sum(out.map((w) => w.amount));
  if (total.gt(amounts.total)) {
    errors.add(
      'retenciones',
      `la suma de las retenciones (${total.toFixed(2)}) supera el total del documento (${amounts.total.toFixed(2)})`,
    );
    return undefined;
  }
  return out.sort((a, b) => (a.display_order ?? Infinity) - (b.display_order ?? Infinity));
}

function readOne(
  w: RawObject,
  at: string,
  amounts: DseDocumentAmounts,
  errors: FieldErrors,
): DseWithholding | 'skipped' | undefined {
  const before = errors.list.length;
  const field = (names: readonly string[]) => pick(w, names);
  // 2. Elements with enabled:false or activa:false are skipped.
  const enabledField = field(A.enabled);
  if (enabledField && readBoolean(enabledField.value, `${at}.${enabledField.name}`, errors) === false) return 'skipped';
  const keyField = field(A.retention_key);
  const codeField = field(A.dian_tax_code);
  const nameField = field(A.tax_name);
  const rawKey = keyField ? readString(keyField.value, `${at}.${keyField.name}`, errors) : undefined;
  const rawCode = codeField ? readCode(codeField.value, `${at}.${codeField.name}`, errors) : undefined;
  const rawName = nameField ? readString(nameField.value, `${at}.${nameField.name}`, errors) : undefined;
  const canonical = canonicalOf(rawCode) ?? canonicalOf(rawKey) ?? canonicalOf(rawName);
  // 4. A tax-authority code and a name must exist: each is sent, or both come from a known retention
  // key; a code does not stand for a missing name nor a name for a missing code.
  // (`tax_name` and `nombre` are also aliases of the key: a name alone is not a key.)
  const byKey = keyField && keyField.name !== nameField?.name ? canonicalOf(rawKey) : undefined;
  const code = rawCode || byKey?.code;
  const name = rawName?.trim() || byKey?.name;
  if (!code) errors.add(`${at}.dian_tax_code`, 'falta el código DIAN de la retención (05 ReteIVA, 06 ReteRenta, 07 ReteICA)');
  else if (!DSE_WITHHOLDINGS.some((c) => c.code === code))
    errors.add(`${at}.dian_tax_code`, `código ${code} no soportado (05 ReteIVA, 06 ReteRenta, 07 ReteICA)`);
  else if (byKey && byKey.code !== code) {
    errors.add(
      `${at}.${codeField?.name ?? 'dian_tax_code'}`,
      `el código ${code} no corresponde a la retención ${byKey.name} (${byKey.code})`,
    );
  }
  if (!name) errors.add(`${at}.tax_name`, 'falta el nombre de la retención');
  else {
    const byName = DSE_WITHHOLDINGS.find((c) => c.name.toLowerCase() === name.toLowerCase() || c.key === name.toLowerCase());
    if (byName && code && byName.code !== code) {
      errors.add(`${at}.${nameField?.name ?? 'tax_name'}`, `el nombre ${name} no corresponde al código ${code}`);
    }
  }
  const modeField = field(A.base_mode);
  const modeRaw = modeField ? readString(modeField.value, `${at}.${modeField.name}`, errors) : undefined;
  const mode =
    modeRaw === undefined ? (canonical?.defaultBaseMode ?? 'subtotal') : DSE_BASE_MODE_ALIASES[modeRaw.trim().toLowerCase()];
  if (!mode)
    errors.add(`${at}.${modeField?.name ?? 'base_mode'}`, 'modo de base desconocido (subtotal/base, impuestos/iva, total/bruto)');
  const baseField = field(A.base_amount);
  const explicitBase = baseField ? readNumber(baseField.value, `${at}.${baseField.name}`, errors) : undefined;
  const percentField = field(A.percent);
  const percentIn = percentField ? readNumber(percentField.value, `${at}.${percentField.name}`, errors) : undefined;
  const amountField = field(A.amount);
  const amountIn = amountField ? readNumber(amountField.value, `${at}.${amountField.name}`, errors) : undefined;
  const order = readInteger(w.display_order, `${at}.display_order`, errors) ?? null;
  if (errors.list.length > before || !code || !name || !mode) return undefined;

  const base = roundCents(explicitBase ?? amounts[mode]);
  // 5. The base must be greater than zero and not exceed the document total.
  const baseName = `${at}.${baseField?.name ?? 'base_amount'}`;
  if (!base.gt(0)) return (errors.add(baseName, `la base debe ser mayor que cero (modo ${mode}: ${base.toFixed(2)})`), undefined);
  if (base.gt(amounts.total))
    return (
      errors.add(baseName, `la base ${base.toFixed(2)} supera el total del documento ${amounts.total.toFixed(2)}`),
      undefined
    );
  // 6. The percentage cannot be negative.
  if (percentIn?.isNegative())
    return (errors.add(`${at}.${percentField?.name}`, 'el porcentaje no puede ser negativo'), undefined);
  if (amountIn?.isNegative()) return (errors.add(`${at}.${amountField?.name}`, 'el valor no puede ser negativo'), undefined);
  let percent: Dec;
  let amount: Dec;
  if (percentIn !== undefined && amountIn !== undefined) {
    // 7. amount must equal base x percent within one cent.
    const expected = base.times(percentIn).dividedBy(100);
    if (!amountIn.minus(expected).abs().lte(CENT)) {
      return (
        errors.add(
          `${at}.${amountField?.name}`,
          `no coincide con base x porcentaje (${roundCents(expected).toFixed(2)}), tolerancia de un centavo`,
        ),
        undefined
      );
    }
    percent = percentIn;
    amount = roundCents(amountIn);
  } else if (amountIn !== undefined) {
    // 8. When only amount is sent, the percentage is derived.
    amount = roundCents(amountIn);
    percent = amount.dividedBy(base).times(100).toDecimalPlaces(4);
  } else if (percentIn !== undefined) {
    percent = percentIn;
    amount = roundCents(base.times(percentIn).dividedBy(100));
  } else {
    return (errors.add(`${at}.percent`, 'indique el porcentaje o el valor de la retención'), undefined);
  }
  const key = (rawKey?.trim() || canonical?.key || code).toLowerCase();
  return {
    retention_key: key,
    dian_tax_code: code,
    tax_name: name,
    base_mode: mode,
    base,
    percent,
    amount,
    display_order: order,
  };
}
