// DSE items ("DSE item"): UNSPSC code, quantity, unit, price or base, the three ways of expressing
// tax, and the company's cost centers. Amounts are exact cents.
import { MAX_DOCUMENT_ITEMS } from '../api/common';
import { FieldErrors, isRawObject, pickConsistent, readCode, readInteger, readNumber, readString } from '../api/fields';
import { roundCents, ZERO, type Dec } from '../money';
import { DSE_ITEM_ALIASES } from './aliases';

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
  const cantidad = readNumber(item.cantidad, `${at}.cantidad`, errors);
  if (!cantidad || !cantidad.gt(0)) errors.add(`${at}.cantidad`, 'debe ser mayor que 0');
  const unidadRaw = readString(item.unidad_medida, `${at}.unidad_medida`, errors)?.trim().toUpperCase() || 'EA';
  const unidad = unidadRaw === 'NIU' ? 'EA' : unidadRaw;
  const price = readNumber(item.precio_unitario, `${at}.precio_unitario`, errors);
  const baseField = pickConsistent(item, DSE_ITEM_ALIASES.base_imponible, errors);
  const baseGiven = baseField ? readNumber(baseField.value, `${at}.${baseField.name}`, errors) : undefined;
  if (price?.isNegative()) errors.add(`${at}.precio_unitario`, 'no puede ser negativo');
  if (baseGiven?.isNegative()) errors.add(`${at}.${baseField?.name}`, 'no puede ser negativa');
  if (price === undefined && baseGiven === undefined) errors.add(`${at}.precio_unitario`, 'es obligatorio (o base_imponible para derivarlo)');
  const percent = readNumber(item.porcentaje_iva, `${at}.porcentaje_iva`, errors);
  const impuesto = readNumber(item.impuesto, `${at}.impuesto`, errors);
  const ivaLegacy = readNumber(item.iva, `${at}.iva`, errors);
  if (percent && (percent.isNegative() || percent.gt(100))) errors.add(`${at}.porcentaje_iva`, 'debe estar entre 0 y 100');
  if (impuesto?.isNegative()) errors.add(`${at}.impuesto`, 'no puede ser negativo');
  if (ivaLegacy?.isNegative()) errors.add(`${at}.iva`, 'no puede ser negativo (en DSE es un valor monetario)');
  if (impuesto && ivaLegacy && !impuesto.minus(ivaLegacy).abs().lte(CENT)) {
    errors.add(`${at}.iva`, 'no coincide con impuesto (iva es el alias heredado del valor monetario del impuesto)');
  }
  const costCenterId = resolveCostCenter(item, at, costCenters, errors);
  if (errors.list.length > before || !cantidad || codigo === undefined) return undefined;

  // "if precio_unitario is missing, price may be derived as base divided by quantity"
  const precio = price ?? (baseGiven as Dec).dividedBy(cantidad);
  const base = roundCents(cantidad.times(precio));
  let tax: Dec;
  let rate: Dec | null;
  const absolute = impuesto ?? ivaLegacy;
  if (percent !== undefined) {
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
  return { codigo, descripcion, cantidad, unidad_medida: unidad, precio_unitario: precio, base, porcentaje_iva: rate, impuesto: tax, cost_center_id: costCenterId };
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
