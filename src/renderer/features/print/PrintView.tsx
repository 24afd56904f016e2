import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import type { HistoryDetail } from '../../../shared/rpc/methods/history-view';
import { useRpcMutation, useRpcQuery } from '../../rpc/hooks';
import { Alert } from '../../ui/Alert';
import { IssuerForm } from './IssuerForm';
import { buildPrintModel } from './print-model';
import { PrintPage } from './PrintPage';
import './print.css';

/** An FE issued in contingency (issue 16): its local reference, when this app made it. */
function contingencyOf(detail: HistoryDetail | undefined): { localRef: string | null } | null {
  if (!detail || detail.entry.kind !== 'FE') return null;
  const flagged = detail.document.es_contingencia === true || detail.request?.es_contingencia === true;
  return flagged || detail.submission?.contingency ? { localRef: detail.submission?.contingency?.local_ref ?? null } : null;
}

/**
 * The printable page of one document. In the desktop app "Guardar PDF" asks the shell to print
 * this very window to a PDF file; in a browser its own print dialog ("Guardar como PDF") does it.
 */
export default function PrintView({ id }: { id: number }) {
  const detail = useRpcQuery('history.detail', { id });
  const info = useRpcQuery('app.info', {});
  const model = useMemo(() => (detail.data ? buildPrintModel(detail.data) : null), [detail.data]);
  const qr = useQuery({
    queryKey: ['qr', model?.qrText],
    queryFn: () => QRCode.toDataURL(model!.qrText, { errorCorrectionLevel: 'M', margin: 1, width: 300 }),
    enabled: model !== null,
    staleTime: Infinity,
  });
  const savePdf = useRpcMutation('history.exportPdf');
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
        <button type="button" className="button button--secondary" disabled={!model || !qr.data} onClick={() => window.print()}>
          Imprimir
        </button>
        {!desktop && <span className="muted">En el navegador, elija «Guardar como PDF» en el diálogo de impresión.</span>}
        {savePdf.isSuccess && savePdf.data.saved && <span role="status">PDF guardado en {savePdf.data.path}</span>}
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
      {qr.isError && <Alert tone="error">No se pudo generar el código QR. Vuelva a abrir esta vista; si se repite, copie la información de soporte del detalle.</Alert>}
      {model?.issuerMissing && (
        <>
          <Alert tone="warn" title="Faltan los datos del emisor">
            Complete la razón social y el NIT antes de entregar este documento: el QR los incluye.
          </Alert>
          <IssuerForm initial={detail.data?.issuer ?? null} />
        </>
      )}
      {model && <PrintPage model={model} qr={qr.data ?? null} contingency={contingencyOf(detail.data)} />}
    </section>
  );
}
