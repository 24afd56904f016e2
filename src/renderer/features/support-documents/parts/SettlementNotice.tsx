import { useCallback, useState } from 'react';
import { useRpcEvent } from '../../../rpc/hooks';

interface Notice {
  id: number;
  text: string;
  tone: 'ok' | 'error';
}

/** A notification when a followed DSE settles (the poller learnt its final state); also a system one where allowed. */
export function SettlementNotice() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const onChange = useCallback((p: { kind: string; submission_id: number | null; document_id: number | null; estado: string }) => {
    if (p.kind !== 'DSE' || (p.estado !== 'aceptado' && p.estado !== 'rechazado')) return;
    const text =
      p.estado === 'aceptado'
        ? `El documento soporte ${p.document_id ?? ''} fue aceptado por la DIAN.`
        : `La DIAN rechazó el documento soporte ${p.document_id ?? ''}. Revise el motivo en el documento.`;
    setNotices((list) => [...list.filter((n) => n.id !== p.submission_id), { id: p.submission_id ?? Date.now(), text, tone: p.estado === 'aceptado' ? 'ok' : 'error' }]);
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') new Notification('Factura Desk', { body: text });
  }, []);
  useRpcEvent('document.changed', onChange);
  if (notices.length === 0) return null;
  return (
    <div className="dse-toasts" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`alert alert--${n.tone} dse-toast`} data-testid="dse-toast">
          <span>{n.text}</span>
          <button type="button" className="dse-toast__close" aria-label="Cerrar aviso" onClick={() => setNotices((l) => l.filter((x) => x.id !== n.id))}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
