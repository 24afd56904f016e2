// A number that changes whenever a value of a react-hook-form form changes, for the one part of a
// form that follows every value (the FE form's bottom bar: totals and draft autosave), which then
// reads the current values with getValues().
//
// Why not useWatch({ control }): a watcher of the whole form makes the library copy every value of
// the form on each change (react-hook-form 7.92, `_hasValuesSubscriber` then `cloneObject`), so
// that the watcher gets a new object. At 200 lines that copy, and the garbage it leaves, was the
// largest share of the library's work per keystroke (typing benchmark). This listens to the same
// change signal (the control's state and field-array subjects, part of its typed `Control`) without
// asking for a copy. A change of values is an emission with the event's `type` (typing) or with a
// `values` key (setValue, field arrays, reset); focus, blur, errors and submit state have neither.
// Tested in test/component/forms/form-version.test.tsx against every way the form changes values.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Control, FieldValues } from 'react-hook-form';

/** Calls `listener` after each change of the form's values. */
function onValueChange<V extends FieldValues>(control: Control<V>, listener: () => void): () => void {
  const state = control._subjects.state.subscribe({
    next: (change) => {
      if (change.type !== undefined || 'values' in change) listener();
    },
  });
  const array = control._subjects.array.subscribe({ next: () => listener() });
  return () => {
    state.unsubscribe();
    array.unsubscribe();
  };
}

/**
 * Follows the control from its creation (a value set by another part's effect before this part's
 * own effects run is not missed); closed when the part unmounts, opened again if it remounts.
 */
class FormVersion {
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null;

  constructor(private readonly control: Control<FieldValues>) {
    this.stop = onValueChange(control, this.changed);
  }

  private readonly changed = (): void => {
    this.version += 1;
    for (const listener of this.listeners) listener();
  };

  open(): void {
    this.stop ??= onValueChange(this.control, this.changed);
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
export function useFormVersion<V extends FieldValues>(control: Control<V>): number {
  const [store] = useState(() => new FormVersion(control as unknown as Control<FieldValues>));
  useEffect(() => {
    store.open();
    return () => store.close();
  }, [store]);
  return useSyncExternalStore(store.subscribe, store.get);
}
