// The contingency outbox in sight, never in the way (issue 16, item 5): while documents wait to be
// transmitted, a banner over every screen says how many, when the service was last tried, and offers
// "Transmitir ahora". Selling goes on underneath; nothing here is modal.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatDateTime } from '../../shared/dates';
import type { OutboxStatus } from '../../shared/rpc/methods/outbox';
import { useRpcEvent, useRpcMutation, useRpcQuery } from '../rpc/hooks';

/** "1 documento en cola", "12 documentos en cola". */
export function queuedText(n: number): string {
  return `${n.toLocaleString('es-CO')} ${n === 1 ? 'documento' : 'documentos'} en cola`;
}

/** The most urgent deadline message of the queue, if any window is short or missed. */
export function urgentMessage(status: OutboxStatus): string | null {
  const rank = { ok: 0, '24h': 1, '4h': 2, missed: 3 } as const;
  const worst = [...status.items].sort((a, b) => rank[b.level] - rank[a.level])[0];
  return worst && worst.level !== 'ok' ? worst.message : null;
}

export function OutboxBanner() {
  const client = useQueryClient();
  const status = useRpcQuery('outbox.status', {}, { refetchInterval: 15_000 });
  const transmit = useRpcMutation('outbox.transmit', ['outbox.status', 'submissions.list']);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ['outbox.status'] }), [client]);
  useRpcEvent('outbox.changed', refresh);

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
        {result && !transmit.isPending && result.queued > 0 && result.message && (
          <span className="outbox-banner__meta">{result.message}</span>
        )}
        {transmit.isError && <span className="outbox-banner__urgent">{transmit.error.message}</span>}
      </div>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => transmit.mutate({})}>
        {busy ? 'Transmitiendo…' : 'Transmitir ahora'}
      </button>
    </div>
  );
}
