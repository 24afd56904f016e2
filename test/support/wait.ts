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

/**
 * Calls `probe` until `done` holds for what it returns, and returns that value; throws with the last
 * value seen (or the last error thrown) once the deadline passes.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  { what, deadlineMs = DEADLINE_MS, everyMs = EVERY_MS }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    let last: string;
    try {
      const value = await probe();
      if (done(value)) return value;
      last = JSON.stringify(value);
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms; last seen: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until `condition` returns true. */
export function waitFor(condition: () => boolean | Promise<boolean>, options: WaitOptions): Promise<boolean> {
  return waitUntil(condition, (held) => held, options);
}
