// Cierre de caja: one Colombian day (today unless another is chosen) of the
// invoices issued from this equipment: sales by payment method, taxes by type and rate, number of
// documents, the pending and rejected ones apart, and the day's shifts (the same section the receipt
// printer prints, shared/print/day-shifts.ts). The ticket is what prints, on the roll the
// sale tickets print on (Ajustes › Impresión; 80 mm when the shop prints sheets), on its own named
// page; the lists of pending and rejected invoices stay on screen.
import { Fragment, useState } from 'react';
import { colombiaToday, formatDate, formatDateTime, formatTime, isIsoDate } from '#shared/dates';
import type { DayClose, DayCloseDocument } from '#shared/rpc/methods/day-close';
import type { ShiftsOfDay } from '#shared/rpc/methods/shifts';
import { dayShiftsSection, type DayShiftRow } from '#shared/print/day-shifts';
import type { SubmissionState } from '#shared/rpc/methods/submissions';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { DateInput } from '#renderer/ui/DateInput';
import { usePaymentMethods } from '#renderer/features/invoices/useInvoiceData';
import { rollStyle, useFittedPage } from '#renderer/features/print/fitted-page';
import { SUBMISSION_STATE_LABELS } from '#renderer/ui/states';
import { cop, documentsText, paymentLabel, taxLabel } from '#shared/print/day-close-labels';
import { OpenDrawerButton } from '#renderer/features/print/OpenDrawerButton';
import { usePrintNow } from '#renderer/features/print/usePrintNow';
import { DayShifts } from '#renderer/features/shifts/DayShifts';
import './day-close.css';
import { formatInteger } from '#shared/format';
import { TICKET_WIDTH_MM, ticketLayoutOf, type TicketLayout } from '#shared/print/paper';

function ShiftRows({ rows }: { rows: readonly DayShiftRow[] }) {
  return (
    <dl className="day-close-ticket__rows">
      {rows.map((r) => (
        <Fragment key={r.label}>
          <dt className={r.strong ? 'day-close-ticket__total' : undefined}>{r.label}</dt>
          <dd className={r.strong ? 'day-close-ticket__total' : undefined}>{r.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The day's shifts on the printed ticket: the words the receipt printer prints, from the same section. */
function ShiftsSection({ shifts }: { shifts: ShiftsOfDay | null }) {
  const section = dayShiftsSection(shifts);
  if (!section) return null;
  return (
    <section data-testid="day-close-shifts">
      <h3>{section.title}</h3>
      {section.entries.map((entry, i) => (
        <div key={i} className="day-close-ticket__shift">
          <div className="day-close-ticket__total">{entry.heading}</div>
          <div>{entry.hours}</div>
          <ShiftRows rows={entry.rows} />
          {entry.note && <p className="day-close-ticket__small">{entry.note}</p>}
        </div>
      ))}
      {section.registers.length > 0 && (
        <div className="day-close-ticket__shift" data-testid="day-close-registers">
          <div className="day-close-ticket__total">Por caja</div>
          {section.registers.map((register) => (
            <div key={register.heading}>
              <div className="day-close-ticket__total">{register.heading}</div>
              <ShiftRows rows={register.rows} />
            </div>
          ))}
        </div>
      )}
      <div className="day-close-ticket__shift">
        <div className="day-close-ticket__total">{section.totalTitle}</div>
        <ShiftRows rows={section.totals} />
        {section.note && <p className="day-close-ticket__small">{section.note}</p>}
      </div>
    </section>
  );
}

export function DayCloseTicket({
  close,
  shifts,
  connection,
  printedAt,
  layout,
}: {
  close: DayClose;
  /** the day's shifts; null while not read, or for a shop without them */
  shifts: ShiftsOfDay | null;
  connection: string;
  printedAt: Date;
  layout: TicketLayout;
}) {
  const methods = usePaymentMethods();
  // Its own named page, as wide as the roll and as long as the ticket.
  const page = `cierre-${layout}`;
  const width = TICKET_WIDTH_MM[layout];
  const fit = useFittedPage(page, width);
  return (
    <article
      ref={fit}
      className={`day-close-ticket day-close-ticket--${width}`}
      style={rollStyle(page, width)}
      aria-label="Cierre de caja para imprimir"
      data-testid="day-close-ticket"
    >
      <header className="day-close-ticket__head">
        {/* The ticket's title is its heading, so its sections (h3) sit under it and not straight under the screen's h1. */}
        <h2 className="day-close-ticket__title">CIERRE DE CAJA</h2>
        <div>{connection}</div>
        <div>Día {formatDate(close.date)}</div>
        <div className="day-close-ticket__small">Generado {formatDateTime(printedAt)}</div>
      </header>
      <section>
        <h3>Ventas aceptadas</h3>
        <dl className="day-close-ticket__rows">
          <dt>Facturas</dt>
          <dd data-testid="day-close-accepted">{formatInteger(close.accepted)}</dd>
          <dt>Subtotal</dt>
          <dd>{cop(close.subtotal_cents)}</dd>
          <dt>Impuestos</dt>
          <dd>{cop(close.taxes_cents)}</dd>
          <dt className="day-close-ticket__total">Total vendido</dt>
          <dd className="day-close-ticket__total" data-testid="day-close-total">
            {cop(close.total_cents)}
          </dd>
        </dl>
      </section>
      <section>
        <h3>Por medio de pago</h3>
        {close.by_payment.length === 0 ? (
          <p className="day-close-ticket__small">Sin ventas aceptadas.</p>
        ) : (
          <table className="day-close-ticket__table" data-testid="day-close-payments">
            <tbody>
              {close.by_payment.map((p) => (
                <tr key={`${p.form}|${p.method_id}|${p.means_code}`}>
                  <th scope="row">
                    {paymentLabel(p, methods.data ?? [])}
                    <div className="day-close-ticket__small">{documentsText(p.documents)}</div>
                  </th>
                  <td>{cop(p.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h3>Impuestos</h3>
        {close.taxes.length === 0 ? (
          <p className="day-close-ticket__small">Sin impuestos.</p>
        ) : (
          <table className="day-close-ticket__table" data-testid="day-close-taxes">
            <thead>
              <tr>
                <th scope="col">Tarifa</th>
                <th scope="col">Base</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {close.taxes.map((t) => (
                <tr key={`${t.code}|${t.rate}`}>
                  <th scope="row">{taxLabel(t)}</th>
                  <td>{cop(t.base_cents)}</td>
                  <td>{cop(t.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h3>Sin cerrar</h3>
        <dl className="day-close-ticket__rows">
          <dt>Pendientes ({formatInteger(close.pending.length)})</dt>
          <dd data-testid="day-close-pending">{cop(close.pending_total_cents)}</dd>
          <dt>Rechazadas ({formatInteger(close.rejected.length)})</dt>
          <dd data-testid="day-close-rejected">{cop(close.rejected_total_cents)}</dd>
        </dl>
        <p className="day-close-ticket__small">
          Documentos: {formatInteger(close.accepted + close.pending.length + close.rejected.length)}. Las pendientes y rechazadas
          no suman en las ventas.
        </p>
        {close.unreadable > 0 && (
          <p className="day-close-ticket__small">
            {close.unreadable} factura(s) aceptada(s) sin detalle legible: cuentan como documentos, no en los valores.
          </p>
        )}
      </section>
      <ShiftsSection shifts={shifts} />
      <footer className="day-close-ticket__small">Factura Desk · facturas emitidas desde este equipo</footer>
    </article>
  );
}

function DocumentList({ title, docs }: { title: string; docs: readonly DayCloseDocument[] }) {
  if (docs.length === 0) return null;
  return (
    <section className="panel day-close-list no-print">
      <h2>{title}</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Hora</th>
            <th>Número</th>
            <th>Cliente</th>
            <th>Estado</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.submission_id}>
              <td>{formatTime(d.created_at)}</td>
              <td>{d.number ?? 'Sin número aún'}</td>
              <td>{d.counterpart || '—'}</td>
              <td>{SUBMISSION_STATE_LABELS[d.state as SubmissionState] ?? SUBMISSION_STATE_LABELS.in_doubt}</td>
              <td className="num">{cop(d.total_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function DayCloseScreen() {
  const [date, setDate] = useState(() => colombiaToday(new Date()));
  const valid = isIsoDate(date);
  const close = useRpcQuery('dayClose.get', { date }, { enabled: valid, placeholderData: (p) => p });
  const dayShifts = useRpcQuery('shifts.ofDay', { date }, { enabled: valid });
  const connections = useRpcQuery('connections.list', {});
  const active = connections.data?.find((c) => c.active);
  const [printedAt, setPrintedAt] = useState(() => new Date());
  const thermal = useRpcQuery('print.thermal', {});
  const settings = useRpcQuery('print.settings', {});
  // The roll the sale tickets print on; a shop that prints sheets gets the common 80 mm.
  const layout = ticketLayoutOf(settings.data?.layout ?? 'ticket80');
  const receiptPrinter = thermal.data !== undefined && thermal.data.connection !== 'none';
  const printNow = usePrintNow(valid ? { kind: 'dayClose', date } : null);

  return (
    <section className="screen day-close" aria-labelledby="day-close-title">
      <header className="screen__header no-print">
        <h1 id="day-close-title">Cierre de caja</h1>
        <span className="muted">Facturas emitidas desde este equipo, por día (hora de Colombia)</span>
      </header>
      <div className="day-close__toolbar no-print">
        <label className="field">
          <span>Día</span>
          <DateInput value={date} onChange={setDate} />
        </label>
        <button type="button" className="button button--secondary" onClick={() => setDate(colombiaToday(new Date()))}>
          Hoy
        </button>
        <button
          type="button"
          className="button"
          disabled={!close.data}
          onClick={() => {
            setPrintedAt(new Date());
            if (receiptPrinter) printNow.print(layout);
            else setTimeout(() => window.print(), 0);
          }}
        >
          {receiptPrinter ? 'Imprimir cierre en la tirilla' : `Imprimir cierre (${TICKET_WIDTH_MM[layout]} mm)`}
        </button>
        {receiptPrinter && <OpenDrawerButton />}
      </div>
      {printNow.message && (
        <p role="status" className="no-print">
          {printNow.message}
        </p>
      )}
      {printNow.error && (
        <div className="no-print">
          <Alert tone="error" title="No se imprimió el cierre">
            {printNow.error}
          </Alert>
        </div>
      )}
      {!valid && <Alert tone="error">Escriba un día válido, como 24/11/2026.</Alert>}
      {close.isError && <Alert tone={close.error.code === 'no_connection' ? 'warn' : 'error'}>{close.error.message}</Alert>}
      {valid && close.data && (
        <div className="day-close__body">
          <DayCloseTicket
            close={close.data}
            shifts={dayShifts.data?.date === close.data.date ? dayShifts.data : null}
            connection={active?.label ?? ''}
            printedAt={printedAt}
            layout={layout}
          />
          <div className="day-close__lists">
            <div className="no-print">
              <DayShifts date={close.data.date} />
            </div>
            {close.data.accepted + close.data.pending.length + close.data.rejected.length === 0 && (
              <p className="muted no-print">No hay facturas emitidas desde este equipo el {formatDate(close.data.date)}.</p>
            )}
            <DocumentList title={`Pendientes (${close.data.pending.length})`} docs={close.data.pending} />
            <DocumentList title={`Rechazadas (${close.data.rejected.length})`} docs={close.data.rejected} />
          </div>
        </div>
      )}
    </section>
  );
}
