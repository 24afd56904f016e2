import type { InputHTMLAttributes, Ref } from 'react';
import { isIsoDate } from '#shared/dates';

/** "14/11/2026" or "14-11-2026" -> "2026-11-14"; null when it is not a real calendar date. */
export function parseUserDate(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** "2026-11-14" -> "14/11/2026" */
export function formatUserDate(iso: string): string {
  return isIsoDate(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD once the text is a date; otherwise the text as typed (so the form can say it is not a date) */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A date typed the Colombian way, dd/mm/aaaa, whatever the browser's language (a native date input
 * shows mm/dd/yyyy on an English system). Holds ISO dates; text that is not yet a date passes as typed.
 */
export function DateInput({ value, onChange, ...rest }: Props) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      autoComplete="off"
      value={formatUserDate(value)}
      onChange={(e) => onChange(parseUserDate(e.target.value) ?? e.target.value)}
    />
  );
}
