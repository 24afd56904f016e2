// The DSE form as the user edits it: every control holds text (numbers as typed in es-CO, "1.234,50"),
// turned into the contract's request by `toRawRequest`. Saved as the draft's data.
export interface SupplierValues {
  tipo_documento: string;
  nit: string;
  dv: string;
  nombre: string;
  nombre_comercial: string;
  regimen: string;
  dian_tax_scheme_code: string;
  direccion: string;
  codigo_departamento: string;
  departamento: string;
  codigo_municipio: string;
  municipio: string;
  pais: string;
  email: string;
  telefono: string;
  codigo_postal: string;
}

export interface ItemValues {
  codigo: string;
  descripcion: string;
  cantidad: string;
  unidad_medida: string;
  precio_unitario: string;
  porcentaje_iva: string;
  /** cost center id as text; '' for none */
  cost_center_id: string;
}

export type WithholdingCode = '' | '05' | '06' | '07';

export interface WithholdingValues {
  enabled: boolean;
  code: WithholdingCode;
  base_mode: 'subtotal' | 'impuestos' | 'total';
  /** explicit base; '' to take it from the base mode */
  base_amount: string;
  percent: string;
  amount: string;
}

export interface DseFormValues {
  proveedor: SupplierValues;
  forma_generacion: '1' | '2';
  fecha_inicio_periodo: string;
  fecha_fin_periodo: string;
  items: ItemValues[];
  forma_pago: '1' | '2';
  medio_pago_codigo: string;
  fecha_vencimiento: string;
  fecha_vencimiento_contable: string;
  retenciones: WithholdingValues[];
}

export function emptySupplier(): SupplierValues {
  return {
    tipo_documento: '13',
    nit: '',
    dv: '',
    nombre: '',
    nombre_comercial: '',
    regimen: 'O-49',
    dian_tax_scheme_code: 'ZZ',
    direccion: '',
    codigo_departamento: '',
    departamento: '',
    codigo_municipio: '',
    municipio: '',
    pais: 'CO',
    email: '',
    telefono: '',
    codigo_postal: '',
  };
}

export function emptyItem(): ItemValues {
  return {
    codigo: '',
    descripcion: '',
    cantidad: '1',
    unidad_medida: 'EA',
    precio_unitario: '',
    porcentaje_iva: '0',
    cost_center_id: '',
  };
}

export function emptyWithholding(code: WithholdingCode = ''): WithholdingValues {
  const base_mode = code === '05' ? 'impuestos' : 'subtotal';
  return { enabled: true, code, base_mode, base_amount: '', percent: '', amount: '' };
}

export function emptyForm(): DseFormValues {
  return {
    proveedor: emptySupplier(),
    forma_generacion: '1',
    fecha_inicio_periodo: '',
    fecha_fin_periodo: '',
    items: [emptyItem()],
    forma_pago: '1',
    medio_pago_codigo: '10',
    fecha_vencimiento: '',
    fecha_vencimiento_contable: '',
    retenciones: [],
  };
}

/** A saved draft's data back into form values, tolerating drafts written by an older version. */
export function formFromDraft(data: Record<string, unknown>): DseFormValues {
  const base = emptyForm();
  const values = data as Partial<DseFormValues>;
  return {
    ...base,
    ...values,
    proveedor: { ...base.proveedor, ...(values.proveedor ?? {}) },
    items:
      Array.isArray(values.items) && values.items.length > 0 ? values.items.map((i) => ({ ...emptyItem(), ...i })) : base.items,
    retenciones: Array.isArray(values.retenciones) ? values.retenciones.map((w) => ({ ...emptyWithholding(), ...w })) : [],
  };
}
