// Validation and normalisation of a DSE create request: every rule of "7. Create, sign and send
// DSE" with its aliases, returning the request the server signs or Spanish errors naming each field.
// The DSE form runs this very function while the user types.
import {
  FieldErrors,
  isRawObject,
  pick,
  pickConsistent,
  readCode,
  readString,
  type FieldError,
  type RawObject,
} from '../api/fields';
import { DSE_FIELD_ALIASES as F, DSE_FORBIDDEN_FIELDS } from './aliases';
import { readDseDates, type DseDates } from './dates';
import { readDseItems, type DseCostCenter, type DseLine } from './items';
import { readSupplier, type DseSupplier } from './supplier';
import { computeDseAmounts, computeDseTotals, type DseTotals } from './totals';
import { readDseWithholdings, type DseWithholding } from './withholdings';

export interface DseRequestContext {
  /** Colombia's current date, YYYY-MM-DD */
  today: string;
  /** Colombia's current time, HH:MM:SS (for a missing `hora`) */
  nowTime: string;
  costCenters: readonly DseCostCenter[];
}

export interface DseRequest extends DseDates {
  tipo_dian: '05';
  moneda: string;
  proveedor: DseSupplier;
  items: DseLine[];
  medio_pago_codigo: string;
  retenciones: DseWithholding[];
  totals: DseTotals;
}

export type DseRequestResult = { ok: true; value: DseRequest } | { ok: false; errors: FieldError[] };

/**
 * "Any body field whose name starts with `_` is rejected", at any depth. The path of each level is a
 * stack of keys and indexes, spelled out only for a field refused (the form runs this on every
 * keystroke over up to 1,000 lines).
 */
function rejectUnderscoreFields(value: unknown, path: (string | number)[], errors: FieldErrors): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const v: unknown = value[i];
      if (typeof v !== 'object' || v === null) continue;
      path.push(i);
      rejectUnderscoreFields(v, path, errors);
      path.pop();
    }
  } else if (isRawObject(value)) {
    // for-in with the own-property check only where it matters: checking every key costs more than
    // the rest of the walk, and only own keys count (as with Object.entries).
    for (const key in value) {
      if (key.charCodeAt(0) === 95 /* _ */) {
        if (Object.hasOwn(value, key)) errors.add(spelled(path, key), 'los campos que empiezan por _ no se aceptan');
        continue;
      }
      const v = value[key];
      if (typeof v !== 'object' || v === null || !Object.hasOwn(value, key)) continue;
      path.push(key);
      rejectUnderscoreFields(v, path, errors);
      path.pop();
    }
  }
}

/** ["items", 3, "x"] and "_y" -> "items[3].x._y" */
function spelled(path: readonly (string | number)[], key: string): string {
  let at = '';
  for (const part of path) at = typeof part === 'number' ? `${at}[${part}]` : at ? `${at}.${part}` : part;
  return at ? `${at}.${key}` : key;
}

function rejectForbiddenFields(raw: RawObject, errors: FieldErrors): void {
  for (const [key, what] of Object.entries(DSE_FORBIDDEN_FIELDS)) {
    if (raw[key] !== undefined) errors.add(key, `no se envía: ${what} se toma de la configuración de la empresa en el servidor`);
  }
}

/** `request_key`/`draft_key` in the body: compatibility aliases of the `Idempotency-Key` header. */
export function dseBodyIdempotencyKey(raw: unknown): { name: string; value: unknown } | undefined {
  return isRawObject(raw) ? pick(raw, F.idempotency_key) : undefined;
}

export function validateDseRequest(raw: unknown, ctx: DseRequestContext): DseRequestResult {
  const errors = new FieldErrors();
  if (!isRawObject(raw)) {
    errors.add('body', 'el cuerpo debe ser un objeto JSON');
    return { ok: false, errors: errors.list };
  }
  rejectUnderscoreFields(raw, [], errors);
  rejectForbiddenFields(raw, errors);
  const tipoDian = readCode(raw.tipo_dian, 'tipo_dian', errors);
  if (tipoDian !== undefined && tipoDian !== '05') errors.add('tipo_dian', 'no es configurable; si se envía debe ser 05');
  const moneda = readString(raw.moneda, 'moneda', errors)?.trim().toUpperCase() || 'COP';
  if (!/^[A-Z]{3}$/.test(moneda)) errors.add('moneda', 'debe ser un código ISO 4217 de tres letras (COP por defecto)');
  const medioField = pickConsistent(raw, F.medio_pago_codigo, errors);
  const medio = (medioField ? readCode(medioField.value, medioField.name, errors) : undefined) ?? '10';
  if (!/^\d{1,3}$/.test(medio))
    errors.add(medioField?.name ?? 'medio_pago_codigo', 'debe ser un código numérico de 1 a 3 dígitos');
  const dates = readDseDates(raw, ctx.today, ctx.nowTime, errors);
  const proveedor = readSupplier(raw.proveedor, errors);
  const items = readDseItems(raw.items, ctx.costCenters, errors);
  const retField = pickConsistent(raw, F.retenciones, errors);
  let retenciones: DseWithholding[] | undefined = [];
  if (items) {
    retenciones = readDseWithholdings(retField?.value, computeDseAmounts(items), errors);
  } else if (retField && !Array.isArray(retField.value)) {
    errors.add('retenciones', 'debe ser una lista');
  }
  if (!errors.empty || !dates || !proveedor || !items || !retenciones) return { ok: false, errors: errors.list };
  return {
    ok: true,
    value: {
      ...dates,
      tipo_dian: '05',
      moneda,
      proveedor,
      items,
      medio_pago_codigo: medio,
      retenciones,
      totals: computeDseTotals(items, retenciones),
    },
  };
}
