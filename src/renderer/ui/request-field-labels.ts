// A request field a server names ("proveedor.codigo_municipio", "items[2].unidad_medida") in the
// words of the form that holds it, as the form labels it; null for a field the app has no label for
// (the contract's name is never shown).
import type { DocumentKind } from '#shared/rpc/methods/submissions';

const SUPPLIER: Record<string, string> = {
  tipo_documento: 'Tipo de identificación',
  nit: 'Número de identificación',
  numero_documento: 'Número de identificación',
  dv: 'Dígito de verificación',
  nombre: 'Nombre o razón social',
  nombre_comercial: 'Nombre comercial',
  regimen: 'Régimen',
  dian_tax_scheme_code: 'Esquema tributario',
  direccion: 'Dirección',
  codigo_departamento: 'Departamento',
  departamento: 'Departamento',
  codigo_municipio: 'Municipio',
  municipio: 'Municipio',
  pais: 'País',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  codigo_postal: 'Código postal',
};

const CUSTOMER: Record<string, string> = {
  tipo_doc: 'Tipo de documento',
  numero_doc: 'Número de documento',
  nombre: 'Nombre o razón social',
  email: 'Correo electrónico',
  direccion: 'Dirección',
  codigo_departamento: 'Departamento',
  departamento: 'Departamento',
  codigo_municipio: 'Municipio',
  municipio: 'Municipio',
};

const DSE_LINE: Record<string, string> = {
  codigo: 'Código UNSPSC',
  descripcion: 'Descripción',
  cantidad: 'Cantidad',
  unidad_medida: 'Unidad',
  precio_unitario: 'Precio unitario',
  porcentaje_iva: '% IVA',
};

const FE_LINE: Record<string, string> = {
  desc: 'Descripción',
  cant: 'Cantidad',
  unit: 'Valor unitario',
  iva: 'Impuesto',
};

const DSE_TOP: Record<string, string> = {
  fecha_documento: 'Fecha del documento',
  fecha_inicio_periodo: 'Inicio del periodo',
  fecha_fin_periodo: 'Fin del periodo',
  fecha_vencimiento: 'Fecha de vencimiento',
  forma_generacion: 'Forma de generación',
  forma_pago: 'Forma de pago',
  medio_pago_codigo: 'Medio de pago',
  moneda: 'Moneda',
  tasa_cambio: 'Tasa de cambio',
  retenciones: 'Retenciones',
};

const FE_TOP: Record<string, string> = {
  fecha_emision: 'Fecha de emisión',
  observaciones: 'Observaciones',
  aiu: 'AIU (administración, imprevistos y utilidad)',
  'currency.commercial_currency': 'Moneda › Moneda de la factura',
  'currency.applied_rate': 'Moneda › Tasa aplicada',
  'currency.official_trm': 'Moneda › TRM oficial',
  'currency.rate_date': 'Moneda › Fecha de la TRM',
  'payment.means_code': 'Pago › Medio de pago',
  'payment.form': 'Pago › Forma de pago',
  'payment.due_date': 'Pago › Fecha de vencimiento',
  'contingencia.talonario': 'Factura de contingencia › Número del talonario',
  'contingencia.hora': 'Factura de contingencia › Hora de la venta',
  es_contingencia: 'Factura de contingencia',
  withholdings: 'Retenciones',
};

/** The party each kind names: the supplier of a support document, the customer of an invoice. */
const PARTY: Record<DocumentKind, { prefix: string; name: string; labels: Record<string, string> }> = {
  DSE: { prefix: 'proveedor.', name: 'Proveedor', labels: SUPPLIER },
  FE: { prefix: 'receptor.', name: 'Cliente', labels: CUSTOMER },
};

/** "items[2].cantidad" or "items.2.cantidad" -> [2, "cantidad"]. */
function lineOf(path: string): [number, string] | null {
  const match = /^items(?:\[(\d+)\]|\.(\d+))\.(\w+)$/.exec(path);
  return match ? [Number(match[1] ?? match[2]), match[3]!] : null;
}

export function requestFieldLabel(kind: DocumentKind, path: string): string | null {
  const line = lineOf(path);
  if (line) {
    const label = (kind === 'DSE' ? DSE_LINE : FE_LINE)[line[1]];
    return label ? `Líneas › línea ${line[0] + 1} › ${label}` : null;
  }
  const party = PARTY[kind];
  if (path.startsWith(party.prefix)) {
    const label = party.labels[path.slice(party.prefix.length)];
    return label ? `${party.name} › ${label}` : null;
  }
  return (kind === 'DSE' ? DSE_TOP : FE_TOP)[path] ?? null;
}
