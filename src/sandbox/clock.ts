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

/**
 * Colombia has kept UTC-05:00 all year since its last daylight saving time ended in 1993 (tz
 * databases disagree on the day, February or April): from 1994 on the offset is certain.
 */
const FIXED_OFFSET_SINCE = Date.UTC(1994, 0, 1, 5);
const OFFSET_MS = 5 * 3_600_000;

/**
 * Colombia's date and time of the clock's now. Every request reads it (often twice), so from 1994 on,
 * when Colombia's offset is fixed, it is computed from the UTC time minus five hours rather than
 * through Intl's time zone formatting (~10 times dearer); the same text `toColombia` gives.
 */
export function colombiaNow(clock: Clock): { date: string; time: string; stamp: string } {
  const now = clock.now();
  const ms = now.getTime();
  if (!(ms >= FIXED_OFFSET_SINCE)) {
    const { date, time } = toColombia(now);
    return { date, time, stamp: `${date} ${time}` };
  }
  const iso = new Date(ms - OFFSET_MS).toISOString(); // 2026-11-20T10:00:00.000Z, years 1993..9999
  const date = iso.slice(0, 10);
  const time = iso.slice(11, 19);
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
