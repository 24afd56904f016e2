// A DSE's correction links in the Historial: a rejected document offers
// "Corregir y enviar de nuevo" and names the documents that correct it; a correction names the
// rejected document it replaces. The rejected one is never changed.
import { useState } from 'react';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import type { CorrectionSide } from '#shared/rpc/methods/dse-corrections';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { REPLACE_DRAFT_QUESTION, standingCorrection, startCorrection, unsentDraftExists } from '../support-documents/correction';
import { submissionStateDetail } from '#renderer/ui/states';

function SideLink({ side }: { side: CorrectionSide }) {
  const label = `${side.number ?? `envío ${side.submission_id}`} (${submissionStateDetail(side)})`;
  return side.history_id !== null ? <a href={`#/historial/${side.history_id}`}>{label}</a> : <span>{label}</span>;
}

export function CorrectionLinks({ detail }: { detail: HistoryDetail }) {
  const submission = detail.submission;
  const links = useRpcQuery(
    'dseCorrections.of',
    { submission_id: submission?.id ?? 1 },
    { enabled: submission !== null && detail.entry.kind === 'DSE' },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!submission || detail.entry.kind !== 'DSE') return null;
  const rejected = submission.state === 'rejected';
  const correct = async () => {
    setProblem(null);
    setBusy(true);
    try {
      if ((await unsentDraftExists()) && !window.confirm(REPLACE_DRAFT_QUESTION)) return;
      await startCorrection(submission.id);
      window.location.hash = '#/documentos-soporte';
    } catch (error) {
      setProblem(`No se pudo preparar la corrección: ${error instanceof Error ? error.message : 'error desconocido'}`);
    } finally {
      setBusy(false);
    }
  };
  const corrects = links.data?.corrects ?? null;
  const correctedBy = links.data?.corrected_by ?? [];
  // Offered only once the links are known and none of them stands (on its way or accepted).
  const correctable = rejected && links.isSuccess && standingCorrection(correctedBy) === null;
  if (!rejected && !corrects) return null;
  return (
    <div className="panel history-corrections" data-testid="correction-links">
      {corrects && (
        <p>
          Este documento corrige al documento soporte rechazado <SideLink side={corrects} />.
        </p>
      )}
      {rejected && correctedBy.length > 0 && (
        <p>
          Corregido por:{' '}
          {correctedBy.map((side, i) => (
            <span key={side.submission_id}>
              {i > 0 && ', '}
              <SideLink side={side} />
            </span>
          ))}
          .
        </p>
      )}
      {correctable && (
        <>
          <p className="muted">
            La DIAN rechazó este documento. Corregirlo abre un documento nuevo con el mismo proveedor, líneas y retenciones y una
            clave nueva; este queda en el Historial tal como está.
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void correct()}>
            {busy ? 'Preparando…' : 'Corregir y enviar de nuevo'}
          </button>
        </>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
