// The page path's test, for a shop without a receipt printer: a short page in the layout and on the
// printer the Impresión form has now (saved or not), printed as a sale's page prints (the desktop
// silently to that printer, the browser through its dialog), marked as a test at its head and at its
// foot so nobody takes it for a sale. Laid out beside the app's root like the counter's printout.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatDateTime } from '#shared/dates';
import { isTicketLayout, TICKET_WIDTH_MM, type PrintLayout, type TicketLayout } from '#shared/print/paper';
import { TEST_PRINT_MARK } from '#shared/print/ticket';
import { invoke } from '#renderer/rpc/client';
import { Alert } from '#renderer/ui/Alert';
import { fittedHeightMm, rollStyle, useFittedPage } from './fitted-page';
import { LAYOUT_LABELS } from './layouts';
import './print.css';

function TestContent({ layout, printer, now }: { layout: PrintLayout; printer: string; now: Date }) {
  return (
    <>
      <p className="ticket__issuer">Página de prueba</p>
      <p className="ticket__strong" data-testid="test-print-mark">
        {TEST_PRINT_MARK}
      </p>
      <p>Formato: {LAYOUT_LABELS[layout]}</p>
      <p>Impresora: {printer === '' ? 'la predeterminada del sistema' : printer}</p>
      <p>{formatDateTime(now)}</p>
      <hr />
      <p>Eñe y tildes: ñ Ñ á é í ó ú Á É Í Ó Ú ü</p>
      <p>Signos: ¿Cuánto? ¡Gracias! «comillas» $ 1.234,56</p>
      <p>Si lee bien esta página y sale entera, la impresora está lista.</p>
      <hr />
      <p className="ticket__strong">{TEST_PRINT_MARK}</p>
    </>
  );
}

function TestRoll({ layout, ...rest }: { layout: TicketLayout; printer: string; now: Date }) {
  const width = TICKET_WIDTH_MM[layout];
  // The sale ticket's own named page, so the printed length is measured the same way.
  const fit = useFittedPage(layout, width);
  return (
    <article
      ref={fit}
      className={`ticket ticket--${width} ticket__center`}
      style={rollStyle(layout, width)}
      aria-label="Página de prueba"
    >
      <TestContent layout={layout} {...rest} />
    </article>
  );
}

/** «Imprimir página de prueba» of Ajustes › Impresión, with what happened. */
export function PageTestButton({ layout, printer, desktop }: { layout: PrintLayout; printer: string; desktop: boolean }) {
  const [job, setJob] = useState<{ layout: PrintLayout; printer: string; now: Date } | null>(null);
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  // Printed once the page is in the document (and a roll measured), then taken away.
  useEffect(() => {
    if (!job) return;
    const height = isTicketLayout(job.layout) ? fittedHeightMm(job.layout) : null;
    const target = job.printer === '' ? 'la impresora predeterminada' : `«${job.printer}»`;
    const sent: Promise<{ tone: 'ok' | 'error'; text: string } | null> = desktop
      ? invoke('print.silently', {
          layout: job.layout,
          printer: job.printer,
          ...(height === null ? {} : { page_height_mm: height }),
        }).then(({ printed }) => ({
          tone: 'ok',
          text: printed ? `Página de prueba enviada a ${target}.` : 'Impresión cancelada.',
        }))
      : // The browser's own dialog says what happened.
        Promise.resolve().then(() => {
          window.print();
          return null;
        });
    sent
      .then(setResult, (failure: unknown) =>
        setResult({
          tone: 'error',
          text: failure instanceof Error ? failure.message : 'La impresora no recibió la página de prueba.',
        }),
      )
      .finally(() => setJob(null));
  }, [job, desktop]);

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={job !== null}
        onClick={() => {
          setResult(null);
          setJob({ layout, printer, now: new Date() });
        }}
      >
        Imprimir página de prueba
      </button>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {job &&
        createPortal(
          <div className="counter-printout" data-testid="page-test-printout">
            {isTicketLayout(job.layout) ? (
              <TestRoll layout={job.layout} printer={job.printer} now={job.now} />
            ) : (
              <article
                className={`print-page print-page--${job.layout === 'letter' ? 'letter' : 'a4'}`}
                aria-label="Página de prueba"
              >
                <TestContent layout={job.layout} printer={job.printer} now={job.now} />
              </article>
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
