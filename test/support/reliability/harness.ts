// The client core as the reliability suites drive it: a real core on a real SQLite file, talking
// to a real sandbox (in-process or a child process) through whatever address it is given.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createCore, readInstallation, type Core, type CoreOptions } from '#core/core';
import type { SecretStore } from '#core/vault/vault';
import type { RpcReply } from '#shared/rpc/envelope';
import { nodeFetch } from '#core/api/node-fetch';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

export interface AppUnderTest {
  core: Core;
  home: string;
  connectionId: number;
  call(method: string, input: unknown): Promise<RpcReply>;
  /** Like call(), but throws unless the reply is ok; returns the output. */
  ok<T = unknown>(method: string, input: unknown): Promise<T>;
}

/** A fetch whose requests give up after `ms` (the stalled-server fault needs a short write time-out). */
export function fetchWithTimeout(ms: number): typeof globalThis.fetch {
  return (input, init = {}) => {
    const limit = AbortSignal.timeout(ms);
    const signal = init.signal ? AbortSignal.any([init.signal, limit]) : limit;
    return coreFetch(input, { ...init, signal });
  };
}

export async function startApp(options: {
  home: string;
  secrets: SecretStore;
  baseUrl: string;
  companyId: number;
  token: string;
  fetch?: typeof globalThis.fetch;
  logger?: CoreOptions['logger'];
  transport?: CoreOptions['transport'];
  /** The client's clock (its sales' date and time), when the sandbox's is not today's. */
  clock?: CoreOptions['clock'];
  /** The shop's PostgreSQL engine, for a ledger there (default: the folder's SQLite). */
  engine?: CoreOptions['engine'];
}): Promise<AppUnderTest> {
  const core = createCore({
    home: options.home,
    secrets: options.secrets,
    transport: options.transport ?? 'cli',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.engine ? { engine: options.engine, installation: await readInstallation(options.engine) } : {}),
  });
  // A host on the shop's database reads its connections before serving (SQLite's core has them).
  if (options.engine) await core.parts.connections.load();
  let next = 1;
  const call = (method: string, input: unknown) => core.dispatch({ id: next++, method, input });
  const ok = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await call(method, input);
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  const connection = await ok<{ id: number }>('connections.create', {
    label: `Empresa ${options.companyId}`,
    kind: 'sandbox',
    base_url: options.baseUrl,
    company_id: options.companyId,
  });
  await ok('connections.setToken', { id: connection.id, token: options.token });
  await ok('connections.activate', { id: connection.id });
  return { core, home: options.home, connectionId: connection.id, call, ok };
}

export interface LedgerRow {
  id: number;
  kind: 'FE' | 'DSE';
  idempotency_key: string;
  state: string;
  document_id: number | null;
  attempts: number;
}

/** The app's ledger, read straight from its SQLite file (what survives, not what the API says). */
export function ledgerRows(home: string): LedgerRow[] {
  const db = new Database(join(home, 'factura-desk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, kind, idempotency_key, state, document_id, attempts FROM submissions ORDER BY id')
      .all() as LedgerRow[];
  } finally {
    db.close();
  }
}

export interface ServerDocuments {
  /** FE documents per draft_key (seeded ones have none). */
  feByKey: Map<string, number[]>;
  /** DSE documents per Idempotency-Key. */
  dseByKey: Map<string, number[]>;
  feCreated: number;
  dseCreated: number;
}

/** What the sandbox holds, read from its own SQLite file (WAL: readable while it runs). */
export function serverDocuments(sandboxDataDir: string, companyId: number): ServerDocuments {
  const db = new Database(join(sandboxDataDir, 'sandbox.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const fe = db
      .prepare('SELECT id, draft_key FROM fe_documents WHERE company_id = ? AND draft_key IS NOT NULL')
      .all(companyId) as { id: number; draft_key: string }[];
    const dse = db
      .prepare('SELECT idem_key, document_id FROM dse_requests WHERE company_id = ? AND document_id IS NOT NULL')
      .all(companyId) as { idem_key: string; document_id: number }[];
    const dseCreated = (
      db.prepare('SELECT count(*) AS n FROM dse_documents WHERE company_id = ?').get(companyId) as { n: number }
    ).n;
    const feByKey = new Map<string, number[]>();
    for (const row of fe) feByKey.set(row.draft_key, [...(feByKey.get(row.draft_key) ?? []), row.id]);
    const dseByKey = new Map<string, number[]>();
    for (const row of dse) dseByKey.set(row.idem_key, [...(dseByKey.get(row.idem_key) ?? []), row.document_id]);
    return { feByKey, dseByKey, feCreated: fe.length, dseCreated };
  } finally {
    db.close();
  }
}

/** The server's documents restricted to the keys one app's ledger knows (several apps share a sandbox). */
export function scopedTo(rows: readonly LedgerRow[], server: ServerDocuments): ServerDocuments {
  const keys = new Set(rows.map((r) => r.idempotency_key));
  const feByKey = new Map([...server.feByKey].filter(([k]) => keys.has(k)));
  const dseByKey = new Map([...server.dseByKey].filter(([k]) => keys.has(k)));
  // DSE documents without any reservation are counted whoever made them: they are duplicates.
  const orphans = Math.max(0, server.dseCreated - server.dseByKey.size);
  return { feByKey, dseByKey, feCreated: [...feByKey.values()].flat().length, dseCreated: dseByKey.size + orphans };
}

export interface Reconciliation {
  operations: number;
  duplicates: number;
  lost: number;
  open: number;
  mismatched: number;
}

/**
 * Every operation in the ledger against the server: exactly one document per key, the ledger's
 * document id equal to the server's, nothing still open, and no server document without a ledger
 * row (`lost` counts both directions: a ledger row without a document, a document without a row).
 */
export function reconcile(rows: readonly LedgerRow[], server: ServerDocuments): Reconciliation {
  let duplicates = 0;
  let lost = 0;
  let open = 0;
  let mismatched = 0;
  const keys = { FE: new Set<string>(), DSE: new Set<string>() };
  for (const row of rows) {
    keys[row.kind].add(row.idempotency_key);
    const docs = (row.kind === 'FE' ? server.feByKey : server.dseByKey).get(row.idempotency_key) ?? [];
    if (docs.length > 1) duplicates += docs.length - 1;
    if (docs.length === 0) lost += 1;
    if (['sending', 'in_doubt', 'pending'].includes(row.state)) open += 1;
    if (docs.length === 1 && row.document_id !== docs[0]) mismatched += 1;
  }
  for (const key of server.feByKey.keys()) if (!keys.FE.has(key)) lost += 1;
  for (const key of server.dseByKey.keys()) if (!keys.DSE.has(key)) lost += 1;
  // A DSE document without a reservation would be a duplicate the key table cannot see.
  duplicates += Math.max(0, server.dseCreated - server.dseByKey.size);
  return { operations: rows.length, duplicates, lost, open, mismatched };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
