// When the poller looks at an unresolved submission again: the contract's 5 s, 15 s, 30 s and 60 s
// ("Client behavior": query with back-off), then longer, capped at 10 minutes. The ledger stores the
// next due time it gives (`submission_polls.due_at`); the poller runs what is due.

export const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000] as const;

/** The wait before the check after `checks` earlier ones. */
export function backoffDelay(checks: number): number {
  return BACKOFF_MS[Math.min(checks, BACKOFF_MS.length - 1)]!;
}
