// The contingency outbox in sight, never in the way: while documents wait to be
// transmitted, a banner above every screen (in its own place, covering nothing) says how many, when the service was last tried, and offers
// "Transmitir ahora". Selling goes on underneath; nothing here is modal.
import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import type { OutboxStatus } from '#shared/rpc/methods/outbox';
import { useRpcMutation, useRpcQuery } from '../rpc/hooks';
import { countOf } from '#shared/format';

/** "1 documento en cola", "12 documentos en cola". */
export function queuedText(n: number): string {
  return `${countOf(n, 'documento')} en cola`;
}

/** The most urgent deadline message of the queue, if any window is short or missed. */
export function urgentMessage(status: OutboxStatus): string | null {
  const rank = { ok: 0, '24h': 1, '4h': 2, missed: 3 } as const;
  const worst = [...status.items].sort((a, b) => rank[b.level] - rank[a.level])[0];
  return worst && worst.level !== 'ok' ? worst.message : null;
}

export function OutboxBanner() {
  const status = useRpcQuery('outbox.status', {}, { refetchInterval: 15_000 });
  const transmit = useRpcMutation('outbox.transmit', ['outbox.status', 'submissions.list']);

  const [open, setOpen] = useState(false);
  const data = status.data;
  if (!data || (data.queued === 0 && !data.transmitting)) return null;
  const busy = transmit.isPending || data.transmitting;
  const urgent = urgentMessage(data);
  const result = transmit.data;
  return (
    <div
      className={`outbox-banner${urgent ? ' outbox-banner--urgent' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="outbox-banner"
    >
      <div className="outbox-banner__text">
        <strong>
          {busy ? 'Transmitiendo la cola de contingencia' : 'Sin conexión con el servicio'} — {queuedText(data.queued)}
        </strong>
        <span className="outbox-banner__meta">
          {data.last_check_at
            ? `Última comprobación: ${formatDateTime(data.last_check_at)}`
            : 'Aún no se ha comprobado el servicio'}
          {' · '}Puede seguir vendiendo: las facturas salen como «Factura de contingencia» y se transmiten en orden.
        </span>
        {urgent && <span className="outbox-banner__urgent">{urgent}</span>}
        {data.numbering_notice && (
          <span className="outbox-banner__urgent" data-testid="outbox-numbering-notice">
            {data.numbering_notice}
          </span>
        )}
        {result && !transmit.isPending && result.queued > 0 && result.message && (
          <span className="outbox-banner__meta">{result.message}</span>
        )}
        {transmit.isError && <span className="outbox-banner__urgent">{transmit.error.message}</span>}
      </div>
      <div className="outbox-banner__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => transmit.mutate({})}>
          {busy ? 'Transmitiendo…' : 'Transmitir ahora'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls="outbox-list"
          onClick={() => setOpen((before) => !before)}
        >
          {open ? 'Ocultar la cola' : 'Ver la cola'}
        </button>
      </div>
      {open && <OutboxList items={data.items} />}
    </div>
  );
}

const KIND_LABELS = { FE: 'Factura', DSE: 'Documento soporte' } as const;

/** Each queued document with the time left of its window, in transmission order. */
function OutboxList({ items }: { items: OutboxStatus['items'] }) {
  return (
    <div className="outbox-banner__list" id="outbox-list">
      <table className="data" data-testid="outbox-list">
        <caption className="visually-hidden">Documentos en la cola de contingencia, en el orden en que se transmitirán</caption>
        <thead>
          <tr>
            <th scope="col">Ref. local</th>
            <th scope="col">No. de contingencia</th>
            <th scope="col">Documento</th>
            <th scope="col">Cliente o proveedor</th>
            <th scope="col">Registrado</th>
            <th scope="col">Tiempo para transmitir</th>
            <th scope="col">Último intento</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.local_ref} className={item.level === 'ok' ? undefined : 'outbox-banner__row--urgent'}>
              <td>{item.local_ref}</td>
              <td>{item.ticket ?? (item.kind === 'FE' ? 'Sin número' : '—')}</td>
              <td>{KIND_LABELS[item.kind]}</td>
              <td>{item.counterpart ?? '—'}</td>
              <td>{formatDateTime(item.queued_at)}</td>
              <td>
                {item.time_left}
                {item.message && <div className="outbox-banner__urgent">{item.message}</div>}
              </td>
              <td>{item.last_error ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
