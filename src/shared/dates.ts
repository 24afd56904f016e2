// "Current date" is Colombia's (America/Bogota, UTC-05:00 all year, no daylight saving since 1993),
// never the machine's zone. Intl's zone data does the conversion.
import { once } from './once';

export const COLOMBIA_TZ = 'America/Bogota';
export const COLOMBIA_OFFSET = '-05:00';

const partsFormatter = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: COLOMBIA_TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

export interface ColombiaDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS */
  time: string;
}

export function toColombia(instant: Date): ColombiaDateTime {
  const parts = Object.fromEntries(
    partsFormatter()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

export function colombiaToday(now: Date): string {
  return toColombia(now).date;
}

/** Milliseconds from `now` to the next 00:00:00 in Colombia, when `colombiaToday` turns (always > 0). */
export function msUntilNextColombiaDay(now: Date): number {
  const next = Date.parse(`${addDays(colombiaToday(now), 1)}T00:00:00${COLOMBIA_OFFSET}`);
  return next - now.getTime();
}

/** "2026-11-20T10:00:00-05:00" */
export function toColombiaIso(instant: Date): string {
  const { date, time } = toColombia(instant);
  return `${date}T${time}${COLOMBIA_OFFSET}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const dateFormatter = once(
  () => new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }),
);
const dateTimeFormatter = once(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      timeZone: COLOMBIA_TZ,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** "20/11/2026" for a YYYY-MM-DD calendar date. */
export function formatDate(isoDate: string): string {
  if (!isIsoDate(isoDate.slice(0, 10))) return isoDate;
  return dateFormatter().format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** "20/11/2026, 10:00 a. m." in Colombia's time for an instant. */
export function formatDateTime(instant: Date | string): string {
  return dateTimeFormatter().format(typeof instant === 'string' ? new Date(instant) : instant);
}

const timeFormatter = once(() => new Intl.DateTimeFormat('es-CO', { timeZone: COLOMBIA_TZ, hour: '2-digit', minute: '2-digit' }));

/** "10:00 a. m." in Colombia's time for an instant. */
export function formatTime(instant: Date | string): string {
  return timeFormatter().format(typeof instant === 'string' ? new Date(instant) : instant);
}

const wallClockFormatter = once(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/**
 * "18/11/2026, 06:45 p. m." for a date-time the server wrote without a zone (Colombia's wall clock,
 * as the contract's `fecha_emision`); anything that is not such a date-time is returned as it is.
 */
export function formatWallClock(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  if (!match || !isIsoDate(match[1]!)) return isIsoDate(value) ? formatDate(value) : value;
  const instant = new Date(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(instant.getTime()) ? value : wallClockFormatter().format(instant);
}
