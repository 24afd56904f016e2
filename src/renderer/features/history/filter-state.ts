// The filter form of Historial: what its controls hold (texts, dates as typed dd/mm/aaaa) judged by
// the contract's own filter (its bounds, its date order and messages) and turned into it.
import { z } from 'zod';
import { HistoryFilter } from '#shared/rpc/methods/history';
import { parseUserDate } from '#renderer/ui/DateInput';

const Filter = HistoryFilter.shape;

/** A date typed the Colombian way: empty is no bound, else it must be a real calendar date. */
const typedDate = (label: string) =>
  z.string().transform((text, context) => {
    if (text.trim() === '') return undefined;
    const iso = parseUserDate(text);
    if (iso) return iso;
    context.addIssue({
      code: 'custom',
      message: `La fecha «${label}» no es válida: escríbala como dd/mm/aaaa (por ejemplo 05/11/2026).`,
    });
    return z.NEVER;
  });

const blank = z.literal('');
const orNone = <T>(value: T): T | undefined => (value === '' || value === false ? undefined : value);

export const HistoryFilterForm = z
  .object({
    q: Filter.q.unwrap(),
    kind: Filter.kind.unwrap().or(blank),
    state: Filter.state.unwrap().or(blank),
    from: typedDate('desde'),
    to: typedDate('hasta'),
    counterpart: Filter.counterpart.unwrap(),
    following: z.boolean(),
  })
  .transform(
    (form): HistoryFilter =>
      Object.fromEntries(Object.entries(form).filter(([, value]) => orNone(value) !== undefined)) as HistoryFilter,
  )
  .pipe(HistoryFilter);
export type FilterValues = z.input<typeof HistoryFilterForm>;

export const EMPTY_FILTER: FilterValues = { q: '', kind: '', state: '', from: '', to: '', counterpart: '', following: false };
