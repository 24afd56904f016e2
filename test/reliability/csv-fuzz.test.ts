// The shared reader of pasted rows and CSV files (src/shared/tabular.ts, used by the CSV import of
// DSE lines and the forms' paste) under hostile text: it returns rows or refuses with a Spanish
// TabularError, never anything else; 10,000+ lines and a 5 MB cell are refused or read within the
// row bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTabular, TabularError } from '#shared/tabular';
import { assertProperty, fuzzRuns } from '../support/reliability/fuzz';

const tally = new Map<string, number>();

describe('CSV and pasted rows under hostile text', () => {
  it('returns rows or a Spanish refusal, never another failure, and never more rows than allowed', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('"', '""', '"a;b"', '\r', '\n', '\r\n', '\t', ';', ',', '\uFEFF', "=cmd|' /C calc'!A0"),
    );
    const text = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 30 }).map((rows) => rows.map((r) => r.join(';')).join('\n')),
    );
    await assertProperty(
      'tabular',
      fc.asyncProperty(fc.record({ text, maxRows: fc.integer({ min: 1, max: 50 }) }), async ({ text: input, maxRows }) => {
        try {
          const rows = parseTabular(input, { maxRows });
          if (rows.length > maxRows) throw new Error(`more rows than allowed: ${rows.length} > ${maxRows}`);
          if (!rows.every((r) => Array.isArray(r) && r.every((c) => typeof c === 'string')))
            throw new Error('not a table of strings');
        } catch (error) {
          if (!(error instanceof TabularError) || !/[a-záéíóúñ]/i.test(error.message)) throw error;
        }
      }) as fc.IAsyncProperty<[unknown]>,
      fuzzRuns(3000),
      tally,
    );
    console.log(`csv fuzz runs: ${JSON.stringify(Object.fromEntries(tally))}`);
  });

  it('refuses 10,001 lines and reads a 5 MB cell as one bounded row', () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => `70111703;Línea ${i};1;EA;1000;0`).join('\n');
    expect(() => parseTabular(lines)).toThrow(TabularError);
    expect(() => parseTabular(lines, { maxRows: 2000 })).toThrow(/más de 2000 filas/);
    const rows = parseTabular(`"${'x'.repeat(5 * 1024 * 1024)}";1`);
    expect(rows).toHaveLength(1);
    expect(() => parseTabular(`"${'x'.repeat(1024)}`)).toThrow(/comilla sin cerrar/);
  });
});
