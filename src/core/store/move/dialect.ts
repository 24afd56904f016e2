// The one place where a SQLite value becomes a PostgreSQL one, and where both engines' values
// become the same canonical text for the copy's proof. SQLite keeps what it was given (its column
// types are affinities); PostgreSQL's column type decides, so both directions go by it:
// - BLOB -> BYTEA: a Buffer as it is; text kept in a BLOB column (SQLite allows it) as its UTF-8 bytes;
// - integers (ids, cents, the 0/1 flags both engines keep as integers): read from SQLite as BigInt
//   (safeIntegers), written as their decimal text, so no value above 2^53 is rounded on the way;
// - text (dates as stored, JSON as stored, decimal amounts): the same string, never re-parsed.
// Any other pairing (a fraction in an integer column, a type this file does not know) stops the move.

/** The PostgreSQL column types the store uses (information_schema's `data_type`). */
export type TargetType = 'bigint' | 'integer' | 'smallint' | 'text' | 'bytea';

const TARGET_TYPES: readonly string[] = ['bigint', 'integer', 'smallint', 'text', 'bytea'];

export function isTargetType(type: string): type is TargetType {
  return TARGET_TYPES.includes(type);
}

/** A value as better-sqlite3 returns it with safe integers on. */
export type SqliteValue = bigint | number | string | Buffer | null;

export class ValueMismatch extends Error {}

/** A SQLite value as the parameter that stores it in a PostgreSQL column of `type`. */
export function toPostgres(value: SqliteValue, type: TargetType): string | Buffer | null {
  if (value === null) return null;
  switch (type) {
    case 'bytea':
      return Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf8');
    case 'bigint':
    case 'integer':
    case 'smallint':
      return integerText(value);
    case 'text':
      if (Buffer.isBuffer(value)) throw new ValueMismatch('bytes in a text column');
      return String(value);
  }
}

/**
 * A value's canonical text for the proof, from either engine: SQLite's as read (BigInt, number,
 * string, Buffer) or PostgreSQL's as read back (integers cast to text by the reader, BYTEA as a
 * Buffer, text). Null stays null, so that it never equals any text.
 */
export function canonical(value: unknown, type: TargetType): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'bytea':
      return (Buffer.isBuffer(value) ? value : Buffer.from(String(value as string), 'utf8')).toString('hex');
    case 'bigint':
    case 'integer':
    case 'smallint':
      return typeof value === 'string' ? value : integerText(value as SqliteValue);
    case 'text':
      return Buffer.isBuffer(value) ? `bytes:${value.toString('hex')}` : String(value as string);
  }
}

/** How the proof's reader selects a column on PostgreSQL: integers as text (exact, as `canonical` wants them). */
export function readBackExpression(column: string, type: TargetType): string {
  const quoted = quoteIdentifier(column);
  return type === 'bigint' || type === 'integer' || type === 'smallint'
    ? `${READ_ALIAS}.${quoted}::text AS ${quoted}`
    : `${READ_ALIAS}.${quoted}`;
}

/** The alias of the table the proof reads on PostgreSQL (see `orderBy`). */
export const READ_ALIAS = 'src';

/**
 * The order both engines read a table in for the proof: its primary key, or every column when it
 * has none. Text compares byte by byte on both (SQLite's BINARY, PostgreSQL's "C" collation), and
 * nulls come first as in SQLite. On PostgreSQL the columns are named through the table's alias:
 * a bare name would be the select list's output, where integers are read as text and would sort
 * "10" before "2".
 */
export function orderBy(columns: readonly { name: string; type: TargetType }[], engine: 'sqlite' | 'postgres'): string {
  return columns
    .map(({ name, type }) => {
      const quoted = quoteIdentifier(name);
      if (engine === 'sqlite') return quoted;
      return `${READ_ALIAS}.${quoted}${type === 'text' ? ' COLLATE "C"' : ''} NULLS FIRST`;
    })
    .join(', ');
}

/** An identifier quoted for either engine (the names come from the databases' own catalogs). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function integerText(value: SqliteValue): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
  throw new ValueMismatch(`not an integer: ${typeof value}`);
}
