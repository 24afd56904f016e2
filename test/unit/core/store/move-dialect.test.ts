// The move's one place for dialect differences (src/core/store/move/dialect.ts): each SQLite value
// as the parameter PostgreSQL stores, and the proof's canonical text, which must be the same for a
// value read from SQLite and the same value read back from PostgreSQL.
import { describe, expect, it } from 'vitest';
import { canonical, toPostgres, ValueMismatch, type SqliteValue, type TargetType } from '#core/store/move/dialect';

const BYTES = Buffer.from('{"total":"1190.00","ñ":true}', 'utf8');

describe('a SQLite value as PostgreSQL stores it, and both read back as one canonical text', () => {
  // [column type, value as SQLite gives it, parameter for PostgreSQL, value as PostgreSQL's reader gives it back, canonical text]
  const cases: [TargetType, SqliteValue, string | Buffer | null, unknown, string | null][] = [
    ['bytea', BYTES, BYTES, BYTES, BYTES.toString('hex')],
    // text SQLite kept in a BLOB column: its UTF-8 bytes
    ['bytea', BYTES.toString('utf8'), BYTES, BYTES, BYTES.toString('hex')],
    ['bigint', 42n, '42', '42', '42'],
    ['bigint', 2n ** 53n + 1n, '9007199254740993', '9007199254740993', '9007199254740993'],
    ['integer', 1, '1', '1', '1'],
    ['bigint', -7n, '-7', '-7', '-7'],
    ['text', '2026-11-20T10:00:00-05:00', '2026-11-20T10:00:00-05:00', '2026-11-20T10:00:00-05:00', '2026-11-20T10:00:00-05:00'],
    ['text', '{"a":1}', '{"a":1}', '{"a":1}', '{"a":1}'],
    ['text', '150000.00', '150000.00', '150000.00', '150000.00'],
    ['text', null, null, null, null],
    ['bigint', null, null, null, null],
  ];
  it.each(cases)('%s %s', (type, value, parameter, readBack, text) => {
    expect(toPostgres(value, type)).toEqual(parameter);
    expect(canonical(value, type)).toBe(text);
    expect(canonical(readBack, type)).toBe(text);
  });

  it('a null is never equal to a text, an empty one included', () => {
    expect(canonical(null, 'text')).not.toBe(canonical('', 'text'));
  });

  it('refuses what a column of that type cannot hold as it is', () => {
    expect(() => toPostgres(1.5, 'bigint')).toThrow(ValueMismatch);
    expect(() => toPostgres('doce', 'integer')).toThrow(ValueMismatch);
    expect(() => toPostgres(BYTES, 'text')).toThrow(ValueMismatch);
  });
});
