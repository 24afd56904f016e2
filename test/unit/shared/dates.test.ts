import { describe, expect, it } from 'vitest';
import { addDays, colombiaToday, daysBetween, isIsoDate, toColombiaIso } from '../../../src/shared/dates';

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
