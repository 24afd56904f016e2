// The contingency reference line (src/shared/fe/contingency-reference.ts) and how a queued FE takes
// it (src/core/submissions/contingency-tickets.ts): written by the client, read back by the sandbox.
import { describe, expect, it } from 'vitest';
import { withContingencyReference, type ContingencyTicket } from '#core/submissions/contingency-tickets';
import { LIMITS } from '#shared/api/common';
import { formatContingencyReference, parseContingencyReference } from '#shared/fe/index';

const TICKET: ContingencyTicket = {
  type: '3',
  number: 12,
  date: '2026-11-20',
  time: '23:59:58',
  numbering: { resolution: '18764000001', prefix: 'CT', from: 1, to: 5000, validFrom: '2026-01-01', validTo: '2027-12-31' },
};

describe('the contingency reference in observaciones', () => {
  it.each([
    ['with a prefix', TICKET],
    ['without a prefix', { ...TICKET, numbering: { ...TICKET.numbering, prefix: '' } }],
    [
      'a prefix with digits',
      { ...TICKET, number: 999_999_999, numbering: { ...TICKET.numbering, prefix: 'C1', to: 999_999_999 } },
    ],
  ])('reads back what it writes: %s', (_label, ticket) => {
    expect(parseContingencyReference(`Mesa 4\n${formatContingencyReference(ticket)}`)).toEqual(ticket);
  });

  it('reads a type 4 line, and nothing from a text without a reference', () => {
    expect(parseContingencyReference('Contingencia tipo 4: generada y firmada el 2026-11-20 10:15:00.')).toEqual({
      type: '4',
      date: '2026-11-20',
      time: '10:15:00',
    });
    expect(parseContingencyReference('Contingencia tipo 3: talonario CT-12')).toBeNull();
    expect(parseContingencyReference(null)).toBeNull();
  });

  it("keeps the shop's text before the line, cut at its end when both would pass the contract's length", () => {
    const short = withContingencyReference({ observaciones: 'Mesa 4', es_contingencia: false }, TICKET);
    expect(short).toEqual({ observaciones: `Mesa 4\n${formatContingencyReference(TICKET)}`, es_contingencia: true });
    const long = withContingencyReference({ observaciones: 'x'.repeat(LIMITS.observacionesMax) }, TICKET);
    expect(String(long.observaciones)).toHaveLength(LIMITS.observacionesMax);
    expect(parseContingencyReference(String(long.observaciones))).toEqual(TICKET);
    expect(withContingencyReference({ observaciones: 'Mesa 4' }, null)).toEqual({
      observaciones: 'Mesa 4',
      es_contingencia: true,
    });
  });
});
