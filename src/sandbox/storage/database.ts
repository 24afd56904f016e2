// The sandbox's own SQLite file (never the app's). Documents are kept as the JSON the API returns,
// beside the columns that queries, numbering and idempotency need.
import Database from 'better-sqlite3';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE companies (id INTEGER PRIMARY KEY, config TEXT NOT NULL);
CREATE TABLE counters (company_id INTEGER NOT NULL, module TEXT NOT NULL, next_number INTEGER NOT NULL,
  PRIMARY KEY (company_id, module));
CREATE TABLE terceros (id INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL, nombre TEXT NOT NULL,
  tipo_documento TEXT NOT NULL, numero_documento TEXT NOT NULL, email TEXT NOT NULL, direccion TEXT NOT NULL,
  UNIQUE (company_id, numero_documento));
CREATE TABLE clients (id TEXT PRIMARY KEY, company_id INTEGER NOT NULL, scopes TEXT NOT NULL);
CREATE TABLE tokens (hash BLOB PRIMARY KEY, client_id TEXT NOT NULL REFERENCES clients(id),
  expires_at TEXT, revoked INTEGER NOT NULL);
CREATE TABLE fe_documents (id INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL,
  draft_key TEXT, payload_hash TEXT, client_id TEXT, tipo_dian TEXT NOT NULL, estado_dian TEXT NOT NULL,
  es_habilitacion INTEGER NOT NULL, year TEXT NOT NULL, search TEXT NOT NULL, doc TEXT NOT NULL,
  settle_at INTEGER, settle_to TEXT, UNIQUE (company_id, draft_key));
CREATE TABLE dse_documents (id INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL,
  estado_dian TEXT NOT NULL, year TEXT NOT NULL, doc TEXT NOT NULL, extra TEXT NOT NULL,
  settle_at INTEGER, settle_to TEXT);
CREATE TABLE dse_requests (company_id INTEGER NOT NULL, client_id TEXT NOT NULL, idem_key TEXT NOT NULL,
  payload_hash TEXT NOT NULL, document_id INTEGER, created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, client_id, idem_key));
CREATE TABLE fault_attempts (module TEXT NOT NULL, company_id INTEGER NOT NULL, client_id TEXT NOT NULL,
  idem_key TEXT NOT NULL, PRIMARY KEY (module, company_id, client_id, idem_key));
`;

/**
 * Changes after the first schema, in order: entry i takes user_version i+1 to i+2.
 * 2: DSE documents numbered and recorded whose XML is not signed yet (signing runs off the event
 *    loop, after the numbering transaction), with the UBL model needed to finish them; and indexes
 *    for the queries every request makes (due settlements, run before each request, and yearly
 *    quotas), which scanned every document ever created: ~1.6 ms per request at 20,000 documents.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE dse_unsigned (document_id INTEGER PRIMARY KEY REFERENCES dse_documents(id), company_id INTEGER NOT NULL,
    model TEXT NOT NULL);
  CREATE INDEX dse_documents_settle ON dse_documents (settle_at) WHERE settle_at IS NOT NULL;
  CREATE INDEX fe_documents_settle ON fe_documents (settle_at) WHERE settle_at IS NOT NULL;
  CREATE INDEX dse_documents_year ON dse_documents (company_id, year);
  CREATE INDEX fe_documents_year ON fe_documents (company_id, year);`,
];

const VERSION = 1 + MIGRATIONS.length;

/**
 * Keeps each statement the sandbox prepares, by its SQL, so that a request does not compile the same
 * SQL again (the stores call `db.prepare` per call; ~0.1 ms of a DSE's event-loop time). Only the
 * one-argument calls the stores make are kept: better-sqlite3's own `pragma` prepares with more
 * arguments and then changes its statement (pluck), so those stay uncached. No store changes a
 * statement's mode (pluck, raw, expand) nor iterates one, so a kept statement is always as new.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db) as (...args: unknown[]) => Database.Statement;
  const kept = new Map<string, Database.Statement>();
  (db as unknown as { prepare: (...args: unknown[]) => Database.Statement }).prepare = (...args: unknown[]) => {
    if (args.length !== 1 || typeof args[0] !== 'string') return prepare(...args);
    const sql = args[0];
    let statement = kept.get(sql);
    if (!statement) {
      statement = prepare(sql);
      kept.set(sql, statement);
    }
    return statement;
  };
}

const runners = new WeakMap<Db, Database.Transaction<(work: () => unknown) => unknown>>();

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction (committed when it returns, rolled back when it
 * throws). The same as `db.transaction(work).immediate()`, without making better-sqlite3's wrapper
 * function anew per call (~1 % of a DSE's event-loop time): one wrapper per database runs any work.
 */
export function immediateTransaction<T>(db: Db, work: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((inner: () => unknown) => inner());
    runners.set(db, run);
  }
  return run.immediate(work) as T;
}

interface QueuedWork {
  work: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const groups = new WeakMap<Db, QueuedWork[]>();

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction shared with every other work queued on the same
 * database in the same turn of the event loop (group commit): the group runs at the end of the turn
 * (setImmediate), each work in its own savepoint, so one that throws is rolled back alone and only
 * its promise rejects; then one COMMIT, and only after it does any promise resolve, so an answer is
 * still sent only once its own writes are committed. The writes of concurrent requests (a DSE's
 * numbering, another's signing) thus share one commit's WAL frames: the header page, the counters and
 * the table pages they both touch are written once per group instead of once per request.
 */
export function commitInGroup<T>(db: Db, work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = groups.get(db);
    if (!queue) {
      queue = [];
      groups.set(db, queue);
      setImmediate(() => flushCommits(db));
    }
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

/** Runs and commits the works queued by commitInGroup now (before closing the database). */
export function flushCommits(db: Db): void {
  const queue = groups.get(db);
  if (!queue) return;
  groups.delete(db);
  const outcomes: { ok: boolean; value: unknown }[] = [];
  try {
    if (!db.open) throw new Error('la base de datos del sandbox está cerrada');
    immediateTransaction(db, () => {
      for (const { work } of queue) {
        try {
          // nested in the group's transaction: a savepoint (better-sqlite3), not a new transaction
          outcomes.push({ ok: true, value: queue.length === 1 ? work() : immediateTransaction(db, work) });
        } catch (error) {
          if (queue.length === 1) throw error;
          outcomes.push({ ok: false, value: error });
        }
      }
    });
  } catch (error) {
    // the transaction (or the only work) failed: nothing of the group is committed
    for (const item of queue) item.reject(error);
    return;
  }
  queue.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.value);
  });
}

/** Opens (creating when new) the database. Returns whether it was created, so the seed is applied once. */
export function openDatabase(path: string): { db: Db; fresh: boolean } {
  const db = new Database(path);
  cacheStatements(db);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > VERSION) {
    db.close();
    throw new Error(`la base de datos del sandbox es de una versión más nueva (${version})`);
  }
  if (version === VERSION) return { db, fresh: false };
  const fresh = version === 0;
  db.transaction(() => {
    if (fresh) db.exec(SCHEMA);
    for (const migration of MIGRATIONS.slice(Math.max(0, version - 1))) db.exec(migration);
    db.pragma(`user_version = ${VERSION}`);
  }).immediate();
  return { db, fresh };
}
