// Labelled lists of the DSE form that are not DIAN code lists (those live in shared/dian/).

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
