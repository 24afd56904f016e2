import { useCallback, useState } from 'react';
import { invoke } from '../../../rpc/client';
import { useRpcEvent } from '../../../rpc/hooks';

interface Notice {
  id: number;
  text: string;
  tone: 'ok' | 'error';
}

/** A notification when a followed DSE settles (the poller learnt its final state); also a system one where allowed. */
export function SettlementNotice() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const show = useCallback((text: string, tone: 'ok' | 'error', id: number | null) => {
    setNotices((list) => [...list.filter((n) => n.id !== id), { id: id ?? Date.now(), text, tone }]);
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') new Notification('Factura Desk', { body: text });
  }, []);
  const onChange = useCallback((p: { kind: string; submission_id: number | null; document_id: number | null; estado: string }) => {
    if (p.kind !== 'DSE' || (p.estado !== 'aceptado' && p.estado !== 'rechazado')) return;
    const id = p.submission_id;
    const number = id === null ? Promise.resolve(null) : invoke('submissions.get', { id }).then((s) => s.document_number, () => null);
    void number.then((documentNumber) => {
      const name = documentNumber ?? (p.document_id !== null ? `con id ${p.document_id}` : '');
      const text =
        p.estado === 'aceptado'
          ? `El documento soporte ${name} fue aceptado por la DIAN.`
          : `La DIAN rechazó el documento soporte ${name}. Vea el motivo en el documento.`;
      show(text, p.estado === 'aceptado' ? 'ok' : 'error', id);
    });
  }, [show]);
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
