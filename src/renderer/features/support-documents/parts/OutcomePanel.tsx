import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '#shared/dates';
import { copyText } from '#renderer/ui/copy';
import { Alert } from '#renderer/ui/Alert';
import { HeldRelease } from '#renderer/ui/HeldRelease';
import { RejectionReasons } from '#renderer/ui/RejectionReasons';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { useFollowedSubmission, useSubmissionCheck } from '#renderer/forms/useFollowedSubmission';
import { standingCorrection, startCorrection } from '../correction';
import type { DseDraftState } from '../useDseDraft';
import { submissionStateDetail } from '#renderer/ui/states';
import { OPEN_SUBMISSION_STATES, type Submission } from '#shared/rpc/methods/submissions';

function SupportInfo({ id }: { id: number }) {
  const info = useRpcQuery('submissions.supportInfo', { id });
  const [copied, setCopied] = useState(false);
  if (!info.data) return info.isError ? <p className="field__error">{info.error.message}</p> : null;
  return (
    <div className="dse-support">
      <pre>{info.data.text}</pre>
      <button type="button" className="button button--secondary" onClick={() => void copyText(info.data.text).then(setCopied)}>
        {copied ? 'Copiada' : 'Copiar información de soporte'}
      </button>
    </div>
  );
}

/** What the answer means, from the contract's table of DSE responses, kept current by the poller's events. */
export function OutcomePanel({
  id,
  onNew,
  onFix,
  onCorrected,
}: {
  id: number;
  onNew: () => void;
  /** the service refused the data: the form takes them back, with the fields it named marked */
  onFix: (refused: Submission) => void;
  onCorrected: (state: DseDraftState) => void;
}) {
  const [correcting, setCorrecting] = useState<'idle' | 'busy' | string>('idle');
  const correct = () => {
    setCorrecting('busy');
    startCorrection(id).then(onCorrected, (error: unknown) =>
      setCorrecting(`No se pudo preparar la corrección: ${error instanceof Error ? error.message : 'error desconocido'}`),
    );
  };
  const query = useFollowedSubmission(id);
  const check = useSubmissionCheck(id);
  const panel = useRef<HTMLElement>(null);
  const s = query.data;
  const links = useRpcQuery('dseCorrections.of', { submission_id: id }, { enabled: s?.state === 'rejected' });
  const standing = standingCorrection(links.data?.corrected_by ?? []);
  const loaded = s !== undefined;
  useEffect(() => {
    // The answer appears above the form: bring it into view after the click at the bottom.
    if (loaded) panel.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  if (query.isError)
    return (
      <Alert tone="error" title="No se pudo leer el envío">
        {query.error.message}
      </Alert>
    );
  if (!s) return <p className="muted">Consultando el envío…</p>;
  const newButton = (
    <button type="button" className="button" onClick={onNew}>
      Nuevo documento soporte
    </button>
  );
  return (
    <section ref={panel} className="panel dse-outcome" aria-live="polite" data-testid="dse-outcome" data-state={s.state}>
      {s.state === 'accepted' && (
        <Alert tone="ok" title="Documento soporte aceptado por la DIAN">
          <p>
            Número <strong data-testid="dse-outcome-number">{s.document_number ?? '—'}</strong>
          </p>
          <p className="dse-cuds">
            CUDS <code data-testid="dse-outcome-cuds">{s.fiscal_key ?? '—'}</code>
          </p>
        </Alert>
      )}
      {s.state === 'rejected' && (
        <Alert tone="error" title="La DIAN rechazó el documento soporte">
          <div data-testid="dse-outcome-reason">
            <RejectionReasons submission={s} fallback="Sin motivo informado." />
          </div>
          <p>
            Número <strong>{s.document_number ?? '—'}</strong>
            {s.fiscal_key ? (
              <>
                {' '}
                · CUDS <code className="dse-cuds">{s.fiscal_key}</code>
              </>
            ) : null}
          </p>
          {standing ? (
            <p data-testid="dse-outcome-corrected">
              Corregido por {standing.number ?? `el envío ${standing.submission_id}`} ({submissionStateDetail(standing)}): no se
              corrige dos veces.
            </p>
          ) : (
            links.isSuccess && (
              <>
                <p>
                  Corríjalo sin escribir todo de nuevo: se abre un documento nuevo con el mismo proveedor, líneas y retenciones;
                  el rechazado queda en el Historial.
                </p>
                <button type="button" className="button" disabled={correcting === 'busy'} onClick={correct}>
                  {correcting === 'busy' ? 'Preparando…' : 'Corregir y enviar de nuevo'}
                </button>
              </>
            )
          )}
          {correcting !== 'idle' && correcting !== 'busy' && (
            <p className="field__error" role="alert">
              {correcting}
            </p>
          )}
        </Alert>
      )}
      {OPEN_SUBMISSION_STATES.includes(s.state) && (
        <Alert
          tone="warn"
          title={s.error?.code === 'api_state_unknown' ? 'Documento en verificación' : 'Documento en seguimiento'}
        >
          <p>
            Estado: <strong data-testid="dse-outcome-estado">{submissionStateDetail(s)}</strong>
            {s.document_id !== null && ` · documento ${s.document_id}`}
          </p>
          {s.error?.code !== 'api_state_unknown' && (
            <p>
              La DIAN aún no da un resultado definitivo. Factura Desk lo consulta solo, con la misma clave y sin crear duplicados;
              esta pantalla se actualiza cuando cambie
              {s.next_check_at ? ` (próxima consulta: ${formatDateTime(s.next_check_at)})` : ''}. Puede cerrar la aplicación: lo
              seguirá al volver a abrirla.
            </p>
          )}
          {s.error?.code === 'credentials_changed' ? <HeldRelease submission={s} /> : s.error && <p>{s.error.message}</p>}
          <button type="button" className="button button--secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? 'Consultando…' : 'Consultar ahora'}
          </button>
          {check.isError && <p className="field__error">{check.error.message}</p>}
          <p className="muted">Si emite otro documento, este sigue en seguimiento en «Pendientes».</p>
        </Alert>
      )}
      {s.state === 'conflict' && (
        <Alert tone="error" title="Error interno de Factura Desk (409)">
          <p>{s.error?.message}</p>
          <p>No se creó ningún documento nuevo. Copie la información de soporte y envíela a su proveedor de software.</p>
          <SupportInfo id={id} />
        </Alert>
      )}
      {s.state === 'failed' && (
        <Alert tone="error" title="El servicio no aceptó los datos; no se creó el documento">
          <p data-testid="dse-outcome-reason">{s.error?.message}</p>
          <button type="button" className="button" onClick={() => onFix(s)}>
            Corregir los datos
          </button>
        </Alert>
      )}
      {s.state !== 'failed' && newButton}
    </section>
  );
}
