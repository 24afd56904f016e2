// Labelled code lists the form offers (DIAN's technical annex lists; the contract names the fields).

export const ID_TYPES: readonly { code: string; label: string }[] = [
  { code: '13', label: 'Cédula de ciudadanía' },
  { code: '31', label: 'NIT' },
  { code: '22', label: 'Cédula de extranjería' },
  { code: '41', label: 'Pasaporte' },
  { code: '42', label: 'Documento de identificación extranjero' },
  { code: '47', label: 'Permiso especial de permanencia (PEP)' },
  { code: '48', label: 'Permiso por protección temporal (PPT)' },
  { code: '50', label: 'NIT de otro país' },
  { code: '21', label: 'Tarjeta de extranjería' },
  { code: '12', label: 'Tarjeta de identidad' },
  { code: '11', label: 'Registro civil' },
  { code: '91', label: 'NUIP' },
];

export const REGIMES: readonly { code: string; label: string }[] = [
  { code: 'O-49', label: 'No responsable de IVA' },
  { code: 'O-48', label: 'Responsable de IVA' },
  { code: 'O-47', label: 'Régimen simple de tributación' },
  { code: 'O-13', label: 'Gran contribuyente' },
  { code: 'O-15', label: 'Autorretenedor' },
  { code: 'O-23', label: 'Agente de retención IVA' },
  { code: 'R-99-PN', label: 'No aplica – otros' },
];

export const TAX_SCHEMES: readonly { code: string; label: string }[] = [
  { code: 'ZZ', label: 'No aplica' },
  { code: '01', label: 'IVA' },
  { code: '04', label: 'INC' },
  { code: 'ZA', label: 'IVA e INC' },
];

export { PAYMENT_MEANS } from '#shared/print/payment-means';

export const BASE_MODE_LABELS = { subtotal: 'Subtotal', impuestos: 'Impuestos (IVA)', total: 'Total' } as const;

/** The contract's nine withholding rules ("DSE withholding", Validation rules), as the form lists them. */
export const WITHHOLDING_RULES: readonly string[] = [
  'Las retenciones van en una lista.',
  'Las retenciones desactivadas no se aplican.',
  'No se repite una misma retención.',
  'Cada retención tiene código DIAN y nombre.',
  'La base es mayor que cero y no supera el total del documento.',
  'El porcentaje no es negativo.',
  'Si se indican valor y porcentaje, el valor es base × porcentaje (tolerancia de un centavo).',
  'Si solo se indica el valor, el porcentaje se deriva.',
  'La suma de las retenciones no supera el total del documento.',
];

export function labelOf(list: readonly { code: string; label: string }[], code: string): string | undefined {
  return list.find((entry) => entry.code === code)?.label;
}
