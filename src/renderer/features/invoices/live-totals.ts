// The FE form's live totals, computed once per change (by the form's bottom bar, which watches the
// whole form) and read by the parts that show them through selectors. A keystroke in one line then
// re-renders that line's amounts, the totals and little else: with a whole-form watch at the top, a
// keystroke at line 200 re-rendered and re-registered all 200 lines (the typing benchmark).
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FeLine } from '#shared/fe/index';
import type { FormTotals } from './calc';
import type { FeItemValues, WithholdingTypes } from './model';

/** What one line of the grid shows; the same object while the line's inputs do not change. */
export interface LineAmounts {
  /** the shared calculation's line (base, tax, total, base unit value) */
  line: FeLine;
  taxIncluded: boolean;
}

interface LineEntry extends LineAmounts {
  /** the inputs the line's amounts depend on (a line's amounts depend on nothing else) */
  cant: string;
  unit: string;
  iva: string;
}

export interface LiveTotals {
  totals: FormTotals;
  lines: readonly LineAmounts[];
}

/** Items as the form holds them; only the fields that feed the calculation are read. */
type LineItems = readonly Pick<FeItemValues, 'cant' | 'unit' | 'iva' | 'iva_incluido'>[];

// Compares the typed inputs, not the computed amounts: cheaper, and it never forces the lazy
// amounts of the 199 lines nobody looks at.
function lineEntries(totals: FormTotals, items: LineItems, previous: readonly LineEntry[]): LineEntry[] {
  return totals.lines.map((line, i) => {
    const item = items[i];
    const cant = item?.cant ?? '';
    const unit = item?.unit ?? '';
    const iva = item?.iva ?? '';
    const taxIncluded = Boolean(item?.iva_incluido);
    const before = previous[i];
    if (before && before.cant === cant && before.unit === unit && before.iva === iva && before.taxIncluded === taxIncluded)
      return before;
    return { line, taxIncluded, cant, unit, iva };
  });
}

export class LiveTotalsStore {
  private snapshot: { totals: FormTotals; lines: readonly LineEntry[] };
  private readonly listeners = new Set<() => void>();
  /** per line: told only when that line's amounts (or the currency) change, not on every keystroke */
  private readonly lineListeners = new Map<number, Set<() => void>>();

  private readonly opening: FormTotals;

  /** `types`: the withholding types the opening `totals` were computed with, when the form knows them. */
  constructor(
    totals: FormTotals,
    items: LineItems,
    private readonly openedWith?: WithholdingTypes,
  ) {
    this.opening = totals;
    this.snapshot = { totals, lines: lineEntries(totals, items, []) };
  }

  /**
   * The totals the form opened with, while nothing has changed them and `types` are those they were
   * computed with; else null. The bar starts from them instead of computing the same totals again:
   * a second, equal object published at mount told every line and total that its amounts changed,
   * and React rendered them all once more, synchronously, before the first screen was painted.
   */
  openingTotals(types: WithholdingTypes): FormTotals | null {
    return this.snapshot.totals === this.opening && types === this.openedWith ? this.opening : null;
  }

  readonly get = (): LiveTotals => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly subscribeLine = (index: number, listener: () => void): (() => void) => {
    let set = this.lineListeners.get(index);
    if (!set) this.lineListeners.set(index, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.lineListeners.delete(index);
    };
  };

  /** New totals of the form, computed from `items`; unchanged lines keep their object (and their render). */
  publish(totals: FormTotals, items: LineItems): void {
    const before = this.snapshot;
    if (totals === before.totals) return;
    this.snapshot = { totals, lines: lineEntries(totals, items, before.lines) };
    const everyLine = totals.currency !== before.totals.currency;
    for (const [index, listeners] of this.lineListeners)
      if (everyLine || this.snapshot.lines[index] !== before.lines[index]) for (const listener of listeners) listener();
    for (const listener of this.listeners) listener();
  }
}

export const LiveTotalsContext = createContext<LiveTotalsStore | null>(null);

/** One line's amounts and the invoice's currency; the component re-renders only when they change. */
export function useLineAmounts(index: number): { amounts: LineAmounts | undefined; currency: FormTotals['currency'] } {
  const store = useContext(LiveTotalsContext);
  if (!store) throw new Error('useLineAmounts needs a LiveTotalsContext provider (the FE form gives one)');
  const subscribe = useCallback((listener: () => void) => store.subscribeLine(index, listener), [store, index]);
  const amounts = useSyncExternalStore(subscribe, () => store.get().lines[index]);
  return { amounts, currency: store.get().totals.currency };
}

/** Part of the live totals; the component re-renders only when the selected value changes (Object.is). */
export function useLiveTotals<T>(select: (live: LiveTotals) => T): T {
  const store = useContext(LiveTotalsContext);
  if (!store) throw new Error('useLiveTotals needs a LiveTotalsContext provider (the FE form gives one)');
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
