import { AppError } from '../../../shared/rpc/errors';
import type { historyViewMethods } from '../../../shared/rpc/methods/history-view';
import { colombiaToday } from '../../../shared/dates';
import { historyCsv } from '../../history/csv';
import { historyDetail, unmirroredOpenSubmissions } from '../../history/detail';
import { IssuerProfiles } from '../../history/issuer';
import { HistoryQueries } from '../../history/query';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function historyViewHandlers({ store, connections, submissions, clock }: CoreParts): Handlers<typeof historyViewMethods> {
  const queries = new HistoryQueries(store.db);
  const issuers = new IssuerProfiles(store.db, clock);
  return {
    'history.list': ({ filter, offset, limit }) => queries.page(connections.requireActive().id, filter, offset, limit),
    'history.detail': ({ id }) => historyDetail({ db: store.db, queries, submissions, issuers }, connections.requireActive(), id),
    'history.following': () => unmirroredOpenSubmissions(store.db, connections.requireActive().id).map((id) => submissions.get(id)),
    'history.exportCsv': ({ filter }) => {
      const { content, rows } = historyCsv(queries.each(connections.requireActive().id, filter));
      return { filename: `historial-${colombiaToday(clock())}.csv`, content, rows };
    },
    'history.issuer': () => issuers.get(connections.requireActive().id),
    'history.setIssuer': (profile) => issuers.set(connections.requireActive().id, profile),
    // The Electron shell answers this one itself (src/main/print.ts): only it can print a window.
    'history.exportPdf': () => {
      throw new AppError(
        'invalid_input',
        'Guardar el PDF directamente solo es posible en la aplicación de escritorio. En el navegador use «Imprimir» y elija «Guardar como PDF».',
      );
    },
  };
}
