// The document as the service keeps it (FE: endpoint 2; DSE: endpoint 8), in the user's words: each
// field the contract names has a Spanish label and its value formatted (states, dates, amounts,
// yes/no); the fields already shown above (key, items, the counterpart's name) are not repeated.
// A field the contract does not name (a server may add some; the client reads tolerantly) is kept,
// folded under "Datos técnicos adicionales", as the server wrote it, for whoever supports the shop.
import type { ReactNode } from 'react';
import { formatDate, formatWallClock } from '#shared/dates';
import type { ConnectionKind } from '#shared/rpc/methods/connections';
import { Money } from '#renderer/ui/Money';
import { estadoLabel } from '#renderer/ui/states';

type Obj = Record<string, unknown>;
type Show = (value: unknown, document: Obj) => ReactNode;

const plain: Show = (value) => (value === null || value === undefined || value === '' ? '—' : String(value));
const dateTime: Show = (value) => (typeof value === 'string' && value ? formatWallClock(value) : '—');
const instant: Show = (value) => (typeof value === 'string' && value ? formatWallClock(value.replace(/Z$/, '')) : '—');
const money: Show = (value, document) =>
  typeof value === 'string' || typeof value === 'number' ? (
    <Money value={String(value)} currency={document.moneda === 'USD' ? 'USD' : 'COP'} />
  ) : (
    '—'
  );

const FIELDS: Record<string, { label: string; show: Show }> = {
  id: { label: 'Número interno en el servicio', show: plain },
  company_id: { label: 'Empresa en el servicio', show: plain },
  tipo_dian: {
    label: 'Tipo de documento',
    show: (v) => (v === '01' ? 'Factura electrónica de venta' : v === '91' ? 'Nota crédito' : plain(v, {})),
  },
  prefijo: { label: 'Prefijo', show: (v) => (v === '' ? 'Sin prefijo' : plain(v, {})) },
  consecutivo: { label: 'Consecutivo', show: plain },
  estado_dian: { label: 'Estado ante la DIAN', show: (v) => (typeof v === 'string' ? estadoLabel(v) : '—') },
  // Shown through environmentLabel: the connection's kind decides as much as the document's flag.
  es_habilitacion: { label: 'Ambiente', show: (v) => environmentLabel(v, undefined) },
  moneda: {
    label: 'Moneda',
    show: (v) => (v === 'COP' ? 'Pesos colombianos (COP)' : v === 'USD' ? 'Dólares (USD)' : plain(v, {})),
  },
  subtotal: { label: 'Subtotal', show: money },
  impuestos: { label: 'Impuestos', show: money },
  total_retenciones: { label: 'Retenciones', show: money },
  total: { label: 'Total', show: money },
  fecha_emision: { label: 'Emitido', show: dateTime },
  fecha_vencimiento: { label: 'Vencimiento', show: (v) => (v ? dateTime(v, {}) : 'Sin vencimiento') },
  document_date: { label: 'Fecha del documento', show: (v) => (typeof v === 'string' ? formatDate(v) : '—') },
  accounting_due_date: { label: 'Vencimiento contable', show: (v) => (v ? dateTime(v, {}) : 'Sin vencimiento') },
  accounting_status: {
    label: 'Contabilización',
    show: (v) =>
      v === 'posted' ? 'Contabilizado' : v === 'not_posted' ? 'Sin contabilizar' : v === 'pending' ? 'Pendiente' : plain(v, {}),
  },
  third_party_id: { label: 'Proveedor (número interno)', show: plain },
  cost_center_id: { label: 'Centro de costo (número interno)', show: (v) => (v === null ? 'Ninguno' : plain(v, {})) },
  track_id: { label: 'Código de seguimiento DIAN', show: plain },
  last_status_error: { label: 'Último error al consultar la DIAN', show: (v) => (v ? plain(v, {}) : 'Ninguno') },
  xml_path: { label: 'Archivo XML en el servicio', show: plain },
  zip_key: { label: 'Paquete enviado a la DIAN', show: plain },
  created_at: { label: 'Creado en el servicio', show: instant },
  updated_at: { label: 'Última actualización', show: instant },
  // A local record of a rejected document the service gave none for (core/history/local-record.ts).
  registro_local: { label: 'Origen', show: (v) => (v === true ? 'Registro local de este equipo' : plain(v, {})) },
  motivo: { label: 'Motivo del rechazo', show: plain },
  nota: { label: 'Nota', show: plain },
  tercero: {
    label: 'Cliente en el servicio',
    show: (v) => {
      if (v === null || typeof v !== 'object') return '—';
      const t = v as Obj;
      return (
        [t.tipo_documento && t.numero_documento ? `${plain(t.tipo_documento, {})} ${plain(t.numero_documento, {})}` : '', t.email]
          .filter((part) => typeof part === 'string' && part !== '')
          .join(' · ') || '—'
      );
    },
  },
};

/**
 * The document's environment as the shop should read it. A document of a test connection (the
 * sandbox, or a provider's test account) never reached the DIAN with fiscal effect, whatever flag
 * the test server wrote on it; on a production connection the document's own flag decides.
 */
export function environmentLabel(value: unknown, connectionKind: ConnectionKind | undefined): string {
  if (connectionKind === 'sandbox') return 'Pruebas (conexión de pruebas, sin validez fiscal)';
  if (value === true || value === 1) return 'Habilitación (pruebas, sin validez fiscal)';
  if (value === false || value === 0) return 'Producción';
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** Shown elsewhere on the detail (the key, the lines) */
const SHOWN_ABOVE = new Set(['cufe', 'cuds', 'items']);

export function DocumentFields({ document, connectionKind }: { document: Obj; connectionKind?: ConnectionKind | undefined }) {
  const known = Object.keys(document).filter((key) => key in FIELDS && !SHOWN_ABOVE.has(key));
  const other = Object.keys(document).filter((key) => !(key in FIELDS) && !SHOWN_ABOVE.has(key));
  return (
    <>
      <dl className="history-fields">
        {known.map((key) => (
          <div key={key} className="history-fields__item">
            <dt>{FIELDS[key]!.label}</dt>
            <dd className="history-fields__value">
              {key === 'es_habilitacion'
                ? environmentLabel(document[key], connectionKind)
                : FIELDS[key]!.show(document[key], document)}
            </dd>
          </div>
        ))}
      </dl>
      {other.length > 0 && (
        <details className="history-fields__other">
          <summary>Datos técnicos adicionales del servicio</summary>
          <pre>{JSON.stringify(Object.fromEntries(other.map((key) => [key, document[key]])), null, 2)}</pre>
        </details>
      )}
    </>
  );
}
