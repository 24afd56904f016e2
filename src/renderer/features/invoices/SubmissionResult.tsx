// What happened after "Emitir factura": accepted (number, CUFE, state), rejected (the server's reason
// and what to fix), or in doubt (what the app is doing; no second invoice will be created). In doubt
// never stops the shop: "Nueva venta" has the focus, and the invoice goes on in the pending list.
import { useState } from 'react';
import type { Submission } from '#shared/rpc/methods/submissions';
import { invoke } from '#renderer/rpc/client';
import { useSubmissionCheck } from '#renderer/forms/useFollowedSubmission';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { RejectionReasons } from '#renderer/ui/RejectionReasons';
import { copyText } from '#renderer/ui/copy';
import { estadoLabel } from '#renderer/ui/states';
import { CounterPrint } from '../print/CounterPrint';
import { SalePaid } from '../counter/SalePaid';
import { formatDateTime } from '#shared/dates';

interface Props {
  /** followed by the session (forms/useFollowedSubmission): it changes when core says so */
  submission: Submission;
  onNew: () => void;
  onCorrect: () => void;
}

function SupportInfoButton({ id }: { id: number }) {
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    try {
      const info = await invoke('submissions.supportInfo', { id });
      setStatus(
        (await copyText(info.text))
          ? 'Información de soporte copiada.'
          : 'No se pudo copiar; seleccione el texto y cópielo a mano.',
      );
    } catch (error) {
      setStatus(error instanceof Error ? error.message : 'No se pudo preparar la información de soporte.');
    }
  };
  return (
    <span className="support-info">
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        Copiar información de soporte
      </button>
      {status && (
        <span className="muted" role="status">
          {' '}
          {status}
        </span>
      )}
    </span>
  );
}

function useDocumentNumber(submission: Submission): string | null {
  const needsLookup = submission.document_number === null && submission.document_id !== null;
  const doc = useRpcQuery('fe.get', { id: submission.document_id ?? 1 }, { enabled: needsLookup, retry: false });
  if (submission.document_number) return submission.document_number;
  return doc.data ? `${doc.data.prefijo}${doc.data.consecutivo}` : null;
}

export function SubmissionResult({ submission, onNew, onCorrect }: Props) {
  const number = useDocumentNumber(submission);
  const check = useSubmissionCheck(submission.id);
  const checking = check.isPending;
  const checkError = check.isError ? check.error.message || 'No se pudo verificar ahora.' : null;
  const checkNow = () => check.mutate();

  /** The service reports a state Factura Desk does not know: shown as it is, "en verificación". */
  const unknownState = submission.state === 'pending' && submission.error?.code === 'api_state_unknown';
  const details = (
    <dl className="result-details">
      <dt>Número</dt>
      <dd data-testid="result-number">{number ?? '—'}</dd>
      <dt>CUFE</dt>
      <dd className="result-cufe" data-testid="result-cufe">
        {submission.fiscal_key ?? '—'}
      </dd>
      <dt>Estado ante la DIAN</dt>
      <dd data-testid="result-state">{submission.estado_dian ? estadoLabel(submission.estado_dian) : '—'}</dd>
      <dt>Cliente</dt>
      <dd>{submission.counterpart ?? '—'}</dd>
    </dl>
  );
  const paid = <SalePaid submissionId={submission.id} />;

  if (submission.state === 'accepted') {
    return (
      <section className="panel result result--ok" aria-labelledby="result-title" data-testid="invoice-result">
        <h2 id="result-title">Factura aceptada por la DIAN</h2>
        {submission.contingency && (
          <p data-testid="contingency-note">
            Factura de contingencia · referencia local <strong>{submission.contingency.local_ref}</strong>, transmitida.
          </p>
        )}
        {details}
        {paid}
        <div className="button-row">
          {/* Enter starts the next sale. */}
          <button type="button" className="button" onClick={onNew} autoFocus>
            Nueva factura
          </button>
          <CounterPrint submissionId={submission.id} />
          <a className="button button--secondary" href="#/historial">
            Ver en el historial
          </a>
          <SupportInfoButton id={submission.id} />
        </div>
      </section>
    );
  }

  if (submission.state === 'rejected') {
    return (
      <section className="panel result result--error" aria-labelledby="result-title" data-testid="invoice-result">
        <h2 id="result-title">La DIAN rechazó la factura</h2>
        <Alert tone="error" title="Motivo">
          <RejectionReasons submission={submission} fallback="La DIAN no informó el motivo." />
        </Alert>
        <p>
          Qué hacer: revise los datos que indica el motivo (por lo general los del cliente: tipo y número de documento, nombre) y
          emita una factura nueva con los datos corregidos. Esta factura rechazada no se reenviará.
        </p>
        {details}
        <div className="button-row">
          <button type="button" className="button" onClick={onCorrect}>
            Corregir y emitir de nuevo
          </button>
          <button type="button" className="button button--secondary" onClick={onNew}>
            Nueva factura
          </button>
          <SupportInfoButton id={submission.id} />
        </div>
      </section>
    );
  }

  if (submission.state === 'conflict') {
    return (
      <section className="panel result result--error" aria-labelledby="result-title" data-testid="invoice-result">
        <h2 id="result-title">No se pudo emitir la factura</h2>
        <Alert tone="error">{submission.error?.message ?? 'El servicio rechazó la clave de envío.'}</Alert>
        <div className="button-row">
          <SupportInfoButton id={submission.id} />
          <button type="button" className="button button--secondary" onClick={onNew}>
            Nueva factura
          </button>
        </div>
      </section>
    );
  }

  const contingency = submission.contingency;
  if (contingency && !contingency.transmitted_at && submission.state === 'in_doubt') {
    return (
      <section className="panel result result--warn" aria-labelledby="result-title" data-testid="invoice-result">
        <h2 id="result-title">Factura de contingencia: puede seguir vendiendo</h2>
        <Alert tone="warn">
          No hay conexión con el servicio de facturación. La venta quedó registrada como <strong>factura de contingencia</strong>{' '}
          con la referencia local <strong data-testid="contingency-ref">{contingency.local_ref}</strong> y se transmitirá sola, en
          orden y una sola vez, cuando el servicio responda.
        </Alert>
        <dl className="result-details">
          <dt>Referencia local</dt>
          <dd>{contingency.local_ref}</dd>
          {submission.kind === 'FE' && (
            <>
              <dt>No. de contingencia</dt>
              <dd data-testid="contingency-ticket">{contingency.ticket ?? 'Sin número'}</dd>
            </>
          )}
          <dt>Transmitir antes del</dt>
          <dd>{formatDateTime(contingency.deadline_at)}</dd>
          <dt>Cliente</dt>
          <dd>{submission.counterpart ?? '—'}</dd>
        </dl>
        {paid}
        {contingency.ticket_problem && <Alert tone="error">{contingency.ticket_problem}</Alert>}
        <p>
          Entregue al cliente el comprobante impreso: lleva la marca «contingencia» y la referencia local. El número y el CUFE
          definitivos se podrán imprimir desde el historial cuando la factura se haya transmitido. No emita la misma venta otra
          vez.
        </p>
        <div className="button-row">
          <button type="button" className="button" onClick={onNew} autoFocus>
            Nueva venta
          </button>
          <CounterPrint submissionId={submission.id} contingency />
          <SupportInfoButton id={submission.id} />
        </div>
      </section>
    );
  }

  return (
    <section className="panel result result--warn" aria-labelledby="result-title" data-testid="invoice-result">
      <h2 id="result-title">
        {unknownState ? 'Factura en verificación: puede seguir vendiendo' : 'Factura en confirmación: puede seguir vendiendo'}
      </h2>
      <Alert tone="warn">
        {unknownState
          ? submission.error?.message
          : submission.state === 'pending'
            ? 'La factura existe en el servicio y su resultado ante la DIAN aún no es definitivo.'
            : (submission.error?.message ?? 'Aún no se sabe si la factura llegó al servicio.')}
      </Alert>
      <p>
        Pasó a <strong>Facturas pendientes de confirmar</strong>:{' '}
        {unknownState
          ? 'la factura existe en el servicio; '
          : 'Factura Desk la confirma sola, en segundo plano y con la misma clave de envío; '}
        <strong>no se creará una segunda factura</strong>, aunque cierre la aplicación o se vaya el internet. Le avisaremos cuando
        la DIAN responda. No emita la misma venta otra vez: atienda la siguiente con «Nueva venta».
      </p>
      {details}
      {paid}
      {checkError && <Alert tone="error">{checkError}</Alert>}
      <div className="button-row">
        <button type="button" className="button" onClick={onNew} autoFocus>
          Nueva venta
        </button>
        <button type="button" className="button button--secondary" onClick={checkNow} disabled={checking}>
          {checking ? 'Verificando…' : 'Verificar ahora'}
        </button>
        <SupportInfoButton id={submission.id} />
      </div>
    </section>
  );
}
