// DSE items ("DSE item"): UNSPSC code, quantity, unit, price or base, the three ways of expressing
// tax, and the company's cost centers. Amounts are exact cents.
import { MAX_DOCUMENT_ITEMS } from '../api/common';
import {
  decOfJsonNumber,
  FieldErrors,
  isRawObject,
  pickConsistent,
  readCode,
  readInteger,
  readJsonNumber,
  readString,
  type FieldErrorSink,
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
  const lines = raw.map((item: unknown, i) => readDseItem(item, i, costCenters, errors));
  return lines.every((l): l is DseLine => l !== undefined) ? lines : undefined;
}

function readDseItem(
  item: unknown,
  index: number,
  costCenters: readonly DseCostCenter[],
  errors: FieldErrors,
): DseLine | undefined {
  if (!isRawObject(item)) return (errors.add(`items[${index}]`, 'debe ser un objeto'), undefined);
  const before = errors.list.length;
  const itemErrors = new ItemFieldErrors(errors, index);
  const codigo = readCode(item.codigo, 'codigo', itemErrors);
  if (codigo === undefined || !/^\d{8}$/.test(codigo))
    itemErrors.add('codigo', 'debe ser un código UNSPSC numérico de exactamente 8 dígitos');
  const descripcion = readString(item.descripcion, 'descripcion', itemErrors)?.trim() || `Bien o servicio ${codigo ?? ''}`.trim();
  // Numbers are read as they came and compared as doubles where that is exact (against 0 and 100,
  // both doubles, the shortest text of a double and the double itself always agree).
  const cantidad = readJsonNumber(item.cantidad, 'cantidad', itemErrors);
  if (cantidad === undefined || !(cantidad > 0)) itemErrors.add('cantidad', 'debe ser mayor que 0');
  const unidadRaw = readString(item.unidad_medida, 'unidad_medida', itemErrors)?.trim().toUpperCase() || 'EA';
  const unidad = unidadRaw === 'NIU' ? 'EA' : unidadRaw;
  const price = readJsonNumber(item.precio_unitario, 'precio_unitario', itemErrors);
  const baseField = pickConsistent(item, DSE_ITEM_ALIASES.base_imponible, errors);
  const baseGiven = baseField ? readJsonNumber(baseField.value, baseField.name, itemErrors) : undefined;
  if (price !== undefined && price < 0) itemErrors.add('precio_unitario', 'no puede ser negativo');
  if (baseField && baseGiven !== undefined && baseGiven < 0) itemErrors.add(baseField.name, 'no puede ser negativa');
  if (price === undefined && baseGiven === undefined)
    itemErrors.add('precio_unitario', 'es obligatorio (o base_imponible para derivarlo)');
  const percent = readJsonNumber(item.porcentaje_iva, 'porcentaje_iva', itemErrors);
  const impuesto = readJsonNumber(item.impuesto, 'impuesto', itemErrors);
  const ivaLegacy = readJsonNumber(item.iva, 'iva', itemErrors);
  if (percent !== undefined && (percent < 0 || percent > 100)) itemErrors.add('porcentaje_iva', 'debe estar entre 0 y 100');
  if (impuesto !== undefined && impuesto < 0) itemErrors.add('impuesto', 'no puede ser negativo');
  if (ivaLegacy !== undefined && ivaLegacy < 0) itemErrors.add('iva', 'no puede ser negativo (en DSE es un valor monetario)');
  if (
    impuesto !== undefined &&
    ivaLegacy !== undefined &&
    !decOfJsonNumber(impuesto).minus(decOfJsonNumber(ivaLegacy)).abs().lte(CENT)
  ) {
    itemErrors.add('iva', 'no coincide con impuesto (iva es el alias heredado del valor monetario del impuesto)');
  }
  const costCenterId = resolveCostCenter(item, itemErrors, costCenters, errors);
  if (errors.list.length > before || cantidad === undefined || codigo === undefined) return undefined;

  const fields = { codigo, descripcion, unidad_medida: unidad, cost_center_id: costCenterId };
  if (price !== undefined && impuesto === undefined && ivaLegacy === undefined) {
    const exact = exactDseLine(fields, cantidad, price, percent);
    if (exact) return exact;
  }
  return decimalDseLine(fields, itemErrors, cantidad, price, baseGiven, percent, impuesto, ivaLegacy);
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
  fields: DseLineFields,
  itemErrors: ItemFieldErrors,
  cantidadIn: number,
  price: number | undefined,
  baseGiven: number | undefined,
  percentIn: number | undefined,
  impuesto: number | undefined,
  ivaLegacy: number | undefined,
): DseLine | undefined {
  const cantidad = decOfJsonNumber(cantidadIn);
  // "if precio_unitario is missing, price may be derived as base divided by quantity"
  const precio = price !== undefined ? decOfJsonNumber(price) : decOfJsonNumber(baseGiven as number).dividedBy(cantidad);
  // cantidad x (base / cantidad) is the base itself: rounding it directly keeps a base of 9757.145 at
  // 9757.15, where the 40-digit quotient times the quantity (9757.1449...) would round to 9757.14.
  const base = roundCents(price !== undefined ? cantidad.times(precio) : decOfJsonNumber(baseGiven as number));
  let tax: Dec;
  let rate: Dec | null;
  const absoluteIn = impuesto ?? ivaLegacy;
  const absolute = absoluteIn === undefined ? undefined : decOfJsonNumber(absoluteIn);
  if (percentIn !== undefined) {
    const percent = decOfJsonNumber(percentIn);
    rate = percent;
    tax = roundCents(base.times(percent).dividedBy(100));
    if (absolute !== undefined && !absolute.minus(tax).abs().lte(CENT)) {
      itemErrors.add(impuesto !== undefined ? 'impuesto' : 'iva', `no coincide con base x porcentaje_iva (${tax.toFixed(2)})`);
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
  return {
    codigo,
    descripcion,
    cantidad,
    unidad_medida,
    precio_unitario: precio,
    base,
    porcentaje_iva: rate,
    impuesto: tax,
    cost_center_id,
  };
}

/** "cost_center_id: must belong to the company"; `cost_center_code`/`centro_costo_codigo` resolve one by code. */
function resolveCostCenter(
  item: Record<string, unknown>,
  itemErrors: ItemFieldErrors,
  centers: readonly DseCostCenter[],
  errors: FieldErrors,
): number | null {
  const id = readInteger(item.cost_center_id, 'cost_center_id', itemErrors);
  const codeField = pickConsistent(item, DSE_ITEM_ALIASES.cost_center_code, errors);
  const code = codeField ? readString(codeField.value, codeField.name, itemErrors) : undefined;
  let byId: DseCostCenter | undefined;
  if (id !== undefined) {
    byId = centers.find((c) => c.id === id);
    if (!byId) itemErrors.add('cost_center_id', `el centro de costo ${id} no pertenece a la empresa`);
  }
  if (code !== undefined && codeField) {
    const byCode = centers.find((c) => c.code === code);
    if (!byCode) itemErrors.add(codeField.name, `el centro de costo ${code} no existe en la empresa`);
    else if (byId && byId.id !== byCode.id) itemErrors.add(codeField.name, `no corresponde a cost_center_id ${byId.id}`);
    return byCode?.id ?? null;
  }
  return byId?.id ?? null;
}

/**
 * One item's errors, its fields named `items[i].<field>`; the name is spelled out only for a message
 * (1,000 items read on every keystroke would otherwise build a dozen names each). Alias clashes
 * (pickConsistent) keep naming the bare alias, on the request's FieldErrors.
 */
class ItemFieldErrors implements FieldErrorSink {
  constructor(
    private readonly errors: FieldErrors,
    private readonly index: number,
  ) {}

  add(field: string, message: string): void {
    this.errors.add(`items[${this.index}].${field}`, message);
  }
}
