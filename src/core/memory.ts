// Giving memory back after bulk work. V8 lets its heap grow with the garbage of a long export
// (100,000 rows read, formatted and zipped) and collects it only when its own heuristics say so, so a
// desktop process that just wrote a large file keeps tens of MB it no longer uses, and the next bulk
// step starts from there. Core asks for a full collection at the few points where it knows a large
// amount of garbage has just been made: before and during a large export, and when it ends.
//
// Node and Electron's main process expose `gc` only under --expose-gc, which an app cannot pass to
// its own main process; V8 accepts the flag at run time, and a new context created after that has
// `gc` as a global (the function collects the whole isolate's heap).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

function resolveCollector(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** A full garbage collection now, when the runtime allows one; otherwise nothing. */
export function collectGarbage(): void {
  collector ??= resolveCollector();
  collector?.();
}
