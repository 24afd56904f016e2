import { AppError } from '#shared/rpc/errors';
import type { reportMethods } from '#shared/rpc/methods/reports';
import { IssuerProfiles } from '#core/history/issuer';
import type { CoreParts } from '#core/parts';
import { withholdingCertificates } from '#core/reports/certificates';
import { ExportFiles } from '#core/reports/exports';
import { periodReport } from '#core/reports/period-report';
import { shiftsReport } from '#core/reports/shifts-report';
import { writeReportXlsx } from '#core/reports/xlsx';
import type { Handlers } from '../registry';

export function reportHandlers(parts: CoreParts): Handlers<typeof reportMethods> {
  const { engine, reads, connections, clock, home, logger, shifts } = parts;
  const issuers = new IssuerProfiles(engine, clock);
  const files = new ExportFiles(home, clock);
  /** The connection asked for (any of this installation's), else the active one. */
  const scope = async (connectionId?: number) => {
    if (connectionId === undefined) {
      const active = connections.requireActive();
      const label = (await connections.list()).find((c) => c.id === active.id)?.label ?? '';
      return { connectionId: active.id, connectionLabel: label, now: clock() };
    }
    const found = (await connections.list()).find((c) => c.id === connectionId);
    if (!found) throw new AppError('not_found', 'Esa conexión ya no existe. Elija otra en el filtro de conexión.');
    return { connectionId: found.id, connectionLabel: found.label, now: clock() };
  };
  return {
    'reports.period': async (filter) => periodReport(engine, reads, await scope(filter.connection_id), filter),
    'reports.certificates': async ({ connection_id, ...filter }) => {
      const { connectionId } = await scope(connection_id);
      return withholdingCertificates(engine, reads, connectionId, await issuers.get(connectionId), filter);
    },
    'reports.exportXlsx': async (filter) => {
      const report = await periodReport(engine, reads, await scope(filter.connection_id), filter);
      const file = files.create('xlsx');
      try {
        const rows = await writeReportXlsx(engine, report, filter, file.path, await shiftsReport(shifts, filter));
        return { export_id: file.id, filename: `informe-${filter.from}-a-${filter.to}.xlsx`, bytes: files.size(file.path), rows };
      } catch (error) {
        files.remove(file.path);
        logger.warn('xlsx export failed', { error: error instanceof Error ? error.message : String(error) });
        throw new AppError(
          'internal',
          'No se pudo escribir el archivo XLSX. Verifique que haya espacio en el disco e intente de nuevo.',
        );
      }
    },
    'reports.shifts': (filter) => shiftsReport(shifts, filter),
    'reports.exportChunk': ({ export_id, offset }) => files.read(export_id, 'xlsx', offset),
  };
}
