// DSE items ("DSE item"): UNSPSC code, quantity, unit, price or base, the three ways of expressing
// tax, and the company's cost centers. Amounts are exact cents.
import { MAX_DOCUMENT_ITEMS } from '../api/common';
import {
  decOfJsonNumber, FieldErrors, isRawObject, pickConsistent, readCode, readInteger, readJsonNumber, readString,
} from '../api/fields';
import { centsOfNumberPercent, centsOfNumbers, isSafeCents } from '../cents';
import { roundCents, ZERO, type Dec } from '../money';
import { DSE_ITEM_ALIASES } from './aliases';
import { ExactDseLine } from './exact-line';

export interface DseCostCenter {
  id: number;
  code: string;
}

export interface DseLine {
  codigo: string;
  descripcion: string;
  cantidad: Dec;
  unidad_medida: string;
  precio_unitario: Dec;
  /** cantidad x precio_unitario, cents */
  base: Dec;
  /** percent when the tax was given (or derivable) as a rate */
  porcentaje_iva: Dec | null;
  /** cents */
  impuesto: Dec;
  cost_center_id: number | null;
}

const CENT = '0.01';

export function readDseItems(raw: unknown, costCenters: readonly DseCostCenter[], errors: FieldErrors): DseLine[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.add('items', 'debe ser una lista con al menos 1 ítem');
    return undefined;
  }
  if (raw.length > MAX_DOCUMENT_ITEMS) {
    errors.add('items', `admite hasta ${MAX_DOCUMENT_ITEMS} ítems por documento`);
    return undefined;
  }
  const lines = raw.map((item: unknown, i) => readDseItem(item, `items[${i}]`, costCenters, errors));
  return lines.every((l): l is DseLine => l !== undefined) ? lines : undefined;
}

function readDseItem(item: unknown, at: string, costCenters: readonly DseCostCenter[], errors: FieldErrors): DseLine | undefined {
  if (!isRawObject(item)) return errors.add(at, 'debe ser un objeto'), undefined;
  const before = errors.list.length;
  const codigo = readCode(item.codigo, `${at}.codigo`, errors);
  if (codigo === undefined || !/^\d{8}$/.test(codigo)) errors.add(`${at}.codigo`, 'debe ser un código UNSPSC numérico de exactamente 8 dígitos');
  const descripcion = readString(item.descripcion, `${at}.descripcion`, errors)?.trim() || `Bien o servicio ${codigo ?? ''}`.trim();
  // Numbers are read as they came and compared as doubles where that is exact (against 0 and 100,
  // both doubles, the shortest text of a double and the double itself always agree).
  const cantidad = readJsonNumber(item.cantidad, `${at}.cantidad`, errors);
  if (cantidad === undefined || !(cantidad > 0)) errors.add(`${at}.cantidad`, 'debe ser mayor que 0');
  const unidadRaw = readString(item.unidad_medida, `${at}.unidad_medida`, errors)?.trim().toUpperCase() || 'EA';
  const unidad = unidadRaw === 'NIU' ? 'EA' : unidadRaw;
  const price = readJsonNumber(item.precio_unitario, `${at}.precio_unitario`, errors);
  const baseField = pickConsistent(item, DSE_ITEM_ALIASES.base_imponible, errors);
  const baseGiven = baseField ? readJsonNumber(baseField.value, `${at}.${baseField.name}`, errors) : undefined;
  if (price !== undefined && price < 0) errors.add(`${at}.precio_unitario`, 'no puede ser negativo');
  if (baseGiven !== undefined && baseGiven < 0) errors.add(`${at}.${baseField?.name}`, 'no puede ser negativa');
  if (price === undefined && baseGiven === undefined) errors.add(`${at}.precio_unitario`, 'es obligatorio (o base_imponible para derivarlo)');
  const percent = readJsonNumber(item.porcentaje_iva, `${at}.porcentaje_iva`, errors);
  const impuesto = readJsonNumber(item.impuesto, `${at}.impuesto`, errors);
  const ivaLegacy = readJsonNumber(item.iva, `${at}.iva`, errors);
  if (percent !== undefined && (percent < 0 || percent > 100)) errors.add(`${at}.porcentaje_iva`, 'debe estar entre 0 y 100');
  if (impuesto !== undefined && impuesto < 0) errors.add(`${at}.impuesto`, 'no puede ser negativo');
  if (ivaLegacy !== undefined && ivaLegacy < 0) errors.add(`${at}.iva`, 'no puede ser negativo (en DSE es un valor monetario)');
  if (impuesto !== undefined && ivaLegacy !== undefined && !decOfJsonNumber(impuesto).minus(decOfJsonNumber(ivaLegacy)).abs().lte(CENT)) {
    errors.add(`${at}.iva`, 'no coincide con impuesto (iva es el alias heredado del valor monetario del impuesto)');
  }
  const costCenterId = resolveCostCenter(item, at, costCenters, errors);
  if (errors.list.length > before || cantidad === undefined || codigo === undefined) return undefined;

  const fields = { codigo, descripcion, unidad_medida: unidad, cost_center_id: costCenterId };
  if (price !== undefined && impuesto === undefined && ivaLegacy === undefined) {
    const exact = exactDseLine(fields, cantidad, price, percent);
    if (exact) return exact;
  }
  return decimalDseLine(fields, at, cantidad, price, baseGiven, percent, impuesto, ivaLegacy, errors);
}

type DseLineFields = Pick<DseLine, 'codigo' | 'descripcion' | 'unidad_medida' | 'cost_center_id'>;

/** base = round(cantidad x precio), impuesto = round(base x porcentaje_iva / 100), in integer cents; null out of range. */
function exactDseLine(fields: DseLineFields, cantidad: number, price: number, percent: number | undefined): ExactDseLine | null {
  const base = centsOfNumbers(cantidad, price);
  const tax = percent === undefined ? 0 : centsOfNumberPercent(base, percent);
  return isSafeCents(base + tax) ? new ExactDseLine(fields, cantidad, price, percent, base, tax) : null;
}

/** Every way the contract allows, in decimal.js: a derived price, an absolute tax, values out of range. */
function decimalDseLine(
  fields: DseLineFields, at: string, cantidadIn: number, price: number | undefined, baseGiven: number | undefined,
  percentIn: number | undefined, impuesto: number | undefined, ivaLegacy: number | undefined, errors: FieldErrors,
): DseLine | undefined {
  const cantidad = decOfJsonNumber(cantidadIn);
  // "if precio_unitario is missing, price may be derived as base divided by quantity"
  const precio = price !== undefined ? decOfJsonNumber(price) : decOfJsonNumber(baseGiven as number).dividedBy(cantidad);
  const base = roundCents(cantidad.times(precio));
  let tax: Dec;
  let rate: Dec | null;
  const absoluteIn = impuesto ?? ivaLegacy;
  const absolute = absoluteIn === undefined ? undefined : decOfJsonNumber(absoluteIn);
  if (percentIn !== undefined) {
    const percent = decOfJsonNumber(percentIn);
    rate = percent;
    tax = roundCents(base.times(percent).dividedBy(100));
    if (absolute !== undefined && !absolute.minus(tax).abs().lte(CENT)) {
      errors.add(`${at}.${impuesto !== undefined ? 'impuesto' : 'iva'}`, `no coincide con base x porcentaje_iva (${tax.toFixed(2)})`);
      return undefined;
    }
  } else if (absolute !== undefined) {
    tax = roundCents(absolute);
    rate = base.gt(0) ? tax.dividedBy(base).times(100).toDecimalPlaces(2) : null;
  } else {
    tax = ZERO;
    rate = ZERO;
  }
  const { codigo, descripcion, unidad_medida, cost_center_id } = fields;
  return { codigo, descripcion, cantidad, unidad_medida, precio_unitario: precio, base, porcentaje_iva: rate, impuesto: tax, cost_center_id };
}

/** "cost_center_id: must belong to the company"; `cost_center_code`/`centro_costo_codigo` resolve one by code. */
function resolveCostCenter(item: Record<string, unknown>, at: string, centers: readonly DseCostCenter[], errors: FieldErrors): number | null {
  const id = readInteger(item.cost_center_id, `${at}.cost_center_id`, errors);
  const codeField = pickConsistent(item, DSE_ITEM_ALIASES.cost_center_code, errors);
  const code = codeField ? readString(codeField.value, `${at}.${codeField.name}`, errors) : undefined;
  let byId: DseCostCenter | undefined;
  if (id !== undefined) {
    byId = centers.find((c) => c.id === id);
    if (!byId) errors.add(`${at}.cost_center_id`, `el centro de costo ${id} no pertenece a la empresa`);
  }
  if (code !== undefined && codeField) {
    const byCode = centers.find((c) => c.code === code);
    if (!byCode) errors.add(`${at}.${codeField.name}`, `el centro de costo ${code} no existe en la empresa`);
    else if (byId && byId.id !== byCode.id) errors.add(`${at}.${codeField.name}`, `no corresponde a cost_center_id ${byId.id}`);
    return byCode?.id ?? null;
  }
  return byId?.id ?? null;
}
