// The form's bottom bar: live totals, "Emitir factura", discard and the draft's status. It is the one
// part that watches every value of the form: it recomputes the totals once per change, publishes
// them to the lines and sections that show amounts (live-totals.ts) and autosaves the draft.
import { useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { computeFormTotals, LineCalculator } from './calc';
import { LiveTotalsContext } from './live-totals';
import type { FeFormValues, WithholdingTypes } from './model';
import { TotalsPanel } from './TotalsPanel';
import { useDraftStatus, type DraftAutosave } from '#renderer/forms/useDraftAutosave';
import { useFormVersion } from '#renderer/forms/useFormVersion';
import { formatTime } from '#shared/dates';

interface InvoiceBarProps {
  types: WithholdingTypes;
  draftKey: string;
  /** the form's draft (src/renderer/forms/useDraftAutosave.ts) */
  draft: DraftAutosave;
  sending: boolean;
  canSubmit: boolean;
  onDiscard: () => void;
  /** the form's messages, under the actions */
  children: ReactNode;
}

export function InvoiceBar({ types, draftKey, draft, sending, canSubmit, onDiscard, children }: InvoiceBarProps) {
  const { subscribe, getValues } = useFormContext<FeFormValues>();
  const liveTotals = useContext(LiveTotalsContext);
  // The form's current values, read again after each change (useFormVersion.ts). The values object
  // is the form's own: read, not kept.
  const version = useFormVersion(subscribe);
  // Unchanged lines keep their computed amounts: a keystroke computes one line again, not 200.
  const [calculator] = useState(() => new LineCalculator());
  // The values the form opened with have their totals already (computed for the lines' first render).
  const totals = useMemo(
    () => (version === 0 ? liveTotals?.openingTotals(types) : null) ?? computeFormTotals(getValues(), types, calculator),
    [version, types, calculator, getValues, liveTotals],
  );
  // Before paint: the lines show the same totals as this bar in the same frame.
  useLayoutEffect(() => liveTotals?.publish(totals, getValues().items), [liveTotals, totals, getValues]);
  // The draft is saved shortly after each change (not for the values the form opened with, nor while
  // sending: the submit writes it itself); what is written is the values when the save is due.
  const { saveLater, cancel } = draft;
  useEffect(() => {
    if (sending) return cancel();
    if (version === 0) return;
    saveLater(draftKey, () => JSON.parse(JSON.stringify(getValues())) as Record<string, unknown>);
  }, [version, draftKey, sending, saveLater, cancel, getValues]);
  const draftStatus = useDraftStatus(draft);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  return (
    <div className="invoice-form__bar">
      <TotalsPanel totals={totals} />
      <div className="invoice-form__actions">
        <button type="submit" className="button button--primary-large" disabled={!canSubmit}>
          {sending ? 'Emitiendo…' : 'Emitir factura'}
        </button>
        {confirmDiscard ? (
          <div className="button-row button-row--tight" role="group" aria-label="Confirmar descarte">
            <span>¿Descartar sin emitir?</span>
            <button type="button" className="button button--danger" onClick={onDiscard}>
              Sí, descartar
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirmDiscard(false)}>
              No
            </button>
          </div>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setConfirmDiscard(true)} disabled={sending}>
            Descartar borrador
          </button>
        )}
        <p className="muted draft-status" role="status">
          {draftStatus.state === 'saving' && 'Guardando borrador…'}
          {draftStatus.state === 'saved' && `Borrador guardado (${formatTime(draftStatus.at)})`}
          {draftStatus.state === 'error' && `No se pudo guardar el borrador: ${draftStatus.message}`}
        </p>
      </div>
      {children}
    </div>
  );
}
