import { HISTORY_CSV_CHUNK_ROWS, type historyMethods } from '#shared/rpc/methods/history';
import { colombiaToday } from '#shared/dates';
import { historyCsvPart } from '#core/history/csv';
import { collectGarbage } from '#core/memory';
import { contingencyDetail } from '#core/history/contingency-detail';
import { historyDetail } from '#core/history/detail';
import { IssuerProfiles } from '#core/history/issuer';
import { HistoryQueries } from '#core/history/query';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '#core/rpc/registry';

export function historyHandlers({
  engine,
  reads,
  connections,
  submissions,
  clock,
  history,
  events,
}: CoreParts): Handlers<typeof historyMethods> {
  const queries = new HistoryQueries(engine);
  const issuers = new IssuerProfiles(engine, clock);
  /** CSV chunks asked since the last first chunk (for the collections below). */
  let chunks = 0;
  return {
    'history.sync': () => history.sync(),
    'history.status': () => history.status(),
    'history.list': ({ filter, offset, limit }) => queries.page(connections.requireActive().id, filter, offset, limit),
    'history.detail': ({ id }) => historyDetail({ queries, submissions, issuers }, connections.requireActive(), id),
    'history.contingencyDetail': ({ submission_id }) =>
      contingencyDetail({ submissions, issuers }, connections.requireActive(), submission_id),
    'history.following': async () => {
      const following = [];
      for (const id of await reads.unmirroredOpen(connections.requireActive().id)) following.push(await submissions.get(id));
      return following;
    },
    // One chunk per call: the host never holds the whole file (100,000 rows are about 20 MB of
    // text, twice that as a JS string with the BOM, plus the transport's copy).
    'history.exportCsv': async ({ filter, after }) => {
      const connectionId = connections.requireActive().id;
      // One row past the chunk says whether another follows.
      const read = await queries.after(connectionId, filter, after, HISTORY_CSV_CHUNK_ROWS + 1);
      const more = read.length > HISTORY_CSV_CHUNK_ROWS;
      const rows = more ? read.slice(0, HISTORY_CSV_CHUNK_ROWS) : read;
      const last = rows.at(-1);
      const chunk = historyCsvPart(rows, !after).content;
      const next = more && last ? { issue_date: last.issue_date, id: last.id } : null;
      // Every tenth chunk (20,000 rows) and the last: the garbage of the rows read goes (core/memory.ts).
      chunks = after ? chunks + 1 : 1;
      if (next === null || chunks % 10 === 0) collectGarbage();
      return {
        filename: `historial-${colombiaToday(clock())}.csv`,
        chunk,
        rows: rows.length,
        total: after ? null : await queries.count(connectionId, filter),
        next,
      };
    },
    'history.issuer': () => issuers.get(connections.requireActive().id),
    'history.setIssuer': async (profile) => {
      const connectionId = connections.requireActive().id;
      const saved = await issuers.set(connectionId, profile);
      // Said once committed: this window and, on the shop's database, the other registers refresh.
      events.emit('issuer.changed', { connection_id: connectionId });
      return saved;
    },
    'history.issuerWarnings': () => issuers.warnings(connections.requireActive().id),
    'history.idOfSubmission': async ({ submission_id }) => ({
      id:
        (
          await engine.db
            .selectFrom('history_documents')
            .select('id')
            .where('connection_id', '=', connections.requireActive().id)
            .where('submission_id', '=', submission_id)
            .executeTakeFirst()
        )?.id ?? null,
    }),
  };
}
