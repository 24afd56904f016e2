import { useMemo, useState } from 'react';
import { PRINT_LAYOUTS, type PrintLayout } from '#shared/print/paper';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { LAYOUT_LABELS } from './layouts';
import { buildPrintModel } from '#shared/print/print-model';
import { Printout, useQrImage } from './Printout';
import { usePrintNow, type ThermalJob } from './usePrintNow';
import './print.css';

/**
 * The printable page of one document. In the desktop app "Guardar PDF" asks the shell to print
 * this very window to a PDF file; in a browser its own print dialog ("Guardar como PDF") does it.
 */
export default function PrintView({ id }: { id: number }) {
  const detail = useRpcQuery('history.detail', { id });
  const info = useRpcQuery('app.info', {});
  const settings = useRpcQuery('print.settings', {});
  const model = useMemo(() => (detail.data ? buildPrintModel(detail.data) : null), [detail.data]);
  const qr = useQrImage(model?.qrText ?? null);
  const [chosen, setChosen] = useState<PrintLayout | null>(null);
  const layout: PrintLayout = chosen ?? settings.data?.layout ?? 'a4';
  const job = useMemo<ThermalJob>(() => ({ kind: 'receipt', source: { history_id: id }, occasion: 'reprint' }), [id]);
  const printNow = usePrintNow(job);
  const savePdf = useRpcMutation('print.exportPdf');
  const desktop = info.data?.transport === 'electron';
  const filename = model ? `${model.kind}-${model.number}.pdf`.replace(/[^\w.-]/g, '_') : 'documento.pdf';

  return (
    <section className="print-view" aria-label="Vista de impresión">
      <div className="print-toolbar no-print">
        <a href={`#/historial/${id}`}>← Volver al detalle</a>
        <button
          type="button"
          className="button"
          disabled={!model || !qr.data || savePdf.isPending}
          onClick={() => (desktop ? savePdf.mutate({ id, filename }) : window.print())}
        >
          Guardar PDF
        </button>
        <label className="field field--inline">
          <span>Formato</span>
          <select
            value={layout}
            disabled={settings.isPending}
            onChange={(event) => setChosen(event.target.value as PrintLayout)}
            data-testid="print-layout"
          >
            {PRINT_LAYOUTS.map((option) => (
              <option key={option} value={option}>
                {LAYOUT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={!model || !qr.data || printNow.isPending}
          onClick={() => printNow.print(layout)}
        >
          Imprimir
        </button>
        {!desktop && <span className="muted">En el navegador, elija «Guardar como PDF» en el diálogo de impresión.</span>}
        {savePdf.isSuccess && savePdf.data.saved && <span role="status">PDF guardado en {savePdf.data.path}</span>}
        {printNow.message && <span role="status">{printNow.message}</span>}
        {printNow.warning && <Alert tone="warn">{printNow.warning}</Alert>}
        {printNow.error && (
          <Alert tone="error" title="No se imprimió">
            {printNow.error}
          </Alert>
        )}
        {savePdf.isError && (
          <Alert tone="error" title="No se guardó el PDF">
            {savePdf.error.message} Puede usar «Imprimir» y elegir «Guardar como PDF».
          </Alert>
        )}
      </div>
      {detail.isError && (
        <Alert tone="error" title="No se pudo preparar la representación gráfica">
          {detail.error.message}
        </Alert>
      )}
      {qr.isError && (
        <Alert tone="error">
          No se pudo generar el código QR. Vuelva a abrir esta vista; si se repite, copie la información de soporte del detalle.
        </Alert>
      )}
      {model?.issuerMissing && (
        <div className="no-print">
          <Alert tone="warn" title="Faltan los datos del emisor">
            Complete la razón social y el NIT en <a href="#/ajustes">Ajustes › Datos del emisor</a> antes de entregar este
            documento: el QR los incluye.
          </Alert>
        </div>
      )}
      {model && <Printout model={model} qr={qr.data} layout={layout} />}
    </section>
  );
}
