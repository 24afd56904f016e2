// The filter form's values (strings as inputs hold them) and their translation to the RPC filter.
import type { HistoryFilter } from '#shared/rpc/methods/history';
import { parseUserDate } from './user-date';

export interface FilterForm {
  q: string;
  kind: '' | 'FE' | 'DSE';
  state: '' | NonNullable<HistoryFilter['state']>;
  /** as typed, dd/mm/aaaa */
  from: string;
  /** as typed, dd/mm/aaaa */
  to: string;
  counterpart: string;
  following: boolean;
}

export const EMPTY_FILTER: FilterForm = { q: '', kind: '', state: '', from: '', to: '', counterpart: '', following: false };

export function toHistoryFilter(form: FilterForm): HistoryFilter {
  const filter: HistoryFilter = {};
  if (form.q.trim()) filter.q = form.q.trim();
  if (form.kind) filter.kind = form.kind;
  if (form.state) filter.state = form.state;
  const from = parseUserDate(form.from);
  const to = parseUserDate(form.to);
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (form.counterpart.trim()) filter.counterpart = form.counterpart.trim();
  if (form.following) filter.following = true;
  return filter;
}

/** A problem the user can fix before anything is asked of core. */
export function filterProblem(form: FilterForm): string | null {
  for (const [label, text] of [
    ['desde', form.from],
    ['hasta', form.to],
  ] as const) {
    if (text.trim() && !parseUserDate(text))
      return `La fecha «${label}» no es válida: escríbala como dd/mm/aaaa (por ejemplo 05/11/2026).`;
  }
  const from = parseUserDate(form.from);
  const to = parseUserDate(form.to);
  if (from && to && from > to) return 'La fecha «desde» es posterior a la fecha «hasta». Corrija el rango.';
  return null;
}
