// The server clock: real time, or frozen by --now. "Current date" rules always read Colombia's date
// from it. Settlement of uncertain transmissions uses real elapsed time even when the clock is frozen
// (sandbox decision: otherwise a frozen sandbox would never settle).
import { toColombia } from '../shared/dates';

export interface Clock {
  now(): Date;
}

export function realClock(): Clock {
  return { now: () => new Date() };
}

export function frozenClock(iso: string): Clock {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new Error(`--now inválido: ${iso} (ejemplo: 2026-11-20T10:00:00-05:00)`);
  return { now: () => new Date(at.getTime()) };
}

/** Colombia's date and time of the clock's now. */
export function colombiaNow(clock: Clock): { date: string; time: string; stamp: string } {
  const { date, time } = toColombia(clock.now());
  return { date, time, stamp: `${date} ${time}` };
}

/** A clock that tests move by hand (a fake clock): no rule ever waits for real time to pass. */
export interface SettableClock extends Clock {
  set(iso: string): void;
  advance(ms: number): void;
}

export function settableClock(iso: string): SettableClock {
  let at = frozenClock(iso).now().getTime();
  return {
    now: () => new Date(at),
    set: (next) => {
      at = frozenClock(next).now().getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
