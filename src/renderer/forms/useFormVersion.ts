// A number that changes whenever a value of a react-hook-form form changes, for the one part of a
// form that follows every value (the FE form's bottom bar: totals and draft autosave), which then
// reads the current values with getValues().
//
// It listens through the form's public `subscribe` (react-hook-form 7.55+), asking for the values:
// the library then hands each change a copy of the form's values, which this does not keep. That
// copy is the price of a public API (about 0.2 to 0.7 ms per keystroke at 200 lines, measured on this
// machine); listening to the library's private subjects avoided it but broke with any release.
// Focus, blur, errors and submit state carry no values and change nothing here.
// Tested in test/component/forms/form-version.test.tsx against every way the form changes values.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';

/** Calls `listener` after each change of the form's values. */
function onValueChange<V extends FieldValues>(subscribe: UseFormSubscribe<V>, listener: () => void): () => void {
  return subscribe({ formState: { values: true }, callback: () => listener() });
}

/**
 * Follows the form from its creation (a value set by another part's effect before this part's
 * own effects run is not missed); closed when the part unmounts, opened again if it remounts.
 */
class FormVersion {
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null;

  constructor(private readonly subscribeTo: UseFormSubscribe<FieldValues>) {
    this.stop = onValueChange(subscribeTo, this.changed);
  }

  private readonly changed = (): void => {
    this.version += 1;
    for (const listener of this.listeners) listener();
  };

  open(): void {
    this.stop ??= onValueChange(this.subscribeTo, this.changed);
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): number => this.version;
}

/** 0 while the form holds the values it opened with; then a new number after each change of a value. */
export function useFormVersion<V extends FieldValues>(subscribe: UseFormSubscribe<V>): number {
  const [store] = useState(() => new FormVersion(subscribe as unknown as UseFormSubscribe<FieldValues>));
  useEffect(() => {
    store.open();
    return () => store.close();
  }, [store]);
  return useSyncExternalStore(store.subscribe, store.get);
}
