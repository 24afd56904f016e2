import { DateInput } from '#renderer/ui/DateInput';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { colombiaToday } from '#shared/dates';
import { periodIndexOf, periodLabel, PERIOD_MONTHS, type PeriodKind } from '#shared/reports/periods';
import type { ReportChoice } from './report-filter';

const KINDS: { value: PeriodKind; label: string }[] = [
  { value: 'month', label: 'Mes' },
  { value: 'bimester', label: 'Bimestre (IVA bimestral)' },
  { value: 'quarter4', label: 'Cuatrimestre (IVA cuatrimestral)' },
  { value: 'year', label: 'Año' },
  { value: 'custom', label: 'Otro rango de fechas' },
];

/** Period (month, two months, four months, year, any range), connection and document kind. */
export function PeriodFilters({
  choice,
  onChange,
  currentYear,
}: {
  choice: ReportChoice;
  onChange: (next: ReportChoice) => void;
  currentYear: number;
}) {
  const connections = useRpcQuery('connections.list', {});
  const set = (patch: Partial<ReportChoice>) => onChange({ ...choice, ...patch });
  const years = Array.from({ length: 6 }, (_, i) => currentYear - i);
  const periods = choice.kind === 'custom' ? 0 : 12 / PERIOD_MONTHS[choice.kind];
  return (
    <div className="panel report-filters" role="group" aria-label="Filtros del informe">
      <div className="field">
        <label htmlFor="report-period-kind">Periodo</label>
        <select
          id="report-period-kind"
          value={choice.kind}
          onChange={(e) => {
            const kind = e.target.value as PeriodKind;
            // The new kind's period that holds today (the bimester being closed), or the range typed before.
            const today = colombiaToday(new Date());
            set({ kind, index: kind === 'custom' ? choice.index : periodIndexOf(kind, today) });
          }}
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {choice.kind === 'custom' ? (
        <>
          <div className="field">
            <label htmlFor="report-from">Desde</label>
            <DateInput id="report-from" value={choice.from} onChange={(from) => set({ from })} />
          </div>
          <div className="field">
            <label htmlFor="report-to">Hasta</label>
            <DateInput id="report-to" value={choice.to} onChange={(to) => set({ to })} />
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor="report-year">Año</label>
            <select id="report-year" value={choice.year} onChange={(e) => set({ year: Number(e.target.value) })}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          {periods > 1 && (
            <div className="field">
              <label htmlFor="report-index">
                {choice.kind === 'month' ? 'Mes' : choice.kind === 'bimester' ? 'Bimestre' : 'Cuatrimestre'}
              </label>
              <select
                id="report-index"
                value={Math.min(choice.index, periods)}
                onChange={(e) => set({ index: Number(e.target.value) })}
              >
                {Array.from({ length: periods }, (_, i) => i + 1).map((i) => (
                  <option key={i} value={i}>
                    {periodLabel(choice.kind as Exclude<PeriodKind, 'custom'>, choice.year, i).replace(` de ${choice.year}`, '')}
                  </option>
                ))}
              </select>
            </div>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor="report-kind">Documentos</label>
        <select
          id="report-kind"
          value={choice.docKind}
          onChange={(e) => set({ docKind: e.target.value as ReportChoice['docKind'] })}
        >
          <option value="">Facturas y documentos soporte</option>
          <option value="FE">Solo facturas (ventas)</option>
          <option value="DSE">Solo documentos soporte (compras)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="report-connection">Conexión</label>
        <select
          id="report-connection"
          value={choice.connectionId ?? ''}
          onChange={(e) => set({ connectionId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">La conexión activa</option>
          {(connections.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
