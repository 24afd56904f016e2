// Dates typed the Colombian way (dd/mm/aaaa) whatever the browser's language: a native date input
// shows mm/dd/yyyy on an English system.
import { isIsoDate } from '#shared/dates';

/** "05/11/2026" -> "2026-11-05"; null when it is not a real calendar date. */
export function parseUserDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
