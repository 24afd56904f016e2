// Readers for the parts of an FE create request ("FE create request" and its sub-tables). Each
// returns the normalised part or undefined, recording one Spanish, field-named error per violation.
import { MAX_DOCUMENT_ITEMS } from '../api/common';
import type { PaymentMethod } from '../api/fe';
import { isIdentificationType } from '../dian/identification-types';
import { isTaxTypeCode } from '../dian/tax-types';
import {
  FieldErrors,
  isRawObject,
  pick,
  readBoolean,
  readCode,
  readDate,
  readInteger,
  readNumber,
  readString,
  type RawObject,
} from '../api/fields';
import type { FeAiuInput } from './aiu';
import { AIU_BASE_MODES, type AiuBaseMode } from './aiu';
import { FE_CURRENCIES, type FeCurrencyCode } from './currency';
import type { FeLineInput } from './lines';
import { FE_WITHHOLDING_BASE_MODES, type FeWithholdingInput, type FeWithholdingBaseMode } from './totals';

export interface FeReceptorInput {
  tipo_doc: string;
  numero_doc: string;
  nombre: string;
  email: string;
  direccion: string;
}

export function readReceptor(raw: unknown, errors: FieldErrors): FeReceptorInput | undefined {
  if (raw === undefined || raw === null) {
    errors.add('receptor', 'es obligatorio para integraciones');
    return undefined;
  }
  if (!isRawObject(raw)) {
    errors.add('receptor', 'debe ser un objeto');
    return undefined;
  }
  const tipo = readCode(raw.tipo_doc, 'receptor.tipo_doc', errors);
  const numero = readCode(raw.numero_doc, 'receptor.numero_doc', errors);
  const nombre = readString(raw.nombre, 'receptor.nombre', errors)?.trim();
  const email = readString(raw.email, 'receptor.email', errors)?.trim() ?? '';
  const direccion = readString(raw.direccion, 'receptor.direccion', errors)?.trim() ?? '';
  if (!tipo) errors.add('receptor.tipo_doc', 'es obligatorio (por ejemplo 13 cédula, 31 NIT)');
  else if (!isIdentificationType(tipo)) errors.add('receptor.tipo_doc', `tipo de documento desconocido: ${tipo}`);
  if (!numero) errors.add('receptor.numero_doc', 'es obligatorio');
  else if (!/^[0-9A-Za-z-]{3,20}$/.test(numero)) errors.add('receptor.numero_doc', 'debe tener de 3 a 20 letras o dígitos');
  if (!nombre) errors.add('receptor.nombre', 'es obligatorio');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.add('receptor.email', 'no es un correo válido');
  if (!tipo || !numero || !nombre) return undefined;
  return { tipo_doc: tipo, numero_doc: numero, nombre, email, direccion };
}

export type FeItemInput = FeLineInput & { desc: string };

export function readItems(raw: unknown, errors: FieldErrors): FeItemInput[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.add('items', 'debe ser una lista con al menos un ítem');
    return undefined;
  }
  if (raw.length > MAX_DOCUMENT_ITEMS) {
    errors.add('items', `admite hasta ${MAX_DOCUMENT_ITEMS} ítems por factura`);
    return undefined;
  }
  const items: FeItemInput[] = [];
  raw.forEach((item: unknown, i) => {
    const at = `items[${i}]`;
    if (!isRawObject(item)) return errors.add(at, 'debe ser un objeto');
    const before = errors.list.length;
    const desc = readString(item.desc, `${at}.desc`, errors)?.trim();
    const cant = readNumber(item.cant, `${at}.cant`, errors);
    const unit = readNumber(item.unit, `${at}.unit`, errors);
    const unitInput = readNumber(item.unit_input, `${at}.unit_input`, errors);
    const iva = readNumber(item.iva, `${at}.iva`, errors);
    const incluido = readBoolean(item.iva_incluido, `${at}.iva_incluido`, errors) ?? false;
    const code = pick(item, ['codigo_impuesto', 'tax_code']);
    const taxCode = code ? readCode(code.value, `${at}.${code.name}`, errors) : undefined;
    if (!desc) errors.add(`${at}.desc`, 'la descripción es obligatoria');
    if (!cant || !cant.gt(0)) errors.add(`${at}.cant`, 'la cantidad debe ser mayor que 0');
    if (unit === undefined && unitInput === undefined) errors.add(`${at}.unit`, 'falta el valor unitario');
    if (unit?.isNegative()) errors.add(`${at}.unit`, 'no puede ser negativo');
    if (unitInput?.isNegative()) errors.add(`${at}.unit_input`, 'no puede ser negativo');
    if (incluido && unitInput === undefined) errors.add(`${at}.unit_input`, 'es obligatorio cuando el precio incluye IVA');
    if (iva === undefined) errors.add(`${at}.iva`, 'la tarifa es obligatoria (0 si no lleva impuesto)');
    else if (iva.isNegative() || iva.gt(100)) errors.add(`${at}.iva`, 'la tarifa debe estar entre 0 y 100 (es un porcentaje)');
    if (taxCode !== undefined && taxCode !== '' && !isTaxTypeCode(taxCode)) {
      errors.add(`${at}.${code?.name}`, 'código de impuesto desconocido (01 IVA, 03 ICA, 04 INC)');
    }
    if (errors.list.length > before || !desc || !cant || !iva) return;
    items.push({
      desc,
      cant,
      iva,
      iva_incluido: incluido,
      ...(unit !== undefined ? { unit } : {}),
      ...(unitInput !== undefined ? { unit_input: unitInput } : {}),
      ...(taxCode ? { codigo_impuesto: taxCode } : {}),
    });
  });
  return errors.list.some((e) => e.field.startsWith('items')) ? undefined : items;
}

export interface FePaymentInput {
  form: 'contado' | 'credito';
  method_id: number;
  means_code: string;
  due_date: string | null;
}

/** Sandbox decision: without `payment` the company's default method applies; the method must belong to the company and be active. */
export function readPayment(
  raw: unknown,
  methods: readonly PaymentMethod[],
  fechaEmision: string,
  errors: FieldErrors,
): FePaymentInput | undefined {
  const obj: RawObject = raw === undefined || raw === null ? {} : isRawObject(raw) ? raw : {};
  if (raw !== undefined && raw !== null && !isRawObject(raw)) errors.add('payment', 'debe ser un objeto');
  const form = readString(obj.form, 'payment.form', errors);
  const methodId = readInteger(obj.method_id, 'payment.method_id', errors);
  const meansCode = readCode(obj.means_code, 'payment.means_code', errors);
  const dueDate = readDate(obj.due_date, 'payment.due_date', errors);
  if (form !== undefined && form !== 'contado' && form !== 'credito') errors.add('payment.form', 'debe ser contado o credito');
  const active = methods.filter((m) => m.is_active);
  const method =
    methodId !== undefined
      ? methods.find((m) => m.id === methodId)
      : (active.find((m) => m.is_default && (!form || m.payment_form === form)) ??
        active.find((m) => !form || m.payment_form === form));
  if (methodId !== undefined && !method)
    return (errors.add('payment.method_id', `el medio de pago ${methodId} no existe en esta empresa`), undefined);
  if (!method)
    return (errors.add('payment.method_id', 'la empresa no tiene un medio de pago activo para esta forma de pago'), undefined);
  if (!method.is_active) errors.add('payment.method_id', `el medio de pago ${method.id} está inactivo`);
  const effectiveForm = form === 'contado' || form === 'credito' ? form : method.payment_form;
  if (effectiveForm !== method.payment_form)
    errors.add('payment.method_id', `el medio de pago ${method.id} es de forma ${method.payment_form}, no ${effectiveForm}`);
  if (meansCode !== undefined && meansCode !== '' && meansCode !== method.payment_means_code) {
    errors.add('payment.means_code', `no corresponde al medio de pago ${method.id} (${method.payment_means_code})`);
  }
  let due: string | null = null;
  if (effectiveForm === 'credito') {
    if (!dueDate) errors.add('payment.due_date', 'es obligatoria para pagos a crédito');
    else if (dueDate < fechaEmision) errors.add('payment.due_date', 'no puede ser anterior a la fecha de emisión');
    due = dueDate ?? null;
  }
  return { form: effectiveForm, method_id: method.id, means_code: method.payment_means_code, due_date: due };
}

export function readAiu(raw: unknown, errors: FieldErrors): FeAiuInput | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isRawObject(raw)) return (errors.add('aiu', 'debe ser un objeto'), undefined);
  const enabled = readBoolean(raw.enabled, 'aiu.enabled', errors);
  if (enabled === undefined) errors.add('aiu.enabled', 'es obligatorio (false cuando no se usa AIU)');
  if (!enabled) return undefined;
  const percent = (name: string): ReturnType<typeof readNumber> => {
    const v = readNumber(raw[name], `aiu.${name}`, errors);
    if (v && (v.isNegative() || v.gt(100))) errors.add(`aiu.${name}`, 'debe estar entre 0 y 100');
    return v;
  };
  const contractBase = readNumber(raw.contract_base, 'aiu.contract_base', errors);
  if (contractBase?.isNegative()) errors.add('aiu.contract_base', 'no puede ser negativa');
  const mode = readString(raw.iva_base_mode, 'aiu.iva_base_mode', errors) ?? 'AIU_TOTAL';
  if (!(AIU_BASE_MODES as readonly string[]).includes(mode)) errors.add('aiu.iva_base_mode', 'debe ser AIU_TOTAL o UTILIDAD');
  const out: FeAiuInput = { enabled: true, iva_base_mode: mode as AiuBaseMode };
  const a = percent('administracion_percent'),
    i = percent('imprevistos_percent'),
    u = percent('utilidad_percent'),
    t = percent('tax_rate');
  if (contractBase) out.contract_base = contractBase;
  if (a) out.administracion_percent = a;
  if (i) out.imprevistos_percent = i;
  if (u) out.utilidad_percent = u;
  if (t) out.tax_rate = t;
  return out;
}

export function readWithholdings(raw: unknown, allowedTypes: readonly string[], errors: FieldErrors): FeWithholdingInput[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return (errors.add('withholdings', 'debe ser una lista ([] cuando no hay)'), []);
  const out: FeWithholdingInput[] = [];
  const seen = new Set<string>();
  raw.forEach((w: unknown, i) => {
    const at = `withholdings[${i}]`;
    if (!isRawObject(w)) return errors.add(at, 'debe ser un objeto');
    const type = readString(w.type, `${at}.type`, errors);
    const mode = readString(w.base_mode, `${at}.base_mode`, errors);
    const percent = readNumber(w.percent, `${at}.percent`, errors);
    if (!type || !allowedTypes.includes(type))
      return errors.add(`${at}.type`, `tipo no configurado en la empresa (válidos: ${allowedTypes.join(', ')})`);
    if (seen.has(type)) return errors.add(`${at}.type`, `retención ${type} repetida`);
    seen.add(type);
    if (!mode || !(FE_WITHHOLDING_BASE_MODES as readonly string[]).includes(mode))
      return errors.add(`${at}.base_mode`, 'debe ser subtotal, impuestos o total');
    if (!percent || percent.isNegative() || percent.gt(100)) return errors.add(`${at}.percent`, 'debe estar entre 0 y 100');
    out.push({ type, base_mode: mode as FeWithholdingBaseMode, percent });
  });
  return out;
}

export interface FeCurrencyInput {
  commercial_currency: FeCurrencyCode;
  applied_rate: string | null;
  official_trm: string | null;
  rate_date: string | null;
}

export function readCurrency(raw: unknown, errors: FieldErrors): FeCurrencyInput {
  const cop: FeCurrencyInput = { commercial_currency: 'COP', applied_rate: null, official_trm: null, rate_date: null };
  if (raw === undefined || raw === null) return cop;
  if (!isRawObject(raw)) return (errors.add('currency', 'debe ser un objeto'), cop);
  const code = readString(raw.commercial_currency, 'currency.commercial_currency', errors) ?? 'COP';
  if (!(FE_CURRENCIES as readonly string[]).includes(code))
    errors.add('currency.commercial_currency', 'solo se manejan COP o USD');
  const applied = readNumber(raw.applied_rate, 'currency.applied_rate', errors);
  const trm = readNumber(raw.official_trm, 'currency.official_trm', errors);
  const rateDate = readDate(raw.rate_date, 'currency.rate_date', errors) ?? null;
  if (code === 'USD' && (!applied || !applied.gt(0)))
    errors.add('currency.applied_rate', 'es obligatoria y positiva cuando la moneda es USD');
  if (trm && !trm.gt(0)) errors.add('currency.official_trm', 'debe ser positiva');
  return {
    commercial_currency: code === 'USD' ? 'USD' : 'COP',
    applied_rate: applied ? applied.toFixed() : null,
    official_trm: trm ? trm.toFixed() : null,
    rate_date: rateDate,
  };
}
