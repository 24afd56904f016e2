// The groups of states the ledger's readers ask for, in one place and by meaning
// (submissions/states.ts and the RPC contract's ledger states): a reader names a group, never a list
// of its own. Queries pass them as parameters (Kysely's `in`); the SQLite search code that still
// writes its SQL by hand takes them from `sqlList`.
import { OPEN_SUBMISSION_STATES, type SubmissionState } from '#shared/rpc/methods/submissions';
import { ACCEPTED_ESTADOS, canonicalEstado, IN_PROGRESS_ESTADOS } from '../submissions/states';

/** Ledger states of a submission still on its way (sending, in doubt, waiting for the DIAN). */
export const OPEN_STATES: readonly SubmissionState[] = OPEN_SUBMISSION_STATES;
/** Ledger states of a submission that created no document (refused before anything was issued). */
export const NOT_A_DOCUMENT_STATES: readonly SubmissionState[] = ['failed', 'conflict'];

/** Stored DIAN states meaning accepted (with or without notices). */
export const ACCEPTED_DIAN_STATES: readonly string[] = ACCEPTED_ESTADOS;
/** The stored DIAN state of a rejection (its one spelling, whatever the server wrote). */
export const REJECTED_DIAN_STATES: readonly string[] = [canonicalEstado('rechazado')];
/** Stored DIAN states that are final: accepted in any form, or rejected. */
export const FINAL_DIAN_STATES: readonly string[] = [...ACCEPTED_ESTADOS, ...REJECTED_DIAN_STATES];
/** Stored DIAN states of a known state on its way. */
export const IN_PROGRESS_DIAN_STATES: readonly string[] = IN_PROGRESS_ESTADOS;

/** A group as an SQL list, `IN ${sqlList(group)}`: its values are fixed words of this file, never user input. */
export function sqlList(group: readonly string[]): string {
  return `(${group.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`;
}

/** The groups as SQL lists, for the SQLite statements written by hand (history search, report sums). */
export const STATE_LISTS_SQL = {
  open: sqlList(OPEN_STATES),
  accepted: sqlList(ACCEPTED_DIAN_STATES),
  rejected: sqlList(REJECTED_DIAN_STATES),
  final: sqlList(FINAL_DIAN_STATES),
  inProgress: sqlList(IN_PROGRESS_DIAN_STATES),
} as const;
