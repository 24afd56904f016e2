// A keyboard-wedge scanner types a code's digits a few milliseconds apart. Each key the browser
// inserts is its own edit, input event and frame (style, layout, paint, compositing): 13 of them per
// code, most of a scan's renderer CPU. Printable keys that arrive in such a burst, with the caret at
// the end of the field, are taken on keydown instead (no native insertion) and appended together,
// once per animation frame. The first key of a burst, a person's keys (further apart), editing keys,
// keys with a modifier, held keys, a selection or the caret elsewhere, and IME composition are left
// to the browser exactly as before; any key not taken first writes what is pending.
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** Keys closer than this are a scanner's burst: a person's keys are further apart. */
export const SCANNER_KEY_GAP_MS = 30;

/**
 * `onText` gets the field's text after pending keys are written (as the field's change handler
 * would); a frame's flush calls the one of the render its burst began in, so it must not depend on
 * what a later render holds.
 */
export function useScannerBurst(input: RefObject<HTMLInputElement | null>, onText: (value: string) => void) {
  const pending = useRef('');
  const frame = useRef<number | undefined>(undefined);
  // The timeStamp of the last printable key the field got (null after any other key).
  const lastKey = useRef<number | null>(null);

  /** Writes the pending keys at the end of the field, as the browser would have, and reports its text. */
  const flush = () => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
    const field = input.current;
    const text = pending.current;
    pending.current = '';
    if (!field || text === '') return;
    const end = field.value.length;
    const caretAtEnd = field.selectionStart === end && field.selectionEnd === end;
    field.setRangeText(text, end, end, caretAtEnd ? 'end' : 'preserve');
    onText(field.value);
  };

  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** The field's keydown: true when the key was taken into the burst (the caller does nothing else). */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    const { nativeEvent } = event;
    const previous = lastKey.current;
    const printable =
      event.key.length === 1 &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      !event.repeat &&
      !nativeEvent.isComposing &&
      nativeEvent.keyCode !== 229;
    lastKey.current = printable ? nativeEvent.timeStamp : null;
    const field = event.currentTarget;
    const end = field.value.length;
    const take =
      printable &&
      previous !== null &&
      nativeEvent.timeStamp - previous < SCANNER_KEY_GAP_MS &&
      field.selectionStart === end &&
      field.selectionEnd === end;
    if (!take) {
      flush();
      return false;
    }
    event.preventDefault();
    pending.current += event.key;
    frame.current ??= requestAnimationFrame(flush);
    return true;
  };

  return { onKeyDown, flush };
}
