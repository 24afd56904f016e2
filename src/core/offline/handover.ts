// The handover: what a register wrote in its shop copy (shop-copy.ts) while the shop's database was
// out of reach, put into that database by key, in one transaction, exactly once. Each of those rows
// had one writer, this register, so nothing is merged: a row absent there is inserted; a row present
// with the same key and the same content was handed over before (a handover cut short after its
// commit) and is left as it is; a row present with the same key and other content is a conflict,
// which stops the handover, rolls everything back and says so in Spanish. Ids are the shop
// database's own: a row's id there is found by its key, and the rows that point to it are pointed
// to that id.
//
// Run with no core on the copy (the host closes the offline core first), so nothing writes it meanwhile.
import type { Transaction } from 'kysely';
import { AppError } from '#shared/rpc/errors';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { Store } from '../store/store';
import { hasShopCopy, markHandedOver, readShopCopyState, shopCopyFile, waitsForHandover } from './shop-copy';

type Row = Record<string, unknown>;
type TableName = keyof Schema;

interface TableRule {
  table: TableName;
  /** The columns that name a row in both stores (after its references are mapped). */
  key: readonly string[];
  /** The row's own id, drawn again by the shop's database (absent: the table has none of its own). */
  ownId?: true;
  /** Columns that hold another table's id, and which table's. */
  refs?: Readonly<Record<string, TableName>>;
  /**
   * The columns that must be equal when the key is already there. Default: every column but the id.
   * Columns another register may change after a handover (a submission resolved, a queued sale
   * transmitted) are left out: what is compared is what this register alone wrote.
   */
  same?: readonly string[];
  /** Only rows whose parent this handover inserts (a timeline, facts derived from a new row). */
  onlyWithNewParent?: string;
  /** Values set on insert (a claim this register held is not carried over). */
  onInsert?: Readonly<Row>;
}

/** Parents before children. Tables left out are this register's own (its printer, its outbox checks) or derived. */
const RULES: readonly TableRule[] = [
  { table: 'shifts', ownId: true, key: ['register_id', 'opened_at'] },
  {
    table: 'submissions',
    ownId: true,
    key: ['kind', 'idempotency_key'],
    same: ['connection_id', 'base_url', 'company_id', 'endpoint_path', 'payload_hash', 'created_at'],
    // Free to be claimed there: a submission still in flight is resolved by key by whichever register is up.
    onInsert: { claimed_by: null, claimed_until: null },
  },
  // The shop database's trigger records the inserted row's state; the register's own timeline replaces it.
  {
    table: 'submission_events',
    ownId: true,
    key: ['submission_id', 'at', 'state', 'attempts'],
    refs: { submission_id: 'submissions' },
    onlyWithNewParent: 'submission_id',
  },
  { table: 'poll_schedule', key: ['submission_id'], refs: { submission_id: 'submissions' }, same: [] },
  { table: 'sale_payments', key: ['submission_id', 'position'], refs: { submission_id: 'submissions' } },
  { table: 'shift_sales', key: ['submission_id'], refs: { submission_id: 'submissions', shift_id: 'shifts' } },
  {
    table: 'shift_movements',
    ownId: true,
    key: ['shift_id', 'kind', 'amount', 'reason', 'cashier_id', 'created_at'],
    refs: { shift_id: 'shifts' },
  },
  {
    table: 'outbox',
    ownId: true,
    key: ['local_ref'],
    refs: { submission_id: 'submissions', replaced_id: 'submissions' },
    same: ['submission_id', 'kind', 'original_hash', 'queued_at', 'deadline_at'],
  },
  {
    // The mirror of a document the API holds: another register may have mirrored it already.
    table: 'history_documents',
    ownId: true,
    key: ['connection_id', 'kind', 'remote_id'],
    refs: { submission_id: 'submissions' },
    same: ['number', 'fiscal_key'],
  },
  {
    table: 'report_documents',
    key: ['history_id'],
    refs: { history_id: 'history_documents', submission_id: 'submissions' },
    onlyWithNewParent: 'history_id',
  },
  {
    table: 'report_amounts',
    key: ['history_id', 'fact', 'code', 'name', 'rate'],
    refs: { history_id: 'history_documents' },
    onlyWithNewParent: 'history_id',
  },
  { table: 'dse_corrections', key: ['connection_id', 'correction_key'], refs: { rejected_submission_id: 'submissions' } },
  { table: 'form_drafts', key: ['kind', 'connection_id', 'idempotency_key'], same: [] },
];

export interface HandoverResult {
  /** Rows inserted into the shop's database, per table (a second handover inserts none). */
  inserted: Partial<Record<TableName, number>>;
  /** Rows found there already with the same content. */
  present: number;
}

/**
 * Hands over what the shop copy of `home` holds from offline to the shop's database `engine`; null
 * when the copy holds nothing to hand over. A conflict throws a Spanish AppError and changes nothing.
 */
export async function handOver(
  home: string,
  engine: Engine,
  options: { now: Date; source: string; nativeBinding?: string },
): Promise<HandoverResult | null> {
  if (!hasShopCopy(home)) return null;
  const store = Store.open(shopCopyFile(home), {
    now: options.now,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    const state = readShopCopyState(store.db);
    // Sold from another shop database's copy (the register chose another address since): never handed
    // over here; the copy waits for its own database.
    if (!waitsForHandover(state) || state?.source !== options.source) return null;
    const local = new Map<TableName, Row[]>(
      RULES.map((rule) => [rule.table, store.db.prepare(`SELECT * FROM ${rule.table} ORDER BY rowid`).all() as Row[]]),
    );
    let result: HandoverResult;
    try {
      result = await engine.transaction((trx) => copyAll(trx, local));
    } catch (error) {
      throw refusedByShop(error);
    }
    // After the commit: cut short here, the next handover finds every row present and inserts none.
    markHandedOver(store.db, options.now);
    return result;
  } finally {
    store.close();
  }
}

async function copyAll(trx: Transaction<Schema>, local: Map<TableName, Row[]>): Promise<HandoverResult> {
  // Local id -> the shop database's id, per table; and the local ids inserted now.
  const ids = new Map<TableName, Map<unknown, unknown>>();
  const fresh = new Map<TableName, Set<unknown>>();
  const result: HandoverResult = { inserted: {}, present: 0 };
  for (const rule of RULES) {
    const mapped = new Map<unknown, unknown>();
    const inserted = new Set<unknown>();
    ids.set(rule.table, mapped);
    fresh.set(rule.table, inserted);
    for (const row of local.get(rule.table) ?? []) {
      if (rule.onlyWithNewParent) {
        const parent = rule.refs![rule.onlyWithNewParent]!;
        if (!fresh.get(parent)!.has(row[rule.onlyWithNewParent])) continue;
      }
      const there = { ...row };
      for (const [column, table] of Object.entries(rule.refs ?? {})) {
        if (there[column] === null || there[column] === undefined) continue;
        const to = ids.get(table)!.get(there[column]);
        if (to === undefined) throw new Error(`handover: ${rule.table}.${column} points to a ${table} row not handed over`);
        there[column] = to;
      }
      if (rule.ownId) delete there.id;
      let query = trx.selectFrom(rule.table).selectAll();
      for (const column of rule.key) query = query.where(column as never, '=', there[column] as never);
      const found = (await query.executeTakeFirst()) as Row | undefined;
      if (found) {
        const columns = rule.same ?? Object.keys(there);
        const differs = columns.filter((column) => !sameValue(found[column], there[column]));
        if (differs.length > 0) throw conflict(rule.table, rule.key.map((column) => String(there[column])).join(' · '), differs);
        if (rule.ownId) mapped.set(row.id, found.id);
        result.present += 1;
        continue;
      }
      const values = { ...there, ...rule.onInsert };
      if (rule.ownId) {
        const { id } = (await trx
          .insertInto(rule.table)
          .values(values as never)
          .returning('id' as never)
          .executeTakeFirstOrThrow()) as { id: unknown };
        mapped.set(row.id, id);
        if (rule.table === 'submissions')
          await trx
            .deleteFrom('submission_events')
            .where('submission_id', '=', id as number)
            .execute();
      } else {
        await trx
          .insertInto(rule.table)
          .values(values as never)
          .execute();
      }
      inserted.add(rule.ownId ? row.id : row[rule.key[0]!]);
      result.inserted[rule.table] = (result.inserted[rule.table] ?? 0) + 1;
    }
  }
  return result;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  if (typeof a === 'number' || typeof b === 'number' || typeof a === 'bigint' || typeof b === 'bigint')
    return a !== null && b !== null && String(a) === String(b);
  return a === b;
}

const TABLE_NAMES: Partial<Record<TableName, string>> = {
  shifts: 'un turno',
  submissions: 'un documento',
  shift_movements: 'un movimiento de caja',
  outbox: 'una venta en contingencia',
  history_documents: 'un documento del historial',
  sale_payments: 'un pago de una venta',
  shift_sales: 'una venta de un turno',
};

function conflict(table: TableName, key: string, columns: readonly string[]): AppError {
  const what = TABLE_NAMES[table] ?? `un registro (${table})`;
  return new AppError(
    'conflict',
    // The key and columns are for support (the details, written to the log), not for the counter's screen.
    `No se pudieron entregar a la caja principal las ventas hechas sin ella: la base de datos del negocio ya tiene ${what} con la misma clave y otro contenido. No se cambió nada: las ventas siguen guardadas en esta caja. Avise a soporte; el detalle quedó en el registro de la aplicación.`,
    { reason: 'handover_conflict', table, key, columns: [...columns] },
  );
}

/**
 * The shop's database refused a row (one of its constraints: a second open shift of this register,
 * a reference it does not hold): rolled back like a conflict, in the same words. Its being out of
 * reach (the handover's own connection lost) stays what it is.
 */
function refusedByShop(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^(23|22|42)/.test(code)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError(
    'conflict',
    'No se pudieron entregar a la caja principal las ventas hechas sin ella: la base de datos del negocio rechazó uno de sus registros. No se cambió nada: las ventas siguen guardadas en esta caja. Avise a soporte; el detalle quedó en el registro de la aplicación.',
    { reason: 'handover_conflict', postgres: code, detail },
  );
}
