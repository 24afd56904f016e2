import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { LAYOUT_LABELS } from './layouts';
import { buildPrintModel } from '#shared/print/print-model';
import { Printout, useQrImage } from './Printout';
import { usePrintNow, type ThermalJob } from './usePrintNow';
import './print.css';

/** Submissions already printed by themselves in this window: an accepted invoice prints once. */
const autoPrinted = new Set<number>();
/** Submissions whose receipt already went out as the sale's: printing again is a reprint (the drawer stays shut). */
const salePrinted = new Set<number>();

/**
 * Printing an accepted invoice where it was issued: F9 or the button prints it
 * in the layout of Ajustes › Impresión, and with "imprimir apenas se acepte" it prints by itself,
 * once. The printout lives beside the app's root and is the only thing on paper.
 */
export function CounterPrint({ submissionId, contingency = false }: { submissionId: number; contingency?: boolean }) {
  const entry = useRpcQuery(
    'history.idOfSubmission',
    { submission_id: submissionId },
    // The mirror writes the accepted invoice at once; until then, look again shortly.
    { enabled: !contingency, refetchInterval: (query) => (query.state.data?.id ? false : 500) },
  );
  const historyId = entry.data?.id ?? null;
  const mirrored = useRpcQuery('history.detail', { id: historyId ?? 0 }, { enabled: !contingency && historyId !== null });
  // A contingency invoice not yet transmitted: the sale as recorded, with its local reference.
  const local = useRpcQuery('history.contingencyDetail', { submission_id: submissionId }, { enabled: contingency });
  const detail = contingency ? local : mirrored;
  const settings = useRpcQuery('print.settings', {});
  const payments = useRpcQuery('fe.salePayments', { submission_id: submissionId });
  const model = useMemo(() => (detail.data ? buildPrintModel(detail.data) : null), [detail.data]);
  const qr = useQrImage(model?.qrText ?? null);
  const job = useMemo<ThermalJob | null>(() => {
    if (contingency) return { kind: 'receipt', source: { submission_id: submissionId }, occasion: 'sale' };
    return historyId === null ? null : { kind: 'receipt', source: { history_id: historyId }, occasion: 'sale' };
  }, [contingency, submissionId, historyId]);
  const printNow = usePrintNow(job);
  const layout = settings.data?.layout ?? 'ticket80';
  const ready =
    model !== null &&
    (model.qrText === null || qr.data !== null) &&
    settings.data !== undefined &&
    printNow.ready &&
    !payments.isPending;
  const printNowPrint = printNow.print;
  // The first print of the sale is the sale's (a cash sale opens the drawer); any next one a reprint.
  const print = useCallback(
    (chosen: typeof layout) => {
      const first = !salePrinted.has(submissionId);
      salePrinted.add(submissionId);
      printNowPrint(chosen, first ? 'sale' : 'reprint');
    },
    [printNowPrint, submissionId],
  );

  // F9 is heard from the moment the result shows: pressed before the printout is ready (its
  // document, QR and settings still loading), it prints once as soon as it is.
  const asked = useRef(false);
  const printReady = useRef<(() => void) | null>(null);
  useEffect(() => {
    printReady.current = ready ? () => print(layout) : null;
    if (ready && asked.current) {
      asked.current = false;
      // With «imprimir apenas se acepte» about to print it, that print is this one.
      const autoPrints = settings.data?.auto_print === true && !autoPrinted.has(submissionId);
      if (!autoPrints) print(layout);
    }
  }, [ready, print, layout, settings.data?.auto_print, submissionId]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F9') return;
      event.preventDefault();
      if (printReady.current) printReady.current();
      else asked.current = true;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!ready || !settings.data?.auto_print || autoPrinted.has(submissionId)) return;
    autoPrinted.add(submissionId);
    // An F9 already pressed is this same print: the sale prints once.
    asked.current = false;
    // After this paint, so the printout and its @page are in the document.
    const timer = window.setTimeout(() => print(layout), 0);
    return () => window.clearTimeout(timer);
  }, [ready, settings.data?.auto_print, submissionId, print, layout]);

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={!ready || printNow.isPending}
        onClick={() => print(layout)}
      >
        Imprimir ({LAYOUT_LABELS[layout].toLowerCase()}) · F9
      </button>
      {model?.issuerMissing && (
        <Alert tone="warn">
          Faltan los datos del emisor para la impresión: complételos en <a href="#/ajustes">Ajustes › Datos del emisor</a>.
        </Alert>
      )}
      {printNow.message && <span role="status">{printNow.message}</span>}
      {printNow.warning && <Alert tone="warn">{printNow.warning}</Alert>}
      {printNow.error && (
        <Alert tone="error" title="No se imprimió">
          {printNow.error} La venta quedó guardada.{' '}
          <button type="button" className="button button--secondary" onClick={() => print(layout)}>
            Reimprimir
          </button>
        </Alert>
      )}
      {detail.isError && <Alert tone="error">No se pudo preparar la impresión: {detail.error.message}</Alert>}
      {model &&
        createPortal(
          <div className="counter-printout" data-testid="counter-printout">
            <Printout model={model} qr={qr.data} layout={layout} payments={payments.data ?? []} />
          </div>,
          document.body,
        )}
    </>
  );
}
