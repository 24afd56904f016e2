// A tax-authority rejection in words a shop owner understands, read from data: core keeps the rules
// of the answer's `dian` object (code, the DIAN's message, the request field) with the submission.
// Per rule code this says what it means; where to correct it is the field the rule names, in the
// form's words, or, when it names none, who must act (the value comes from the company's
// configuration or from the server's computation, not from the form).
import type { DianRejection } from '#shared/api/dian';
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import { requestFieldLabel } from './request-field-labels';

export interface ExplainedRule {
  code: string;
  /** the DIAN's own message, as received */
  message: string;
  /** what it means, in plain words */
  meaning: string;
  /** where to correct it: a form field, or who must act */
  where: string;
}

const CONFIG =
  'La configuración de la empresa en el servicio de facturación (no se corrige en el formulario): comuníquese con su proveedor del servicio.';
const TOTALS =
  'Los valores de las líneas (cantidad, precio, IVA). Si están bien, copie la información de soporte y envíela a su proveedor del servicio.';
const UNSPECIFIED = 'Revise el dato que indica el mensaje de la DIAN.';

/** What a rule means, and where to act when the rule names no field of the form. */
type Help = { meaning: string; unfielded?: string };

// One explanation for the FE code and the DSE code of the same DIAN rule.
const CURRENCY: Help = {
  meaning:
    'La moneda no es un código válido (ISO 4217, por ejemplo COP o USD) o, en moneda extranjera, falta la tasa de cambio a pesos.',
  unfielded: 'Moneda (y tasa de cambio)',
};
const UNIT: Help = {
  meaning: 'Una línea tiene una unidad de medida que no está en la lista de la DIAN, o una cantidad que no es mayor que cero.',
  unfielded: 'Líneas › unidad de medida y cantidad',
};
const PREFIX: Help = { meaning: 'El prefijo del número no es el autorizado en la resolución de numeración.', unfielded: CONFIG };
const OUT_OF_RANGE: Help = {
  meaning: 'El número del documento está fuera del rango que autoriza la resolución de numeración.',
  unfielded: CONFIG,
};
const NOT_YET_VALID: Help = {
  meaning: 'La fecha del documento es anterior al inicio de la resolución de numeración.',
  unfielded: CONFIG,
};
const SOFTWARE: Help = {
  meaning: 'La huella del software de facturación no corresponde a un software autorizado.',
  unfielded: CONFIG,
};
const EXPIRED: Help = { meaning: 'La resolución de numeración de la empresa ya venció.', unfielded: CONFIG };
const COMPANY_DV: Help = { meaning: 'El dígito de verificación del NIT de su empresa no es correcto.', unfielded: CONFIG };

const BY_CODE: Record<string, Help> = {
  'SBX-DIR01': {
    meaning:
      'La dirección no es válida para la DIAN: el código del municipio no existe en la lista oficial (DIVIPOLA), no pertenece al departamento indicado, o la dirección es un texto de relleno.',
    unfielded: CONFIG,
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
    unfielded: 'Líneas › tarifa de IVA',
  },
  'SBX-ITM01': {
    meaning:
      'Una línea no lleva un código de producto válido: el documento soporte usa el código UNSPSC de 8 dígitos del bien o servicio (no 00000000 ni 99999999).',
    unfielded: 'Líneas › código',
  },
  'SBX-PRV01': {
    meaning:
      'El proveedor aparece como responsable de IVA: quien es responsable de IVA debe expedirle una factura; el documento soporte es solo para quien no está obligado a facturar.',
    unfielded: 'Proveedor › Régimen y esquema tributario (o pídale al proveedor su factura)',
  },
  'SBX-FEC01': {
    meaning:
      'La fecha u hora del documento no es aceptable: una factura debe llevar la fecha del día en que se envía (hora de Colombia) y un documento soporte no puede tener fecha futura.',
    unfielded: 'Fecha del documento',
  },
  'SBX-OP01': {
    meaning:
      'El tipo de operación no corresponde al documento: en un documento soporte, 10 para un proveedor en Colombia y 11 para uno en el exterior; en una factura, 10 (estándar) o 09 cuando lleva AIU.',
  },
  'SBX-SIM01': {
    meaning:
      'Rechazo simulado del ambiente de pruebas: ese número de identificación es uno de prueba que el sandbox siempre rechaza.',
    unfielded: 'Proveedor o cliente › Número de identificación',
  },
  'SBX-RES01': EXPIRED,
  DSAB08a: EXPIRED,
  DSAJ24b: {
    meaning: 'El dígito de verificación (DV) del NIT del proveedor no es correcto.',
    unfielded: 'Proveedor › Número de identificación y dígito de verificación',
  },
  FAK24: {
    meaning: 'El dígito de verificación (DV) del NIT del cliente no es correcto.',
    unfielded: 'Cliente › Número de documento',
  },
  FAJ24: COMPANY_DV,
  DSAK24: COMPANY_DV,
  FAJ43b: {
    meaning: 'La DIAN no reconoce al cliente (adquirente) como válido.',
    unfielded: 'Cliente › Tipo y número de documento, nombre',
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
  ZE02: { meaning: 'La firma digital del documento no cumple la política de firma de la DIAN.', unfielded: CONFIG },
  ZB01: { meaning: 'El archivo enviado a la DIAN no es un XML válido.', unfielded: TOTALS },
  FAD06: { meaning: 'El código único de la factura (CUFE) no coincide con sus datos.', unfielded: TOTALS },
  DSAD06: { meaning: 'El código único del documento soporte (CUDS) no coincide con sus datos.', unfielded: TOTALS },
};

/** The DIAN's rule families of totals (FAU.., DSAU..), taxes (FAS.., DSAS..) and line values (FAV.., DSAV..). */
const FAMILIES: [RegExp, Help][] = [
  [/^(FA|DSA)U\d/, { meaning: 'Los totales del documento no cuadran con la suma de sus líneas.', unfielded: TOTALS }],
  [
    /^(FA|DSA)S\d/,
    {
      meaning:
        'Los impuestos o retenciones no cuadran: el valor no corresponde a la base por la tarifa, o el total de un impuesto no coincide con el de las líneas.',
      unfielded: 'Tarifas de IVA de las líneas y retenciones',
    },
  ],
  [
    /^(FA|DSA)V\d/,
    { meaning: 'En una línea, el valor no es la cantidad por el precio.', unfielded: 'Líneas › cantidad y precio' },
  ],
];

function helpOf(code: string): Help | undefined {
  return BY_CODE[code] ?? FAMILIES.find(([family]) => family.test(code))?.[1];
}

/** Each rule of a rejection, explained, with where to correct it. */
export function explainRejection(rejection: DianRejection, kind: DocumentKind): ExplainedRule[] {
  return rejection.rules.map((rule) => {
    const help = helpOf(rule.code);
    const field = rule.field === null ? null : requestFieldLabel(kind, rule.field);
    return {
      code: rule.code,
      message: rule.message,
      meaning: help?.meaning ?? 'La DIAN rechazó el documento por la regla indicada.',
      where: field ?? help?.unfielded ?? UNSPECIFIED,
    };
  });
}
