// A tax-authority rejection in words a shop owner understands. The DIAN (and the sandbox, which speaks
// like it) words each violated rule as "Regla: CODE, Rechazo: message"; the app keeps the server's text
// in the submission's error message. This reads those rules back and, per rule code, says what it
// means and where to correct it (the form field when one can be told, or who must act when the value
// comes from the company configuration, not from the form).

export interface RejectionRule {
  code: string;
  /** the DIAN's own message, as received */
  message: string;
  /** what it means, in plain words */
  meaning: string;
  /** where to correct it: a form field, or who must act */
  where: string;
}

const RULE = /Regla:\s*([A-Za-z0-9-]+),\s*(?:Rechazo|Notificación):\s*([^;]*)/g;

const CONFIG =
  'La configuración de la empresa en el servicio de facturación (no se corrige en el formulario): comuníquese con su proveedor del servicio.';
const TOTALS =
  'Los valores de las líneas (cantidad, precio, IVA). Si están bien, copie la información de soporte y envíela a su proveedor del servicio.';

function party(message: string): 'proveedor' | 'cliente' | 'empresa' | null {
  if (/\bdel proveedor\b/.test(message)) return 'proveedor';
  if (/\bdel adquirente\b/.test(message)) return 'cliente';
  if (/\bdel emisor\b/.test(message)) return 'empresa';
  return null;
}

function lineOf(message: string): string {
  const line = /L[ií]nea (\d+)/.exec(message)?.[1];
  return line ? `línea ${line}` : 'la línea indicada';
}

type Help = { meaning: string; where: (message: string) => string };

// One explanation for the FE code and the DSE code of the same DIAN rule.
const CURRENCY: Help = {
  meaning:
    'La moneda no es un código válido (ISO 4217, por ejemplo COP o USD) o, en moneda extranjera, falta la tasa de cambio a pesos.',
  where: () => 'Moneda (y tasa de cambio)',
};
const UNIT: Help = {
  meaning: 'Una línea tiene una unidad de medida que no está en la lista de la DIAN, o una cantidad que no es mayor que cero.',
  where: (m) => `Líneas › ${lineOf(m)} › unidad de medida y cantidad`,
};
const PREFIX: Help = {
  meaning: 'El prefijo del número no es el autorizado en la resolución de numeración.',
  where: () => CONFIG,
};
const OUT_OF_RANGE: Help = {
  meaning: 'El número del documento está fuera del rango que autoriza la resolución de numeración.',
  where: () => CONFIG,
};
const NOT_YET_VALID: Help = {
  meaning: 'La fecha del documento es anterior al inicio de la resolución de numeración.',
  where: () => CONFIG,
};
const SOFTWARE: Help = {
  meaning: 'La huella del software de facturación no corresponde a un software autorizado.',
  where: () => CONFIG,
};

const EXACT: Record<string, Help> = {
  'SBX-DIR01': {
    meaning:
      'La dirección no es válida para la DIAN: el código del municipio no existe en la lista oficial (DIVIPOLA), no pertenece al departamento indicado, o la dirección es un texto de relleno.',
    where: (m) => {
      const who = party(m);
      const field = /dirección .* es un marcador/.test(m) ? 'Dirección' : 'Departamento y municipio';
      if (who === 'proveedor') return `Proveedor › ${field}`;
      if (who === 'cliente') return `Cliente › ${field}`;
      return CONFIG;
    },
  },
  FAD15a: CURRENCY,
  DSAD15a: CURRENCY,
  FAV05: UNIT,
  DSAV05: UNIT,
  // The sandbox's former codes of the same rules, still in rejections stored before it used DIAN's.
  'SBX-MON01': CURRENCY,
  'SBX-UND01': UNIT,
  'SBX-TAR01': {
    meaning:
      'Una línea tiene una tarifa de impuesto que la DIAN no admite: IVA 0, 5, 16 o 19 %; impuesto al consumo (INC) 2, 4, 8 o 16 %.',
    where: (m) => `Líneas › ${lineOf(m)} › tarifa de IVA`,
  },
  'SBX-ITM01': {
    meaning:
      'Una línea no lleva un código de producto válido: el documento soporte usa el código UNSPSC de 8 dígitos del bien o servicio (no 00000000 ni 99999999).',
    where: (m) => `Líneas › ${lineOf(m)} › código`,
  },
  'SBX-PRV01': {
    meaning:
      'El proveedor aparece como responsable de IVA: quien es responsable de IVA debe expedirle una factura; el documento soporte es solo para quien no está obligado a facturar.',
    where: () => 'Proveedor › Régimen y esquema tributario (o pídale al proveedor su factura)',
  },
  'SBX-FEC01': {
    meaning:
      'La fecha u hora del documento no es aceptable: una factura debe llevar la fecha del día en que se envía (hora de Colombia) y un documento soporte no puede tener fecha futura.',
    where: () => 'Fecha del documento',
  },
  'SBX-OP01': {
    meaning:
      'El tipo de operación no corresponde al documento: en un documento soporte, 10 para un proveedor en Colombia y 11 para uno en el exterior; en una factura, 10 (estándar) o 09 cuando lleva AIU.',
    where: (m) => (/AIU/.test(m) ? 'AIU (administración, imprevistos y utilidad)' : 'Proveedor › País'),
  },
  'SBX-SIM01': {
    meaning:
      'Rechazo simulado del ambiente de pruebas: ese número de identificación es uno de prueba que el sandbox siempre rechaza.',
    where: () => 'Proveedor o cliente › Número de identificación',
  },
  'SBX-RES01': { meaning: 'La resolución de numeración de la empresa ya venció.', where: () => CONFIG },
  DSAB08a: { meaning: 'La resolución de numeración de la empresa ya venció.', where: () => CONFIG },
  DSAJ24b: {
    meaning: 'El dígito de verificación (DV) del NIT del proveedor no es correcto.',
    where: () => 'Proveedor › NIT y dígito de verificación',
  },
  FAK24: {
    meaning: 'El dígito de verificación (DV) del NIT del cliente no es correcto.',
    where: () => 'Cliente › Número de documento',
  },
  FAJ24: { meaning: 'El dígito de verificación del NIT de su empresa no es correcto.', where: () => CONFIG },
  DSAK24: { meaning: 'El dígito de verificación del NIT de su empresa no es correcto.', where: () => CONFIG },
  FAJ43b: {
    meaning: 'La DIAN no reconoce al cliente (adquirente) como válido.',
    where: () => 'Cliente › Tipo y número de documento, nombre',
  },
  FAB10b: PREFIX,
  DSAB10b: PREFIX,
  FAD05e: OUT_OF_RANGE,
  DSAD05d: OUT_OF_RANGE,
  DSAD05e: OUT_OF_RANGE,
  FAB07a: NOT_YET_VALID,
  DSAB07a: NOT_YET_VALID,
  FAB27b: SOFTWARE,
  DSAB27b: SOFTWARE,
  ZE02: { meaning: 'La firma digital del documento no cumple la política de firma de la DIAN.', where: () => CONFIG },
  ZB01: { meaning: 'El archivo enviado a la DIAN no es un XML válido.', where: () => TOTALS },
  FAD06: { meaning: 'El código único de la factura (CUFE) no coincide con sus datos.', where: () => TOTALS },
  DSAD06: { meaning: 'El código único del documento soporte (CUDS) no coincide con sus datos.', where: () => TOTALS },
};

/** Totals and tax rules (FAU.., DSAU.., FAS.., DSAS.., FAV.., DSAV..) share one explanation. */
function byFamily(code: string): Help | undefined {
  if (/^(FA|DSA)U\d/.test(code))
    return { meaning: 'Los totales del documento no cuadran con la suma de sus líneas.', where: () => TOTALS };
  if (/^(FA|DSA)S\d/.test(code))
    return {
      meaning:
        'Los impuestos o retenciones no cuadran: el valor no corresponde a la base por la tarifa, o el total de un impuesto no coincide con el de las líneas.',
      where: () => 'Tarifas de IVA de las líneas y retenciones',
    };
  if (/^(FA|DSA)V\d/.test(code))
    return {
      meaning: 'En una línea, el valor no es la cantidad por el precio.',
      where: (m) => `Líneas › ${lineOf(m)} › cantidad y precio`,
    };
  return undefined;
}

/** The rules named in a rejection message, each explained; empty when the message names none. */
export function explainRejection(message: string | null | undefined): RejectionRule[] {
  if (!message) return [];
  const out: RejectionRule[] = [];
  for (const match of message.matchAll(RULE)) {
    const code = match[1]!;
    const text = match[2]!
      .trim()
      .replace(/\.?\s*No se enviará de nuevo[\s\S]*$/, '')
      .trim();
    const help = EXACT[code] ?? byFamily(code);
    out.push({
      code,
      message: text,
      meaning: help?.meaning ?? 'La DIAN rechazó el documento por la regla indicada.',
      where: help ? help.where(text) : 'Revise el dato que indica el mensaje de la DIAN.',
    });
  }
  return out;
}
