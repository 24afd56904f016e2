// Date rules of a DSE ("DSE create request" and the validation rules of "7. Create, sign and send DSE").
import { FieldErrors, pick, pickConsistent, readCode, readDate, readString, type RawObject } from '../api/fields';
import { daysBetween } from '../dates';
import { DSE_FIELD_ALIASES as F } from './aliases';

export interface DseDates {
  fecha_documento: string;
  /** HH:MM:SS-05:00 */
  hora: string;
  forma_generacion: '1' | '2';
  fecha_inicio_periodo: string;
  fecha_fin_periodo: string;
  forma_pago: '1' | '2';
  fecha_vencimiento: string;
  fecha_vencimiento_contable: string | null;
}

const name = (raw: RawObject, names: readonly string[]): string => pick(raw, names)?.name ?? (names[0] as string);

function readDateField(raw: RawObject, names: readonly string[], errors: FieldErrors): string | undefined {
  const f = pickConsistent(raw, names, errors);
  return f ? readDate(f.value, f.name, errors) : undefined;
}

/** `hora` optional; when omitted, the current Colombian time with -05:00. Accepts HH:MM:SS with or without -05:00. */
function readHora(raw: RawObject, nowTime: string, errors: FieldErrors): string {
  const hora = readString(raw.hora, 'hora', errors)?.trim();
  if (!hora) return `${nowTime}-05:00`;
  const m = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(-05:00)?$/.exec(hora);
  if (!m) {
    errors.add('hora', 'debe tener el formato HH:MM:SS-05:00 (hora de Colombia)');
    return `${nowTime}-05:00`;
  }
  return `${m[1]}:${m[2]}:${m[3]}-05:00`;
}

export function readDseDates(raw: RawObject, today: string, nowTime: string, errors: FieldErrors): DseDates | undefined {
  const before = errors.list.length;
  const fechaName = name(raw, F.fecha_documento);
  const fecha = readDateField(raw, F.fecha_documento, errors);
  if (!fecha && !errors.has(fechaName)) errors.add(fechaName, 'es obligatoria (AAAA-MM-DD)');
  const hora = readHora(raw, nowTime, errors);
  const modo = readCode(raw.forma_generacion, 'forma_generacion', errors) ?? '1';
  if (modo !== '1' && modo !== '2') errors.add('forma_generacion', 'debe ser 1 (por operación) o 2 (acumulado semanal)');
  const startName = name(raw, F.fecha_inicio_periodo);
  const endName = name(raw, F.fecha_fin_periodo);
  let start = readDateField(raw, F.fecha_inicio_periodo, errors);
  let end = readDateField(raw, F.fecha_fin_periodo, errors);
  const pagoName = name(raw, F.forma_pago);
  const pagoField = pickConsistent(raw, F.forma_pago, errors);
  // Sandbox decision: forma_pago defaults to 1 (cash); the contract gives no default.
  const pago = (pagoField ? readCode(pagoField.value, pagoField.name, errors) : undefined) ?? '1';
  if (pago !== '1' && pago !== '2') errors.add(pagoName, 'debe ser 1 (contado) o 2 (crédito)');
  const dueName = name(raw, F.fecha_vencimiento);
  let due = readDateField(raw, F.fecha_vencimiento, errors);
  const contable = readDate(raw.fecha_vencimiento_contable, 'fecha_vencimiento_contable', errors) ?? null;
  if (!fecha || errors.list.length > before) return undefined;

  if (modo === '1') {
    // "fecha_documento must be the current date; period start and end equal the document date."
    if (fecha !== today) errors.add(fechaName, `en forma_generacion 1 debe ser la fecha actual en Colombia (${today})`);
    if (start !== undefined && start !== fecha)
      errors.add(startName, 'en un documento por operación debe ser igual a la fecha del documento');
    if (end !== undefined && end !== fecha)
      errors.add(endName, 'en un documento por operación debe ser igual a la fecha del documento');
    start = fecha;
    end = fecha;
  } else {
    // Sandbox decision: a weekly accumulated document may be dated before today, never after.
    if (fecha > today) errors.add(fechaName, `no puede ser posterior a la fecha actual (${today})`);
    if (!start) errors.add(startName, 'es obligatoria en un documento semanal acumulado');
    if (!end) errors.add(endName, 'es obligatoria en un documento semanal acumulado');
    if (start && end) {
      if (start > end) errors.add(startName, 'no puede ser posterior al fin del periodo');
      // "at most 7 calendar days", both ends included.
      else if (daysBetween(start, end) + 1 > 7)
        errors.add(endName, `el periodo abarca ${daysBetween(start, end) + 1} días; el máximo es 7 días calendario`);
      if (end > fecha) errors.add(endName, 'no puede ser posterior a la fecha del documento');
    }
  }
  if (pago === '1') {
    // "in cash it is forced to the document date"
    due = fecha;
  } else if (!due) {
    // Sandbox decision: a credit document needs its due date.
    errors.add(dueName, 'es obligatoria en una compra a crédito');
  } else if (due < fecha) {
    errors.add(dueName, 'en crédito no puede ser anterior a la fecha del documento');
  }
  if (contable !== null && contable < fecha)
    errors.add('fecha_vencimiento_contable', 'no puede ser anterior a la fecha del documento');
  if (errors.list.length > before || !start || !end || !due) return undefined;
  return {
    fecha_documento: fecha,
    hora,
    forma_generacion: modo as '1' | '2',
    fecha_inicio_periodo: start,
    fecha_fin_periodo: end,
    forma_pago: pago as '1' | '2',
    fecha_vencimiento: due,
    fecha_vencimiento_contable: contable,
  };
}
