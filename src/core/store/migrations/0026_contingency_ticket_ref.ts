import type { Migration } from '../migration';
import { ticketOfRequest, ticketRef, TICKET_RELEASING_STATES_SQL } from '#core/submissions/contingency-tickets';

/**
 * The contingency ticket an FE names, as a column of the ledger (docs/CLIENT-DECISIONS.md
 * "Contingency"): `submissions.ticket_ref` ("18764000001/CT-12": resolution, prefix, number), set
 * for a contingency invoice whose reference line names a type 3 ticket, queued by the app or typed
 * after a sale on paper. A UNIQUE partial index keeps one holder per address and company among the
 * invoices not refused (rejected, failed, conflict release it), so the database refuses the same
 * ticket twice whichever process writes it, and the ticket check is one index lookup instead of a
 * scan of every request body.
 *
 * Back-filled from the request bodies. Two invoices that already hold one ticket (written by two
 * processes before this index) keep it on the older one, the holder the check named until now; the
 * newer keeps its body and no longer holds the ticket.
 */
export const migration0026: Migration = {
  version: 26,
  name: 'contingency_ticket_ref',
  up(db) {
    db.exec('ALTER TABLE submissions ADD COLUMN ticket_ref TEXT');
    const rows = db
      .prepare(
        `SELECT id, base_url, company_id, state, CAST(request_body AS TEXT) AS body FROM submissions
          WHERE kind = 'FE' AND CAST(request_body AS TEXT) LIKE '%Contingencia tipo 3: talonario %' ORDER BY id`,
      )
      .all() as { id: number; base_url: string; company_id: number; state: string; body: string }[];
    const releasing = new Set(['rejected', 'failed', 'conflict']);
    const held = new Set<string>();
    const set = db.prepare('UPDATE submissions SET ticket_ref = ? WHERE id = ?');
    for (const row of rows) {
      let request: unknown;
      try {
        request = JSON.parse(row.body);
      } catch {
        continue;
      }
      if (typeof request !== 'object' || request === null) continue;
      const ticket = ticketOfRequest(request as Record<string, unknown>);
      if (!ticket) continue;
      const ref = ticketRef(ticket);
      if (!releasing.has(row.state)) {
        const holder = JSON.stringify([row.base_url, row.company_id, ref]);
        if (held.has(holder)) continue;
        held.add(holder);
      }
      set.run(ref, row.id);
    }
    db.exec(`
      CREATE UNIQUE INDEX submissions_ticket ON submissions (base_url, company_id, ticket_ref)
        WHERE ticket_ref IS NOT NULL AND state NOT IN ${TICKET_RELEASING_STATES_SQL};
    `);
  },
};
