// Turno: this register's shift. First run: the administrator is created here. Then: open the
// shift with the counted float; while open, its sales and cash, cash in and out; the close by
// denomination with the difference an administrator accepts; and the «cierre de turno» ticket,
// on the receipt printer or on its 80 mm page, again from the register's recent closes.
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '#shared/dates';
import { formatInteger } from '#shared/format';
import { formatCop } from '#shared/money';
import { shiftCloseTicket } from '#shared/print/shift-close-ticket';
import { shiftMethods, type Shift } from '#shared/rpc/methods/shifts';
import { typedNumber, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import '#renderer/features/day-close/day-close.css';
import { CASHIER_QUERIES, useCashier } from '../cashiers/useCashier';
import { CashiersPanel, FirstAdminForm } from './CashiersPanel';
import { CloseForm } from './CloseForm';
import { MovementForm } from './MovementForm';
import { RecentCloses } from './RecentCloses';
import { TicketBlocks } from './TicketBlocks';
import './shifts.css';

const OpenInput = shiftMethods['shifts.open'].input;

function OpenShiftForm({ register }: { register: string }) {
  const open = useRpcMutation('shifts.open', CASHIER_QUERIES);
  const form = useSchemaForm(OpenInput);
  // With no shift open, counting the float is the next thing to type.
  useEffect(() => form.setFocus('opening_float'), [form]);
  const submit = form.handleSubmit((input) => open.mutate(input));
  return (
    <form className="panel" aria-labelledby="shift-open-title" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="shift-open-title">Abrir turno en {register}</h2>
      <div className="form-grid">
        <Field
          label="Base de caja"
          hint="El efectivo contado en el cajón al empezar."
          error={form.formState.errors.opening_float?.message}
        >
          <input inputMode="decimal" {...form.register('opening_float', { setValueAs: typedNumber })} />
        </Field>
      </div>
      {open.isError && <Alert tone="error">{open.error.message}</Alert>}
      <button type="submit" className="button" disabled={open.isPending}>
        Abrir turno
      </button>
    </form>
  );
}

function ShiftFigures({ shift }: { shift: Shift }) {
  return (
    <section className="panel" aria-labelledby="shift-now-title">
      <h2 id="shift-now-title">
        Turno de {shift.cashier.name} · {shift.register_name}
      </h2>
      <p className="muted">Abierto el {formatDateTime(shift.opened_at)}</p>
      <dl className="shift-figures">
        <dt>Base de caja</dt>
        <dd>{formatCop(shift.opening_float)}</dd>
        <dt>Facturas</dt>
        <dd data-testid="shift-documents">
          {formatInteger(shift.sales.documents)} · {formatCop(shift.sales.total)}
        </dd>
        <dt>Recibido en efectivo ({formatInteger(shift.sales.cash_documents)})</dt>
        <dd>{formatCop(shift.cash_received)}</dd>
        <dt>Entradas</dt>
        <dd>{formatCop(shift.cash_in)}</dd>
        <dt>Salidas</dt>
        <dd>{formatCop(shift.cash_out)}</dd>
        <dt>Esperado en caja</dt>
        <dd data-testid="shift-expected">{formatCop(shift.expected_cash)}</dd>
      </dl>
      {shift.movements.length > 0 && (
        <table className="data" aria-label="Movimientos de efectivo">
          <thead>
            <tr>
              <th>Hora</th>
              <th>Movimiento</th>
              <th>Motivo</th>
              <th>Quién</th>
              <th className="num">Valor</th>
            </tr>
          </thead>
          <tbody>
            {shift.movements.map((m) => (
              <tr key={m.id}>
                <td>{formatDateTime(m.created_at)}</td>
                <td>{m.kind === 'in' ? 'Entrada' : 'Salida'}</td>
                <td>{m.reason}</td>
                <td>{m.cashier}</td>
                <td className="num">{formatCop(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A closed shift shown with its ticket: just closed, or chosen to reprint (`printNow`). */
interface Shown {
  shift: Shift;
  printNow: boolean;
  /** remounts ClosedShift, so the same close reprinted twice prints twice */
  key: number;
}

function ClosedShift({ shift, printNow, onDone }: { shift: Shift; printNow: boolean; onDone: () => void }) {
  const [printedAt] = useState(() => new Date());
  const thermal = useRpcQuery('print.thermal', {});
  const receiptPrinter = thermal.data !== undefined && thermal.data.connection !== 'none';
  const print = useRpcMutation('shifts.printClose');
  const printed = useRef(false);
  const firstPrint = useRef<HTMLButtonElement>(null);
  // Just closed: the close form is gone, and printing its ticket is the next step (Enter).
  useEffect(() => {
    if (!printNow && thermal.data !== undefined) firstPrint.current?.focus();
  }, [printNow, thermal.data]);
  const { mutate } = print;
  // A reprint prints as soon as it is known where to: the receipt printer when the equipment has
  // one, else the page (the ticket below is what the print stylesheet leaves visible).
  useEffect(() => {
    if (!printNow || printed.current || (thermal.data === undefined && !thermal.isError)) return;
    printed.current = true;
    if (receiptPrinter) mutate({ id: shift.id });
    else window.print();
  }, [printNow, thermal.data, thermal.isError, receiptPrinter, mutate, shift.id]);
  return (
    <section className="shift-closed" aria-labelledby="shift-closed-title">
      <h2 id="shift-closed-title" className="no-print">
        {printNow ? `Cierre del turno de ${shift.cashier.name}` : 'Turno cerrado'}
      </h2>
      <div className="button-row no-print">
        {receiptPrinter && (
          <button
            ref={firstPrint}
            type="button"
            className="button"
            disabled={print.isPending}
            onClick={() => mutate({ id: shift.id })}
          >
            Imprimir cierre de turno en la tirilla
          </button>
        )}
        <button
          ref={receiptPrinter ? undefined : firstPrint}
          type="button"
          className={receiptPrinter ? 'button button--secondary' : 'button'}
          onClick={() => window.print()}
        >
          Imprimir cierre de turno (80 mm)
        </button>
        {printNow && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            Listo
          </button>
        )}
      </div>
      {print.isSuccess && (
        <p role="status" className="no-print">
          {print.data.warning ?? 'Cierre de turno impreso.'}
        </p>
      )}
      {print.isError && (
        <div className="no-print">
          <Alert tone="error" title="No se imprimió el cierre de turno">
            {print.error.message}
          </Alert>
        </div>
      )}
      <TicketBlocks blocks={shiftCloseTicket(shift, printedAt)} label="Cierre de turno para imprimir" />
    </section>
  );
}

export default function ShiftScreen() {
  const { data: cashiers, state, mayAdminister } = useCashier();
  const current = useRpcQuery('shifts.current', {}, { enabled: cashiers?.has_admin === true });
  const [closed, setClosed] = useState<Shown | null>(null);
  const show = (shift: Shift, printNow: boolean) => setClosed((was) => ({ shift, printNow, key: (was?.key ?? 0) + 1 }));
  const isAdmin = cashiers?.current?.role === 'administrador';
  return (
    <section className="screen shifts" aria-labelledby="shift-title">
      <header className="screen__header no-print">
        <h1 id="shift-title">Turno</h1>
        <span className="muted">Base, ventas, entradas y salidas de efectivo, y el cierre contado de esta caja</span>
      </header>
      {state.isError && <Alert tone="error">{state.error.message}</Alert>}
      {current.isError && <Alert tone="error">{current.error.message}</Alert>}
      {cashiers && !cashiers.has_admin && <FirstAdminForm />}
      {cashiers?.has_admin && !cashiers.current && (
        <Alert tone="warn">Nadie ha ingresado a la caja. Presione F6 y escriba su PIN.</Alert>
      )}
      {closed && <ClosedShift key={closed.key} shift={closed.shift} printNow={closed.printNow} onDone={() => setClosed(null)} />}
      {cashiers?.current && current.data === null && !closed && <OpenShiftForm register={cashiers.register_name} />}
      {cashiers?.current && current.data === null && closed && (
        <button type="button" className="button button--secondary no-print" onClick={() => setClosed(null)}>
          Abrir otro turno
        </button>
      )}
      {cashiers?.current && current.data && (
        <div className="shifts__open no-print">
          <ShiftFigures shift={current.data} />
          <MovementForm isAdmin={isAdmin} />
          <CloseForm shift={current.data} isAdmin={isAdmin} onClosed={(shift) => show(shift, false)} />
        </div>
      )}
      {cashiers?.current && <RecentCloses onReprint={(shift) => show(shift, true)} />}
      {cashiers?.has_admin && mayAdminister && (
        <div className="no-print">
          <CashiersPanel state={cashiers} />
        </div>
      )}
    </section>
  );
}
