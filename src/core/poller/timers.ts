// The poller's sense of time, handed in so tests drive it with a controlled clock.
export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function realTimers(clock: () => Date): Timers {
  return {
    now: () => clock().getTime(),
    setTimeout: (callback, ms) => {
      const handle = setTimeout(callback, ms);
      handle.unref();
      return handle;
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
}
