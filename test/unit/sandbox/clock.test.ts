// The sandbox's clock reads Colombia's date and time without Intl from 1994 on (a fixed UTC-05:00):
// it must give exactly what the shared time-zone conversion gives, at every instant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colombiaNow, frozenClock } from '#sandbox/clock';
import { toColombia } from '#shared/dates';

const expected = (at: Date) => {
  const { date, time } = toColombia(at);
  return { date, time, stamp: `${date} ${time}` };
};

describe('colombiaNow', () => {
  it('equals the time-zone conversion around midnight, the year turn and the 1992-93 daylight saving', () => {
    for (const iso of [
      '2026-11-20T10:00:00-05:00',
      '2026-11-20T23:59:59-05:00',
      '2026-11-21T00:00:00-05:00',
      '2026-12-31T23:59:59.999-05:00',
      '2027-01-01T04:59:59Z',
      '2027-01-01T05:00:00Z',
      '2024-02-29T12:00:00-05:00',
      '1992-06-01T12:00:00Z', // Colombia was at -04:00 then: the conversion's own answer
      '1993-02-07T03:59:59Z',
      '1993-02-07T04:00:00Z',
      '1994-01-01T04:59:59Z',
      '1994-01-01T05:00:00Z',
      '1970-01-01T00:00:00Z',
    ]) {
      const clock = frozenClock(iso);
      expect(colombiaNow(clock), iso).toEqual(expected(clock.now()));
    }
  });

  it('equals the time-zone conversion at any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1985, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const at = new Date(ms);
        expect(colombiaNow({ now: () => new Date(ms) })).toEqual(expected(at));
      }),
      { numRuns: 5000 },
    );
  });
});
