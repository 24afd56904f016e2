// The Informes filter as the screen holds it and as the printable view's address carries it
// (#/informes/imprimir?desde=…&hasta=…&tipo=…&conexion=…), so a printout shows exactly what was on screen.
import { colombiaToday } from '#shared/dates';
import { periodIndexOf, periodOf, type PeriodKind } from '#shared/reports/periods';
import type { ReportFilter } from '#shared/rpc/methods/reports';

export interface ReportChoice {
  kind: PeriodKind;
  year: number;
  index: number;
  /** custom range */
  from: string;
  to: string;
  docKind: '' | 'FE' | 'DSE';
  connectionId: number | null;
}

export function defaultChoice(now: Date): ReportChoice {
  const today = colombiaToday(now);
  const { from, to } = periodOf('month', Number(today.slice(0, 4)), periodIndexOf('month', today));
  return {
    kind: 'month',
    year: Number(today.slice(0, 4)),
    index: periodIndexOf('month', today),
    from,
    to,
    docKind: '',
    connectionId: null,
  };
}

export function filterOf(choice: ReportChoice): ReportFilter {
  const range =
    choice.kind === 'custom' ? { from: choice.from, to: choice.to } : periodOf(choice.kind, choice.year, choice.index);
  return {
    ...range,
    ...(choice.docKind ? { kind: choice.docKind } : {}),
    ...(choice.connectionId !== null ? { connection_id: choice.connectionId } : {}),
  };
}

export function filterQuery(filter: ReportFilter): string {
  const params = new URLSearchParams({ desde: filter.from, hasta: filter.to });
  if (filter.kind) params.set('tipo', filter.kind);
  if (filter.connection_id) params.set('conexion', String(filter.connection_id));
  return params.toString();
}

export function filterFromQuery(query: string): ReportFilter | null {
  const params = new URLSearchParams(query);
  const from = params.get('desde');
  const to = params.get('hasta');
  if (!from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return null;
  const kind = params.get('tipo');
  const connection = Number(params.get('conexion'));
  return {
    from,
    to,
    ...(kind === 'FE' || kind === 'DSE' ? { kind } : {}),
    ...(Number.isInteger(connection) && connection > 0 ? { connection_id: connection } : {}),
  };
}
