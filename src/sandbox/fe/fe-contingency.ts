// How the sandbox writes and judges an FE sent with `es_contingencia` (docs/SANDBOX.md,
// "Contingency"): the reference in `observaciones` (src/shared/fe/contingency-reference.ts) says
// which contingency it is; the server's clock, its simulated outages and the invoices it already
// received say when the problem was solved and whether the ticket's number was already used.
import { toColombia } from '#shared/dates';
import { parseContingencyReference, type FeRequest } from '#shared/fe/index';
import { CONTINGENCY_HOURS, type ContingencyFacts } from '../authority/contingency-rules';
import type { SandboxContext } from '../context';
import type { Company } from '../storage/company-store';
import type { FeContingencyIssue } from './fe-document';

const HOUR_MS = 3_600_000;
const instantOf = (date: string, time: string) => new Date(`${date}T${time}-05:00`).getTime();

/** The contingency invoice to write and what the authority knows of it; null for an ordinary FE. */
export function contingencyOf(
  ctx: SandboxContext,
  company: Company,
  request: FeRequest,
): { issue: FeContingencyIssue; facts: ContingencyFacts } | null {
  if (!request.es_contingencia) return null;
  const nowMs = ctx.clock.now().getTime();
  const now = toColombia(new Date(nowMs));
  const ref = parseContingencyReference(request.observaciones);
  const periods = ctx.outage.periods;
  if (ref?.type === '4') {
    const authorityDown = periods.some((p) => p.mode === 'authority' && p.from <= nowMs && (p.to === null || nowMs < p.to));
    return {
      issue: { typeCode: '04', issueDate: ref.date, issueTime: ref.time },
      facts: { late: false, deadlineText: null, duplicate: false, authorityDown },
    };
  }
  const issue: FeContingencyIssue = { typeCode: '03', issueDate: now.date, issueTime: now.time };
  if (!ref) return { issue, facts: { late: false, deadlineText: null, duplicate: false, authorityDown: false } };
  const n = ref.numbering;
  issue.ticket = {
    prefix: n.prefix,
    number: ref.number,
    date: ref.date,
    time: ref.time,
    control: { resolution: n.resolution, validFrom: n.validFrom, validTo: n.validTo, prefix: n.prefix, from: n.from, to: n.to },
  };
  // When the problem was solved: the end of the service outage the sandbox simulated while the
  // ticket was printed, else the first type 03 invoice the company sent after it (this one at the latest).
  const ticketAt = instantOf(ref.date, ref.time);
  const solvedAt = [nowMs];
  for (const p of periods) {
    if (p.mode !== 'authority' && p.from <= ticketAt && p.to !== null && p.to >= ticketAt) solvedAt.push(p.to);
  }
  const first = ctx.fe.firstContingencySince(company.id, `${ref.date}T${ref.time}`);
  if (first) solvedAt.push(new Date(`${first}-05:00`).getTime());
  const deadline = Math.min(...solvedAt) + CONTINGENCY_HOURS * HOUR_MS;
  const due = toColombia(new Date(deadline));
  return {
    issue,
    facts: {
      late: nowMs > deadline,
      deadlineText: `${due.date} ${due.time}`,
      duplicate: ctx.fe.hasContingencyNumber(company.id, n.prefix, ref.number),
      authorityDown: false,
    },
  };
}
