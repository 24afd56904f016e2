// The live totals store behind the FE form's lines: a line whose inputs did not change keeps its
// object (so its row does not re-render), a changed one gets the new amounts, and listeners hear
// of each new computation once.
import { describe, expect, it, vi } from 'vitest';
import { computeFormTotals } from '../../../src/renderer/features/invoices/calc';
import { LiveTotalsStore } from '../../../src/renderer/features/invoices/live-totals';
import { defaultValues, type FeFormValues, type FeItemValues } from '../../../src/renderer/features/invoices/model';

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
});
