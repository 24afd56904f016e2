import { describe, expect, it } from 'vitest';
import { formatWallClock, addDays, colombiaToday, daysBetween, isIsoDate, toColombiaIso } from '../../../src/shared/dates';

describe('Colombia dates', () => {
  it('uses Bogota time, not UTC: 03:00 UTC is still the previous day in Colombia', () => {
    expect(colombiaToday(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(colombiaToday(new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-21');
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
