// A DSE request as it was sent (the ledger's exact body) back into form values, to correct a
// rejected document: the supplier, the mode and period, the lines, the payment and the withholdings.
// Numbers are written with a decimal comma and no thousands separator ("1234,5"), which the form
// reads back to the very same value (a "123.456" would read as thousands).
import { DSE_WITHHOLDINGS } from '#shared/dse/index';
import {
  emptyForm,
  emptyItem,
  emptySupplier,
  emptyWithholding,
  type DseFormValues,
  type ItemValues,
  type SupplierValues,
  type WithholdingValues,
} from './form-values';

type Obj = Record<string, unknown>;

const asObj = (value: unknown): Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const asList = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(asObj) : []);
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A JSON number of the request as the form types it. */
export function formNumber(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const written = typeof value === 'number' ? String(value) : String(value).trim();
  return written.replace('.', ',');
}

const first = (o: Obj, names: string[]): unknown => names.map((n) => o[n]).find((v) => v !== undefined);

export function formFromRequest(request: Obj): DseFormValues {
  const base = emptyForm();
  const p = asObj(request.proveedor);
  const proveedor: SupplierValues = { ...emptySupplier() };
  for (const key of Object.keys(proveedor) as (keyof SupplierValues)[]) {
    const value = key === 'nit' ? first(p, ['nit', 'numero_documento']) : p[key];
    if (value !== undefined && value !== null) proveedor[key] = text(value);
  }
  const items: ItemValues[] = asList(request.items).map((item) => ({
    ...emptyItem(),
    codigo: text(item.codigo),
    descripcion: text(item.descripcion),
    cantidad: formNumber(item.cantidad),
    unidad_medida: text(item.unidad_medida) || 'EA',
    precio_unitario: formNumber(item.precio_unitario),
    porcentaje_iva: formNumber(item.porcentaje_iva ?? 0),
    cost_center_id: item.cost_center_id !== undefined ? text(item.cost_center_id) : '',
  }));
  const retenciones: WithholdingValues[] = asList(first(request, ['retenciones', 'withholdings'])).map((w) => {
    const code = text(first(w, ['dian_tax_code', 'codigo_dian']));
    const known = DSE_WITHHOLDINGS.find((c) => c.code === code);
    const mode = text(first(w, ['base_mode', 'modo_base']));
    return {
      ...emptyWithholding(known?.code ?? ''),
      enabled: w.enabled !== false && w.activa !== false,
      ...(mode === 'subtotal' || mode === 'impuestos' || mode === 'total' ? { base_mode: mode } : {}),
      base_amount: formNumber(first(w, ['base_amount', 'base'])),
      percent: formNumber(first(w, ['percent', 'porcentaje'])),
      amount: formNumber(first(w, ['amount', 'valor'])),
    };
  });
  const mode = text(first(request, ['forma_generacion'])) === '2' ? '2' : '1';
  const pago = text(first(request, ['forma_pago', 'payment_type'])) === '2' ? '2' : '1';
  return {
    ...base,
    proveedor,
    forma_generacion: mode,
    fecha_inicio_periodo: mode === '2' ? text(first(request, ['fecha_inicio_periodo', 'period_start_date'])) : '',
    fecha_fin_periodo: mode === '2' ? text(first(request, ['fecha_fin_periodo', 'period_end_date'])) : '',
    items: items.length > 0 ? items : base.items,
    forma_pago: pago,
    medio_pago_codigo: text(first(request, ['medio_pago_codigo', 'payment_means_code'])) || '10',
    // In cash the due date is the document date (today's, set when sending); in credit it is kept.
    fecha_vencimiento: pago === '2' ? text(first(request, ['fecha_vencimiento', 'payment_due_date'])) : '',
    fecha_vencimiento_contable: text(request.fecha_vencimiento_contable),
    retenciones,
  };
}
