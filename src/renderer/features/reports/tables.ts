// The report's tables, each described once: its title, columns and rows. The screen, the printable
// view and the CSV of each table read the same description, so they never disagree.
import { centsToDec } from '#shared/cents';
import { formatDate } from '#shared/dates';
import { formatCop } from '#shared/money';
import type { CsvCell } from '#shared/reports/report-csv';
import type { PeriodReport } from '#shared/rpc/methods/reports';
import { estadoLabel } from '#renderer/ui/states';

export interface Column<T> {
  header: string;
  numeric?: boolean;
  /** what the CSV holds */
  value: (row: T) => CsvCell;
  /** what the screen shows (defaults to the value, formatted) */
  show?: (row: T) => string;
}

export interface TableSpec<T = unknown> {
  id: string;
  title: string;
  /** what the figures are, in one sentence under the title */
  note?: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
}

export const cop = (cents: number) => formatCop(centsToDec(cents));
export const KIND_LABEL = { FE: 'Facturas (ventas)', DSE: 'Documentos soporte (compras)' } as const;
export const SOURCE_LABEL = {
  exact: 'Emitidos desde esta aplicación · datos exactos',
  totals: 'Sincronizados · solo totales',
} as const;

export function display<T>(column: Column<T>, row: T): string {
  if (column.show) return column.show(row);
  const value = column.value(row);
  if (value === null) return '';
  if (typeof value === 'number') return value.toLocaleString('es-CO');
  if (typeof value === 'string') return value;
  if ('cents' in value) return cop(value.cents);
  return value.date.length === 7 ? `${value.date.slice(5, 7)}/${value.date.slice(0, 4)}` : formatDate(value.date);
}

const money = <T>(header: string, get: (row: T) => number): Column<T> => ({
  header,
  numeric: true,
  value: (row) => ({ cents: get(row) }),
});
const count = <T>(header: string, get: (row: T) => number): Column<T> => ({ header, numeric: true, value: (row) => get(row) });
const rate = <T>(get: (row: T) => string): Column<T> => ({
  header: 'Tarifa',
  numeric: true,
  value: (row) => (get(row) === '' ? null : Number(get(row))),
  show: (row) => (get(row) === '' ? '—' : `${get(row).replace('.', ',')} %`),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tables whose rows differ
export type AnyTable = TableSpec<any>;

export function reportTables(report: PeriodReport): AnyTable[] {
  const tables: AnyTable[] = [
    {
      id: 'resumen',
      title: 'Resumen del periodo (documentos aceptados)',
      note: 'Los documentos emitidos desde esta aplicación se leen de la solicitud exacta que se envió; los conocidos solo por sincronización aportan sus totales.',
      columns: [
        { header: 'Tipo', value: (s: PeriodReport['summary'][number]) => KIND_LABEL[s.kind] },
        { header: 'Origen de las cifras', value: (s: PeriodReport['summary'][number]) => SOURCE_LABEL[s.source] },
        count('Documentos', (s: PeriodReport['summary'][number]) => s.documents),
        money('Subtotal', (s: PeriodReport['summary'][number]) => s.subtotal),
        money('Impuestos', (s: PeriodReport['summary'][number]) => s.taxes),
        money('Total', (s: PeriodReport['summary'][number]) => s.total),
        money('Retenciones', (s: PeriodReport['summary'][number]) => s.withholdings),
      ],
      rows: report.summary,
      empty: 'No hay documentos aceptados en el periodo.',
    },
    {
      id: 'impuestos',
      title: 'Impuestos por tipo y tarifa',
      note: 'IVA e INC generados en las facturas, IVA descontable en los documentos soporte. «Sin desglose»: documentos sincronizados, de los que solo se conocen los totales.',
      columns: [
        { header: 'Documento', value: (t: PeriodReport['taxes'][number]) => KIND_LABEL[t.kind] },
        {
          header: 'Impuesto',
          value: (t: PeriodReport['taxes'][number]) => (t.source === 'totals' ? t.name : `${t.name} (${t.code})`),
        },
        rate((t: PeriodReport['taxes'][number]) => t.rate),
        count('Documentos', (t: PeriodReport['taxes'][number]) => t.documents),
        money('Base', (t: PeriodReport['taxes'][number]) => t.base),
        money('Valor', (t: PeriodReport['taxes'][number]) => t.amount),
      ],
      rows: report.taxes,
      empty: 'No hay impuestos en el periodo.',
    },
    {
      id: 'retenciones',
      title: 'Retenciones practicadas por tipo',
      note: 'De los documentos soporte aceptados emitidos desde esta aplicación.',
      columns: [
        { header: 'Retención', value: (w: PeriodReport['withholdings'][number]) => `${w.name} (${w.code})` },
        count('Documentos', (w: PeriodReport['withholdings'][number]) => w.documents),
        money('Base', (w: PeriodReport['withholdings'][number]) => w.base),
        money('Valor', (w: PeriodReport['withholdings'][number]) => w.amount),
      ],
      rows: report.withholdings,
      empty: 'No se practicaron retenciones en el periodo.',
    },
    {
      id: 'retenciones-proveedor',
      title: 'Retenciones por proveedor',
      columns: [
        { header: 'Proveedor', value: (w: PeriodReport['withholdings_by_supplier'][number]) => w.supplier_name },
        { header: 'Documento', value: (w: PeriodReport['withholdings_by_supplier'][number]) => w.supplier_doc },
        { header: 'Retención', value: (w: PeriodReport['withholdings_by_supplier'][number]) => `${w.name} (${w.code})` },
        rate((w: PeriodReport['withholdings_by_supplier'][number]) => w.rate),
        count('Documentos', (w: PeriodReport['withholdings_by_supplier'][number]) => w.documents),
        money('Base', (w: PeriodReport['withholdings_by_supplier'][number]) => w.base),
        money('Valor', (w: PeriodReport['withholdings_by_supplier'][number]) => w.amount),
      ],
      rows: report.withholdings_by_supplier,
      empty: 'No se practicaron retenciones en el periodo.',
    },
    partyTable('clientes', 'Principales clientes', report.top_customers, 'No hay facturas aceptadas en el periodo.'),
    partyTable(
      'proveedores',
      'Principales proveedores',
      report.top_suppliers,
      'No hay documentos soporte aceptados en el periodo.',
    ),
    {
      id: 'por-mes',
      title: 'Totales por mes',
      columns: [
        { header: 'Mes', value: (m: PeriodReport['by_month'][number]) => ({ date: m.month }) },
        { header: 'Tipo', value: (m: PeriodReport['by_month'][number]) => KIND_LABEL[m.kind] },
        count('Documentos', (m: PeriodReport['by_month'][number]) => m.documents),
        money('Subtotal', (m: PeriodReport['by_month'][number]) => m.subtotal),
        money('Impuestos', (m: PeriodReport['by_month'][number]) => m.taxes),
        money('Total', (m: PeriodReport['by_month'][number]) => m.total),
      ],
      rows: report.by_month,
      empty: 'No hay documentos aceptados en el periodo.',
    },
    openTable(
      'rechazados',
      `Rechazados (${report.rejected.count})`,
      report.rejected,
      'Ningún documento rechazado en el periodo.',
    ),
    openTable(
      'pendientes',
      `Pendientes de resultado (${report.pending.count})`,
      report.pending,
      'Ningún documento pendiente en el periodo.',
    ),
  ];
  return tables;
}

function partyTable(
  id: string,
  title: string,
  rows: PeriodReport['top_customers'],
  empty: string,
): TableSpec<PeriodReport['top_customers'][number]> {
  return {
    id,
    title,
    columns: [
      { header: 'Nombre', value: (p) => p.name },
      { header: 'Documento', value: (p) => p.doc },
      count('Documentos', (p) => p.documents),
      money('Subtotal', (p) => p.subtotal),
      money('Impuestos', (p) => p.taxes),
      money('Total', (p) => p.total),
    ],
    rows,
    empty,
  };
}

function openTable(
  id: string,
  title: string,
  open: PeriodReport['rejected'],
  empty: string,
): TableSpec<PeriodReport['rejected']['items'][number]> {
  return {
    id,
    title,
    ...(open.count > open.items.length ? { note: `Se muestran los ${open.items.length} más recientes de ${open.count}.` } : {}),
    columns: [
      { header: 'Tipo', value: (d) => d.kind },
      { header: 'Número', value: (d) => d.number },
      { header: 'Fecha', value: (d) => ({ date: d.issue_date }) },
      { header: 'Contraparte', value: (d) => d.counterpart_name },
      { header: 'Estado DIAN', value: (d) => estadoLabel(d.estado_dian) },
      money('Total', (d) => d.total),
    ],
    rows: open.items,
    empty,
  };
}
