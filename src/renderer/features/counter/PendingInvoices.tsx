// The invoices the shop sold while their outcome was uncertain: each one with
// its state, confirmed in the background with its own key while the counter goes on selling.
// Shown on Facturas only when there is one; the shell's notice says when each one settles.
import type { Submission } from '#shared/rpc/methods/submissions';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { PendingTable } from '#renderer/ui/PendingTable';
import { estadoLabel, SUBMISSION_STATE_LABELS } from '#renderer/ui/states';
import './counter.css';

export function pendingStateText(
  s: Pick<Submission, 'state' | 'estado_dian'> & Partial<Pick<Submission, 'contingency'>>,
): string {
  if (s.contingency && !s.contingency.transmitted_at && s.state === 'in_doubt')
    return `Factura de contingencia en cola · ${s.contingency.local_ref}`;
  if (s.state === 'pending' && s.estado_dian) return estadoLabel(s.estado_dian);
  if (s.state === 'in_doubt') return 'Sin respuesta confirmada';
  return SUBMISSION_STATE_LABELS[s.state];
}

export function PendingInvoices({ exclude }: { exclude?: number | null }) {
  const list = useRpcQuery('submissions.list', { open: true, limit: 500 });
  const check = useRpcMutation('submissions.check', ['submissions.list']);
  const rows = (list.data ?? []).filter((s) => s.kind === 'FE' && s.id !== exclude);
  if (list.isError) {
    return (
      <p className="field__error" role="alert">
        No se pudo leer la lista de facturas pendientes: {list.error.message}
      </p>
    );
  }
  if (rows.length === 0) return null;
  return (
    <section className="panel pending-invoices" aria-labelledby="pending-invoices-title" data-testid="pending-invoices">
      <h2 id="pending-invoices-title">Facturas pendientes de confirmar ({rows.length})</h2>
      <p className="muted">
        Se confirman solas en segundo plano con su misma clave: no se crearán duplicados. Siga vendiendo; le avisaremos cuando la
        DIAN responda. No las emita otra vez.
      </p>
      <PendingTable
        rows={rows}
        columns={{ counterpart: 'Cliente', number: 'Número', state: 'Estado', sent: 'Enviada' }}
        number={(s) => s.document_number ?? '—'}
        stateText={pendingStateText}
        check={check}
        checkLabel={(checking) => (checking ? 'Verificando…' : 'Verificar ahora')}
        rowTestId="pending-invoice"
      />
      {check.isError && (
        <p className="field__error" role="alert">
          {check.error.message}
        </p>
      )}
    </section>
  );
}
