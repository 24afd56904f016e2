// The copy's proof: per table, its row count and a SHA-256 of its rows in one canonical form
// (dialect.ts), read from SQLite as the copy reads it and from PostgreSQL back from the database,
// both in primary key order; then the ledger's open work read by meaning on both engines: the
// submissions still on their way and the contingency queue, with their keys, states, bodies, ticket
// references and deadlines.
import { createHash, type Hash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { OPEN_STATES, sqlList } from '../../ledger-reads/state-groups';
import type { Schema } from '../schema';
import { canonical, orderBy, quoteIdentifier, READ_ALIAS, readBackExpression, type TargetType } from './dialect';
import type { SqliteSource } from './source';

export interface TableProof {
  rows: number;
  /** SHA-256 (hex) of the canonical rows in key order. */
  hash: string;
}

/** Accumulates one table's proof row by row. */
export class TableDigest {
  private readonly hash: Hash = createHash('sha256');
  private rows = 0;

  constructor(private readonly types: readonly TargetType[]) {}

  add(row: readonly unknown[]): void {
    this.rows += 1;
    this.hash.update(`${JSON.stringify(row.map((value, i) => canonical(value, this.types[i]!)))}\n`);
  }

  done(): TableProof {
    return { rows: this.rows, hash: this.hash.digest('hex') };
  }
}

export interface ProofColumn {
  name: string;
  type: TargetType;
}

/** Rows fetched at a time from the read-back cursor. */
const FETCH = 1000;

/** The table as PostgreSQL holds it now (inside the move's transaction), in the same order and form as the copy read it. */
export async function postgresProof(
  trx: Transaction<Schema>,
  table: string,
  columns: readonly ProofColumn[],
  order: readonly ProofColumn[],
): Promise<TableProof> {
  const digest = new TableDigest(columns.map((c) => c.type));
  const select = columns.map((c) => readBackExpression(c.name, c.type)).join(', ');
  await sql
    .raw(
      `DECLARE move_proof NO SCROLL CURSOR FOR SELECT ${select} FROM ${quoteIdentifier(table)} AS ${READ_ALIAS} ORDER BY ${orderBy(order, 'postgres')}`,
    )
    .execute(trx);
  for (;;) {
    const { rows } = await sql.raw<Record<string, unknown>>(`FETCH FORWARD ${FETCH} FROM move_proof`).execute(trx);
    for (const row of rows) digest.add(columns.map((c) => row[c.name]));
    if (rows.length < FETCH) break;
  }
  await sql.raw('CLOSE move_proof').execute(trx);
  return digest.done();
}

/** What the ledger still has to do, read by meaning: each part is compared whole between the engines. */
const OPEN_WORK: readonly { part: string; label: string; text: string; columns: readonly ProofColumn[] }[] = [
  {
    part: 'open_submissions',
    label: 'los envíos en curso',
    text: `SELECT id, base_url, company_id, kind, idempotency_key, state, attempts, request_body, payload_hash,
                  ticket_ref, created_at, last_attempt_at
             FROM submissions WHERE state IN ${sqlList(OPEN_STATES)} ORDER BY id`,
    columns: [
      { name: 'id', type: 'bigint' },
      { name: 'base_url', type: 'text' },
      { name: 'company_id', type: 'bigint' },
      { name: 'kind', type: 'text' },
      { name: 'idempotency_key', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'attempts', type: 'bigint' },
      { name: 'request_body', type: 'bytea' },
      { name: 'payload_hash', type: 'text' },
      { name: 'ticket_ref', type: 'text' },
      { name: 'created_at', type: 'text' },
      { name: 'last_attempt_at', type: 'text' },
    ],
  },
  {
    part: 'contingency_queue',
    label: 'la cola de contingencia',
    text: `SELECT o.id, o.local_ref, o.kind, o.queued_at, o.deadline_at, o.warned, o.original_hash, o.ticket_resolution,
                  o.ticket_prefix, o.ticket_number, s.idempotency_key, s.state, s.request_body, s.ticket_ref
             FROM outbox o JOIN submissions s ON s.id = o.submission_id
            WHERE o.transmitted_at IS NULL ORDER BY o.id`,
    columns: [
      { name: 'id', type: 'bigint' },
      { name: 'local_ref', type: 'text' },
      { name: 'kind', type: 'text' },
      { name: 'queued_at', type: 'text' },
      { name: 'deadline_at', type: 'text' },
      { name: 'warned', type: 'text' },
      { name: 'original_hash', type: 'text' },
      { name: 'ticket_resolution', type: 'text' },
      { name: 'ticket_prefix', type: 'text' },
      { name: 'ticket_number', type: 'bigint' },
      { name: 'idempotency_key', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'request_body', type: 'bytea' },
      { name: 'ticket_ref', type: 'text' },
    ],
  },
];

export interface OpenWorkProof {
  part: string;
  label: string;
  sqlite: TableProof;
  postgres: TableProof;
}

/** The open submissions and the queue, from both engines (PostgreSQL inside the move's transaction). */
export async function openWorkProofs(source: SqliteSource, trx: Transaction<Schema>): Promise<OpenWorkProof[]> {
  const proofs: OpenWorkProof[] = [];
  for (const { part, label, text, columns } of OPEN_WORK) {
    const fromSqlite = new TableDigest(columns.map((c) => c.type));
    for (const row of source.query(text)) fromSqlite.add(columns.map((c) => row[c.name]));
    const fromPostgres = new TableDigest(columns.map((c) => c.type));
    const { rows } = await sql.raw<Record<string, unknown>>(withIntegersAsText(text, columns)).execute(trx);
    for (const row of rows) fromPostgres.add(columns.map((c) => row[c.name]));
    proofs.push({ part, label, sqlite: fromSqlite.done(), postgres: fromPostgres.done() });
  }
  return proofs;
}

/** The same query with its integer columns read as text on PostgreSQL (exact whatever their size). */
function withIntegersAsText(text: string, columns: readonly ProofColumn[]): string {
  const integers = columns.filter((c) => c.type === 'bigint').map((c) => c.name);
  return `SELECT ${columns.map((c) => (integers.includes(c.name) ? `${quoteIdentifier(c.name)}::text AS ${quoteIdentifier(c.name)}` : quoteIdentifier(c.name))).join(', ')} FROM (${text}) AS open_work ORDER BY open_work.id`;
}
