// Request bodies and server documents shaped as the contract describes them.
import type { DseCreateRequest, DseDocument } from '#shared/api/index';

export function dseRequest(nit = '900123456', date = '2026-11-20', descripcion = 'Arena lavada'): DseCreateRequest {
  return {
    fecha_documento: date,
    proveedor: { tipo_documento: '13', nit, nombre: `Proveedor ${nit}` },
    items: [{ codigo: '11111501', descripcion, cantidad: 2, precio_unitario: 50000, porcentaje_iva: 0 }],
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [],
  };
}

export function dseDocument(id: number, estado: DseDocument['estado_dian']): DseDocument {
  return {
    id,
    company_id: 1,
    prefijo: 'DS',
    consecutivo: 1000 + id,
    document_date: '2026-11-20',
    accounting_due_date: null,
    moneda: 'COP',
    subtotal: '100000.00',
    impuestos: '0.00',
    total: '100000.00',
    total_retenciones: '0.00',
    es_habilitacion: 1,
    xml_path: 'x',
    estado_dian: estado,
    cuds: 'c'.repeat(96),
    zip_key: 'z',
    last_status_error: null,
    accounting_status: 'posted',
    third_party_id: 1,
    cost_center_id: null,
    created_at: '2026-11-20 10:00:00',
    updated_at: '2026-11-20 10:00:00',
  };
}
