import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatTime,
  formatWallClock,
  addDays,
  colombiaToday,
  daysBetween,
  isIsoDate,
  msUntilNextColombiaDay,
  toColombiaIso,
} from '#shared/dates';

describe('Colombia dates', () => {
  it('uses Bogota time, not UTC: 03:00 UTC is still the previous day in Colombia', () => {
    expect(colombiaToday(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(colombiaToday(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-21');
  });

  it('turns the day at 00:00:00 in Bogotá (05:00:00Z): 23:59:59 is the day before', () => {
    expect(colombiaToday(new Date('2026-11-21T04:59:59Z'))).toBe('2026-11-20');
    expect(colombiaToday(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-21');
    expect(colombiaToday(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31');
    expect(colombiaToday(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
  });

  it.each([
    ['2026-11-21T04:59:59Z', 1000],
    ['2026-11-21T04:59:59.999Z', 1],
    ['2026-11-21T05:00:00Z', 86_400_000],
    ['2026-11-20T17:00:00Z', 12 * 3_600_000],
    ['2026-12-31T23:30:00Z', 5.5 * 3_600_000],
  ])('from %s the next Colombian day is %i ms away', (instant, ms) => {
    const now = new Date(instant);
    expect(msUntilNextColombiaDay(now)).toBe(ms);
    expect(colombiaToday(new Date(now.getTime() + ms))).toBe(addDays(colombiaToday(now), 1));
    expect(colombiaToday(new Date(now.getTime() + ms - 1))).toBe(colombiaToday(now));
  });

  it('writes instants with the -05:00 offset', () => {
    expect(toColombiaIso(new Date('2026-11-20T15:04:05Z'))).toBe('2026-11-20T10:04:05-05:00');
  });

  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['20-11-2026', false],
    ['2026-11-20T00:00', false],
  ])('isIsoDate(%s) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('counts calendar days across month ends', () => {
    expect(daysBetween('2026-11-28', '2026-12-04')).toBe(6);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('a server date-time without a zone, as the shop reads it', () => {
  it("is Colombia's wall clock, whatever this machine's zone", () => {
    expect(formatWallClock('2026-11-18T18:45:31')).toMatch(/^18\/11\/2026,? 06:45\sp\.\s?m\.$/);
    expect(formatWallClock('2026-01-02 07:05')).toMatch(/^02\/01\/2026,? 07:05\sa\.\s?m\.$/);
  });

  it('a plain date is a date; anything else is shown as the server wrote it', () => {
    expect(formatWallClock('2026-11-18')).toBe('18/11/2026');
    expect(formatWallClock('mañana')).toBe('mañana');
    expect(formatWallClock('2026-13-40T10:00:00')).toBe('2026-13-40T10:00:00');
  });
});

describe('an instant as the shop reads it, on screen and on paper', () => {
  it('is the time in Colombia with a. m./p. m. and no zone offset', () => {
    expect(formatTime('2026-11-27T18:05:10Z')).toMatch(/^01:05\sp\.\s?m\.$/);
    expect(formatTime(new Date('2026-11-27T05:00:00Z'))).toMatch(/^12:00\sa\.\s?m\.$/);
    expect(formatDateTime('2026-11-27T13:05:10-05:00')).toMatch(/^27\/11\/2026,? 01:05\sp\.\s?m\.$/);
    for (const text of [
      formatTime('2026-11-27T18:05:10Z'),
      formatDateTime('2026-11-27T18:05:10Z'),
      formatWallClock('2026-11-27T13:05:10'),
    ]) {
      expect(text).not.toMatch(/[+-]\d\d:\d\d|GMT|UTC/);
    }
  });
});
