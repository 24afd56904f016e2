// The live totals store behind the FE form's lines: a line whose inputs did not change keeps its
// object (so its row does not re-render), a changed one gets the new amounts, and listeners hear
// of each new computation once.
import { describe, expect, it, vi } from 'vitest';
import { computeFormTotals, LineCalculator } from '#renderer/features/invoices/calc';
import { computeFeTotals } from '#shared/fe/index';
import { lineInput } from '#renderer/features/invoices/calc';
import { LiveTotalsStore } from '#renderer/features/invoices/live-totals';
import { defaultValues, type FeFormValues, type FeItemValues } from '#renderer/features/invoices/model';

function form(items: Partial<FeItemValues>[]): FeFormValues {
  return {
    ...defaultValues('2026-11-20'),
    items: items.map((item, i) => ({
      key: String(i),
      desc: `Línea ${i}`,
      cant: '1',
      unit: '1000',
      iva: '19',
      iva_incluido: false,
      ...item,
    })),
  };
}

function publish(store: LiveTotalsStore, values: FeFormValues): void {
  store.publish(computeFormTotals(values, []), values.items);
}

describe('LiveTotalsStore', () => {
  it('gives the bar the totals the form opened with, so publishing them at mount tells no line or total', () => {
    const values = form([{ unit: '1000' }, { unit: '2000', iva: '8' }]);
    const types: [] = [];
    const store = new LiveTotalsStore(computeFormTotals(values, types), values.items, types);
    const listener = vi.fn();
    const line = vi.fn();
    store.subscribe(listener);
    store.subscribeLine(1, line);

    const opening = store.openingTotals(types);
    expect(opening).toBe(store.get().totals);
    store.publish(opening!, values.items);
    expect(listener).not.toHaveBeenCalled();
    expect(line).not.toHaveBeenCalled();

    // Other withholding types, or totals published since, are not the opening ones.
    expect(store.openingTotals([])).toBeNull();
    publish(store, form([{ unit: '1000' }, { unit: '2500', iva: '8' }]));
    expect(store.openingTotals(types)).toBeNull();
    expect(line).toHaveBeenCalledTimes(1);
  });

  it('keeps unchanged lines, replaces changed ones, and tells its listeners once per computation', () => {
    const first = form([{ unit: '1000' }, { unit: '2000', iva: '8' }, { unit: '3000', iva_incluido: true }]);
    const store = new LiveTotalsStore(computeFormTotals(first, []), first.items);
    const before = store.get().lines;
    const listener = vi.fn();
    store.subscribe(listener);

    publish(store, form([{ unit: '1000' }, { unit: '2500', iva: '8' }, { unit: '3000', iva_incluido: true }]));
    const after = store.get().lines;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.line.total.toFixed(2)).toBe('2700.00');
    expect(store.get().totals.total.toFixed(2)).toBe('6890.00');

    // The tax-included switch alone changes a line.
    publish(
      store,
      form([
        { unit: '1000', iva_incluido: true },
        { unit: '2500', iva: '8' },
        { unit: '3000', iva_incluido: true },
      ]),
    );
    expect(store.get().lines[0]).not.toBe(after[0]);
    expect(store.get().lines[0]!.taxIncluded).toBe(true);
    expect(store.get().lines[1]).toBe(after[1]);
  });

  it('follows lines that were removed or moved by their inputs, not their position', () => {
    const values = form([{ unit: '1000' }, { unit: '2000' }, { unit: '3000' }]);
    const store = new LiveTotalsStore(computeFormTotals(values, []), values.items);
    publish(store, form([{ unit: '2000' }, { unit: '3000' }]));
    expect(store.get().lines.map((l) => l.line.base.toFixed(2))).toEqual(['2000.00', '3000.00']);
  });

  it('does not notify for the same computation twice, and stops notifying after unsubscribe', () => {
    const values = form([{ unit: '1000' }]);
    const totals = computeFormTotals(values, []);
    const store = new LiveTotalsStore(totals, values.items);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.publish(totals, values.items);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    publish(store, form([{ unit: '5000' }]));
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells a line only of its own changes (or of a new currency), while the totals hear every computation', () => {
    const values = form([{ unit: '1000' }, { unit: '2000' }, { unit: '3000' }]);
    const store = new LiveTotalsStore(computeFormTotals(values, []), values.items);
    const line = [vi.fn(), vi.fn(), vi.fn(), vi.fn()];
    const unsubscribe = line.map((listener, i) => store.subscribeLine(i, listener));
    const totals = vi.fn();
    store.subscribe(totals);

    publish(store, form([{ unit: '1000' }, { unit: '2200' }, { unit: '3000' }]));
    expect(line.map((l) => l.mock.calls.length)).toEqual([0, 1, 0, 0]);
    expect(totals).toHaveBeenCalledTimes(1);

    // A line appended: its index hears of it; a line removed: so does the index that lost it.
    publish(store, form([{ unit: '1000' }, { unit: '2200' }, { unit: '3000' }, { unit: '10' }]));
    expect(line.map((l) => l.mock.calls.length)).toEqual([0, 1, 0, 1]);
    publish(store, form([{ unit: '1000' }, { unit: '2200' }, { unit: '3000' }]));
    expect(line.map((l) => l.mock.calls.length)).toEqual([0, 1, 0, 2]);

    // Every amount is shown in the invoice's currency: a new currency reaches every line.
    const usd = form([{ unit: '1000' }, { unit: '2200' }, { unit: '3000' }]);
    usd.currency.commercial_currency = 'USD';
    publish(store, usd);
    expect(line.map((l) => l.mock.calls.length)).toEqual([1, 2, 1, 3]);

    unsubscribe[1]!();
    publish(store, form([{ unit: '1000' }, { unit: '9' }, { unit: '3000' }]));
    expect(line[1]).toHaveBeenCalledTimes(2);
    expect(totals).toHaveBeenCalledTimes(5);
  });
});

describe('LineCalculator', () => {
  const typed = [
    { cant: '3', unit: '1.234,50', iva: '19', iva_incluido: false },
    { cant: '2,5', unit: '4.000', iva: '5', iva_incluido: true },
    { cant: '1', unit: '99999999999999.99', iva: '8', iva_incluido: false },
    { cant: '', unit: 'abc', iva: '0', iva_incluido: false },
    { cant: '0,333', unit: '1000', iva: '19', iva_incluido: true },
  ];

  it('computes each line exactly as the shared calculation, and remembers it by what was typed', () => {
    const calculator = new LineCalculator();
    const values = form(typed);
    const lines = values.items.map((item) => calculator.line(item));
    const reference = computeFeTotals(values.items.map(lineInput)).lines;
    for (const [i, line] of lines.entries()) {
      expect(line.base.toFixed()).toBe(reference[i]!.base.toFixed());
      expect(line.taxAmount.toFixed()).toBe(reference[i]!.taxAmount.toFixed());
      expect(line.total.toFixed()).toBe(reference[i]!.total.toFixed());
      expect(line.unitValue.toFixed()).toBe(reference[i]!.unitValue.toFixed());
    }
    // The same typing gives the same result object; any change of an input, a new one.
    expect(calculator.line({ ...values.items[0]!, desc: 'otra descripción', key: 'x' })).toBe(lines[0]);
    expect(calculator.line({ ...values.items[0]!, iva_incluido: true })).not.toBe(lines[0]);
    expect(calculator.line({ ...values.items[0]!, cant: '4' }).total.toFixed(2)).toBe('5876.22');
    // The form's totals with a calculator are the totals without one.
    const withCache = computeFormTotals(values, [], calculator);
    const without = computeFormTotals(values, []);
    expect(withCache.total.toFixed()).toBe(without.total.toFixed());
    expect(withCache.taxGroups.map((g) => g.amount.toFixed())).toEqual(without.taxGroups.map((g) => g.amount.toFixed()));
  });

  it('stays bounded: past its limit it starts again, with the same results', () => {
    const calculator = new LineCalculator(3);
    const item = (cant: string) => form([{ cant }]).items[0]!;
    const first = calculator.line(item('1'));
    for (const cant of ['2', '3', '4']) calculator.line(item(cant));
    const again = calculator.line(item('1'));
    expect(again).not.toBe(first);
    expect(again.total.toFixed()).toBe(first.total.toFixed());
  });
});
