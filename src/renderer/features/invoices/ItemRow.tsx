// One line of the items grid. Memoized, and its amounts are their own components reading the live
// totals through a selector: a keystroke re-renders that line's amounts, not its inputs (whose
// registration would be renewed) nor the other lines of a long invoice.
import { memo, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { Dec } from '#shared/money';
import { amountFit, formatMoney, Money } from '#renderer/ui/Money';
import { useLineAmounts } from './live-totals';
import { TAX_RATE_OPTIONS, type FeFormValues } from './model';

/** The grid's line operations; the same object across renders, so that rows stay memoized. */
export interface LineActions {
  keyDown(event: KeyboardEvent<HTMLElement>): void;
  paste(index: number, event: ClipboardEvent<HTMLInputElement>): void;
  move(from: number, to: number): void;
  duplicate(index: number): void;
  remove(index: number): void;
}

interface ItemRowProps {
  /** id of the form that owns the line's controls (ItemsGrid: not the invoice's own form) */
  controlsForm: string;
  index: number;
  isLast: boolean;
  onlyLine: boolean;
  /** each field's message, as strings so that an unchanged line keeps equal props */
  descError: string | undefined;
  cantError: string | undefined;
  unitError: string | undefined;
  ivaError: string | undefined;
  register: UseFormRegister<FeFormValues>;
  actions: LineActions;
}

export const ItemRow = memo(function ItemRow({
  controlsForm,
  index,
  isLast,
  onlyLine,
  descError,
  cantError,
  unitError,
  ivaError,
  register,
  actions,
}: ItemRowProps) {
  const n = index + 1;
  const cell = (col: number) => ({
    'data-cell': true,
    'data-row': index,
    'data-col': col,
    onKeyDown: actions.keyDown,
    form: controlsForm,
  });
  const described = (name: string, message: string | undefined) =>
    message ? { 'aria-invalid': true, 'aria-describedby': `item-${index}-${name}-error` } : {};
  const errorText = (name: string, message: string | undefined) =>
    message ? (
      <span id={`item-${index}-${name}-error`} className="field__error" role="alert">
        {message}
      </span>
    ) : null;

  return (
    <tr role="row" data-testid={`item-row-${n}`}>
      <td role="cell" className="muted">
        {n}
      </td>
      <td role="cell" className="items-grid__desc">
        <input
          type="text"
          aria-label={`Descripción, línea ${n}`}
          autoComplete="off"
          {...register(`items.${index}.desc`)}
          {...cell(0)}
          {...described('desc', descError)}
          onPaste={(event) => actions.paste(index, event)}
        />
        {errorText('desc', descError)}
      </td>
      <td role="cell" className="num items-grid__qty">
        <input
          type="text"
          inputMode="decimal"
          aria-label={`Cantidad, línea ${n}`}
          autoComplete="off"
          {...register(`items.${index}.cant`)}
          {...cell(1)}
          {...described('cant', cantError)}
        />
        {errorText('cant', cantError)}
      </td>
      <td role="cell" className="num items-grid__unit">
        <input
          type="text"
          inputMode="decimal"
          aria-label={`Valor unitario, línea ${n}`}
          autoComplete="off"
          {...register(`items.${index}.unit`)}
          {...cell(2)}
          {...described('unit', unitError)}
        />
        {errorText('unit', unitError)}
        <DerivedUnitValue index={index} />
      </td>
      <td role="cell">
        <select
          aria-label={`Impuesto, línea ${n}`}
          {...register(`items.${index}.iva`)}
          {...cell(3)}
          {...described('iva', ivaError)}
        >
          {TAX_RATE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {errorText('iva', ivaError)}
      </td>
      <td role="cell" className="items-grid__check">
        <input
          type="checkbox"
          aria-label={`Valor incluye IVA, línea ${n}`}
          {...register(`items.${index}.iva_incluido`)}
          {...cell(4)}
        />
      </td>
      <LineAmountCells index={index} />
      <td role="cell" className="items-grid__actions">
        <button
          type="button"
          form={controlsForm}
          className="icon-button"
          aria-label={`Subir línea ${n}`}
          title="Subir"
          disabled={index === 0}
          onClick={() => actions.move(index, index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          form={controlsForm}
          className="icon-button"
          aria-label={`Bajar línea ${n}`}
          title="Bajar"
          disabled={isLast}
          onClick={() => actions.move(index, index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          form={controlsForm}
          className="icon-button"
          aria-label={`Duplicar línea ${n}`}
          title="Duplicar"
          onClick={() => actions.duplicate(index)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="5" y="5" width="9" height="9" rx="1" />
            <path d="M3 11V3a1 1 0 0 1 1-1h7" />
          </svg>
        </button>
        <button
          type="button"
          form={controlsForm}
          className="icon-button icon-button--danger"
          aria-label={`Quitar línea ${n}`}
          title="Quitar"
          disabled={onlyLine}
          onClick={() => actions.remove(index)}
        >
          ✕
        </button>
      </td>
    </tr>
  );
});

/** The base unit value a tax-inclusive price implies, under the price. */
function DerivedUnitValue({ index }: { index: number }) {
  const { amounts, currency } = useLineAmounts(index);
  if (!amounts?.taxIncluded) return null;
  return (
    <span className="muted items-grid__derived">
      Base unitaria <Money value={amounts.line.unitValue} currency={currency} />
    </span>
  );
}

/**
 * Line amounts as layout boundaries (items-grid.css, "live amounts"): at the windows where the rule
 * applies, a column holds 15 ch of the cell's font on one line ("$ 999.999.999,99" is 14 ch; widths
 * as ui/Money.tsx estimates them), and 17.5 ch in a smaller font ("$ 999.999.999.999,99"). Wider
 * ones keep wrapping inside their column.
 */
const LINE_AMOUNT_FITS = 15;
const LINE_AMOUNT_SMALL = 17.5;

/**
 * One of the line's amounts; it changes on every keystroke in the line. The smaller font is set on
 * the text inside the box, not on the box: a change of the box's own style would lay out the page
 * around it again.
 */
function LineMoney({ value, currency }: { value: Dec; currency: 'COP' | 'USD' }) {
  const text = formatMoney(value, currency);
  const fit = amountFit(text, LINE_AMOUNT_FITS, LINE_AMOUNT_SMALL);
  return (
    <span className={fit === 'free' ? 'money' : 'money money--live'}>
      <span className={fit === 'small' ? 'money__text money__text--small' : 'money__text'}>{text}</span>
    </span>
  );
}

/** The line's base, tax and total. */
function LineAmountCells({ index }: { index: number }) {
  const { amounts, currency } = useLineAmounts(index);
  const n = index + 1;
  return (
    <>
      <td role="cell" className="num" data-testid={`line-base-${n}`}>
        {amounts && <LineMoney value={amounts.line.base} currency={currency} />}
      </td>
      <td role="cell" className="num" data-testid={`line-tax-${n}`}>
        {amounts && <LineMoney value={amounts.line.taxAmount} currency={currency} />}
      </td>
      <td role="cell" className="num" data-testid={`line-total-${n}`}>
        {amounts && <LineMoney value={amounts.line.total} currency={currency} />}
      </td>
    </>
  );
}
