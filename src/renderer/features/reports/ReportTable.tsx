import { tableCsv } from '#shared/reports/report-csv';
import { download } from '#renderer/ui/download';
import { display, type TableSpec } from './tables';

/** One table of the report, with its CSV (es-CO: BOM, ';', decimal comma) for a spreadsheet. */
export function ReportTable<T>({
  spec,
  filePrefix,
  printable = false,
}: {
  spec: TableSpec<T>;
  filePrefix: string;
  printable?: boolean;
}) {
  const csv = () =>
    download(
      [
        tableCsv(
          spec.columns.map((c) => c.header),
          spec.rows.map((row) => spec.columns.map((c) => c.value(row))),
        ),
      ],
      `${filePrefix}-${spec.id}.csv`,
      'text/csv;charset=utf-8',
    );
  const titleId = `report-table-${spec.id}`;
  return (
    <section className="report-table" aria-labelledby={titleId} data-testid={`report-table-${spec.id}`}>
      <div className="report-table__head">
        <h2 id={titleId}>{spec.title}</h2>
        {!printable && spec.rows.length > 0 && (
          <button
            type="button"
            className="button button--secondary report-table__csv"
            onClick={csv}
            aria-label={`Descargar CSV: ${spec.title}`}
          >
            CSV
          </button>
        )}
      </div>
      {spec.note && <p className="muted report-table__note">{spec.note}</p>}
      {spec.rows.length === 0 ? (
        <p className="muted">{spec.empty}</p>
      ) : (
        <div className="report-table__wrap">
          <table className="data">
            <thead>
              <tr>
                {spec.columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {spec.rows.map((row, i) => (
                <tr key={i}>
                  {spec.columns.map((c) => (
                    <td key={c.header} className={c.numeric ? 'num' : undefined}>
                      {display(c, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
