// The filter form's values (strings as inputs hold them) and their translation to the RPC filter.
import type { HistoryFilter } from '../../../shared/rpc/methods/history-view';

export interface FilterForm {
  q: string;
  kind: '' | 'FE' | 'DSE';
  state: '' | NonNullable<HistoryFilter['state']>;
  from: string;
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
  if (form.from) filter.from = form.from;
  if (form.to) filter.to = form.to;
  if (form.counterpart.trim()) filter.counterpart = form.counterpart.trim();
  if (form.following) filter.following = true;
  return filter;
}

/** A problem the user can fix before anything is asked of core. */
export function filterProblem(form: FilterForm): string | null {
  if (form.from && form.to && form.from > form.to) return 'La fecha «desde» es posterior a la fecha «hasta». Corrija el rango.';
  return null;
}
