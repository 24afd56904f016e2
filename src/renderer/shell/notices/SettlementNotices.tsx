// Says so when a document settles in the background: an FE that was pending or in doubt (the shop
// went on selling meanwhile), and any DSE that reaches its final state. Mounted once, in the shell,
// so the notice comes whatever screen is open. A system notification too, where the user allowed it.
import { useCallback, useEffect, useRef } from 'react';
import type { Submission } from '#shared/rpc/methods/submissions';
import { invoke } from '#renderer/rpc/client';
import { useRpcEvent, useRpcQuery } from '#renderer/rpc/hooks';
import { pushNotice, type Notice } from './notices';
import { isAcceptedEstado } from '#renderer/ui/states';

function tellSystem(text: string): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
    new Notification('Factura Desk', { body: text });
}

/** The notice for an FE that left the pending list, or null while it is still open. */
export function feSettlementNotice(submission: Submission): Notice | null {
  const name = submission.document_number ?? (submission.document_id !== null ? `con id ${submission.document_id}` : '');
  const customer = submission.counterpart ? ` de ${submission.counterpart}` : '';
  const base = { key: `FE-${submission.id}`, testId: 'fe-toast', link: { label: 'Ver en el historial', href: '#/historial' } };
  if (submission.state === 'accepted')
    return { ...base, tone: 'ok', text: `La factura ${name}${customer} fue aceptada por la DIAN.` };
  if (submission.state === 'rejected') {
    const reason = submission.error?.message ? ` Motivo: ${submission.error.message}` : '';
    return {
      ...base,
      tone: 'error',
      text: `La DIAN rechazó la factura ${name}${customer}.${reason} Emita una nueva con los datos corregidos.`,
    };
  }
  if (submission.state === 'conflict' || submission.state === 'failed') {
    return {
      ...base,
      tone: 'error',
      text: `La factura${customer} no se pudo emitir: ${submission.error?.message ?? 'el servicio no la aceptó.'}`,
    };
  }
  return null;
}

export function SettlementNotices() {
  const open = useRpcQuery('submissions.list', { open: true, limit: 500 });
  // Every FE seen unresolved since the app started: only those settle "in the background".
  const followed = useRef(new Set<number>());
  useEffect(() => {
    for (const s of open.data ?? []) if (s.kind === 'FE') followed.current.add(s.id);
  }, [open.data]);

  const onChange = useCallback(
    (p: { kind: string; submission_id: number | null; document_id: number | null; estado: string }) => {
      const id = p.submission_id;
      if (p.kind === 'FE') {
        if (id === null || !followed.current.has(id)) return;
        void invoke('submissions.get', { id }).then(
          (submission) => {
            const notice = feSettlementNotice(submission);
            if (!notice) return;
            followed.current.delete(id);
            pushNotice(notice);
            tellSystem(notice.text);
          },
          () => undefined,
        );
        return;
      }
      if (!isAcceptedEstado(p.estado) && p.estado !== 'rechazado') return;
      const number =
        id === null
          ? Promise.resolve(null)
          : invoke('submissions.get', { id }).then(
              (s) => s.document_number,
              () => null,
            );
      void number.then((documentNumber) => {
        const name = documentNumber ?? (p.document_id !== null ? `con id ${p.document_id}` : '');
        const accepted = isAcceptedEstado(p.estado);
        const text = accepted
          ? `El documento soporte ${name} fue aceptado por la DIAN.`
          : `La DIAN rechazó el documento soporte ${name}. Vea el motivo en el documento.`;
        pushNotice({ key: `DSE-${id ?? p.document_id ?? text}`, text, tone: accepted ? 'ok' : 'error', testId: 'dse-toast' });
        tellSystem(text);
      });
    },
    [],
  );
  useRpcEvent('document.changed', onChange);
  return null;
}
