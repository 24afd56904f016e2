// Waiting for something to happen: a test polls for the condition and goes on the moment it holds,
// with a generous deadline that fails the test with what it last saw. Never a fixed sleep: on a slow
// machine a fixed sleep is too short and the test fails, on a fast one it only wastes time.

/** Long enough for a loaded machine; a condition that holds returns at once, so this costs nothing. */
export const DEADLINE_MS = 30_000;
const EVERY_MS = 25;

export interface WaitOptions {
  /** What is awaited, for the failure message. */
  what: string;
  deadlineMs?: number;
  everyMs?: number;
}

export interface WaitUntilOptions<T> extends WaitOptions {
  /** How the last value seen reads in the failure message (JSON when not given). */
  show?: (value: T) => string;
}

/**
 * Calls `probe` until `done` holds for what it returns, and returns that value; throws with the last
 * value seen once the deadline passes. An error from `probe` fails at once: it is not a "not yet".
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  { what, deadlineMs = DEADLINE_MS, everyMs = EVERY_MS, show = (value) => JSON.stringify(value) }: WaitUntilOptions<T>,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms; last seen: ${show(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until `condition` returns true. */
export function waitFor(condition: () => boolean | Promise<boolean>, options: WaitOptions): Promise<boolean> {
  return waitUntil(condition, (held) => held, options);
}
