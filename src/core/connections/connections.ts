// Connections: base URL + company + label in the store (SQLite or PostgreSQL); each one's token in the vault.
import {
  PLAIN_HTTP_REFUSED,
  plainHttpRefused,
  type Connection,
  type ConnectionDraft,
  type KeychainStatus,
} from '#shared/rpc/methods/connections';
import { HEADER_SAFE } from '#shared/api/common';
import { AppError, isAppError } from '#shared/rpc/errors';
import type { Selectable } from 'kysely';
import type { EventBus } from '../events';
import type { Engine } from '../store/engine';
import type { ConnectionsTable } from '../store/schema';
import type { Db } from '../store/store';
import { keychainUnavailableMessage } from '../vault/keychain-help';
import { describeTrustedCa, readTrustedCa } from './trusted-ca';
import type { Vault } from '../vault/vault';

interface ConnectionRow {
  id: number;
  label: string;
  kind: 'sandbox' | 'production';
  base_url: string;
  company_id: number;
  embedded: number;
  active: number;
  trusted_ca: string | null;
}

export interface ActiveConnection {
  id: number;
  label: string;
  kind: 'sandbox' | 'production';
  /** The connection's identity: the vault account and the stored row are keyed by it. */
  baseUrl: string;
  companyId: number;
  embedded: boolean;
  /** Where requests go this run: the base URL, or the embedded sandbox's current loopback address. */
  endpoint: string;
  /** The provider's own certificate authority (PEM) its requests trust besides the system's roots. */
  trustedCa: string | null;
}

/**
 * The embedded sandbox listens on a different loopback port each run, so its connection keeps a
 * stable identity (this reserved, never-resolving address) and is bound to the real port at start.
 */
export const EMBEDDED_SANDBOX_IDENTITY = 'http://sandbox.invalid/api/v1';

/**
 * The connections are few (a handful per installation) and change rarely, while they are read
 * synchronously from everywhere (every request asks for the active one). So they are kept here in
 * memory, loaded before first use, and every write goes to the store first and then refreshes this
 * copy from what the store committed (docs/CLIENT-DECISIONS.md, "Connections in memory, written
 * through the engine").
 */
export class Connections {
  /** The rows as last read from the store, by id in id order; null until loaded. */
  private rows: Map<number, ConnectionRow> | null = null;
  /** Reads started so far, and the one whose rows the copy holds: an older read never replaces a newer one. */
  private readsStarted = 0;
  private readApplied = 0;
  private readonly endpoints = new Map<number, string>();
  /**
   * The embedded sandbox's token, handed in by the host from the demo seed each run: a fixture
   * published with the app, not a secret, so it needs no keychain and is never written anywhere
   * (docs/CLIENT-DECISIONS.md, "The embedded sandbox's token").
   */
  private readonly embeddedTokens = new Map<number, string>();

  constructor(
    private readonly engine: Engine,
    private readonly vault: Vault,
    private readonly events: EventBus,
    private readonly now: () => Date,
  ) {}

  /**
   * Reads the connections from the store (again): a host awaits it before serving, unless the copy
   * was loaded through the Store's connection (loadFromStore). Another process's writes appear here.
   */
  async load(): Promise<void> {
    const read = ++this.readsStarted;
    const rows = await this.allRows().execute();
    this.apply(read, rows);
  }

  /**
   * The same first read, synchronously, through the Store's own better-sqlite3 connection, which
   * the SQLite engine runs on: this keeps createCore synchronous (the one place that calls it).
   * The query is the engine's own, compiled, so the two loads cannot read differently.
   */
  loadFromStore(connection: Db): void {
    if (this.engine.kind !== 'sqlite') throw new Error('only a SQLite engine can be loaded through the Store');
    const query = this.allRows().compile();
    const rows = connection.prepare(query.sql).all(...query.parameters) as Selectable<ConnectionsTable>[];
    this.apply(++this.readsStarted, rows);
  }

  async list(): Promise<Connection[]> {
    return Promise.all([...this.loaded().values()].map((row) => this.present(row)));
  }

  async get(id: number): Promise<Connection> {
    return this.present(this.row(id));
  }

  async create(draft: ConnectionDraft, options: { embedded?: boolean } = {}): Promise<Connection> {
    const baseUrl = normaliseBaseUrl(draft.base_url);
    // The embedded sandbox's identity never resolves: its requests go to this run's loopback address.
    if (!(options.embedded && baseUrl === EMBEDDED_SANDBOX_IDENTITY)) refusePlainHttp(baseUrl);
    this.loaded();
    // Checked in the store, not the copy: another process may have written since the last load.
    const made = this.engine.transaction(async (trx) => {
      const clash = await trx
        .selectFrom('connections')
        .select('id')
        .where('base_url', '=', baseUrl)
        .where('company_id', '=', draft.company_id)
        .executeTakeFirst();
      if (clash) throw new AppError('conflict', 'Ya existe una conexión con esa URL y esa empresa.');
      const hasActive =
        (await trx.selectFrom('connections').select('id').where('active', '=', 1).executeTakeFirst()) !== undefined;
      const inserted = await trx
        .insertInto('connections')
        .values({
          label: draft.label,
          kind: draft.kind,
          base_url: baseUrl,
          company_id: draft.company_id,
          embedded: options.embedded ? 1 : 0,
          active: hasActive ? 0 : 1,
          created_at: this.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: inserted.id, activated: !hasActive };
    });
    let id: number;
    let activated: boolean;
    try {
      ({ id, activated } = await made);
    } catch (error) {
      if (!isAppError(error) && !isUniqueRefusal(error)) throw error;
      // Another register made it (or made one active) a moment ago, after this check or with it: this
      // register's copy of the list now has it, so what it shows and finds is the shop's.
      await this.load().catch(() => undefined);
      if (isAppError(error)) throw error;
      throw new AppError('conflict', 'Ya existe una conexión con esa URL y esa empresa.');
    }
    await this.load();
    if (activated) this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  async update(id: number, draft: ConnectionDraft): Promise<Connection> {
    const current = this.row(id);
    const baseUrl = normaliseBaseUrl(draft.base_url);
    if (!(current.embedded === 1 && baseUrl === EMBEDDED_SANDBOX_IDENTITY)) refusePlainHttp(baseUrl);
    const moved = current.base_url !== baseUrl || current.company_id !== draft.company_id;
    if (moved && current.embedded === 1) {
      // Its identity is what binds it to the sandbox this app starts, with the seed's company.
      throw new AppError('conflict', 'La dirección y la empresa del entorno de pruebas integrado no se pueden cambiar.');
    }
    if (moved && (await this.vault.hasToken(current.base_url, current.company_id))) {
      // A token belongs to one company at one address; moving the connection must not carry it.
      throw new AppError('conflict', 'Olvide primero el token de esta conexión para cambiar su URL o su empresa.');
    }
    await this.engine.db
      .updateTable('connections')
      .set({ label: draft.label, kind: draft.kind, base_url: baseUrl, company_id: draft.company_id })
      .where('id', '=', id)
      .execute();
    await this.changed(id);
    return this.get(id);
  }

  async activate(id: number): Promise<Connection> {
    this.row(id);
    try {
      await this.engine.transaction(async (trx) => {
        await trx.updateTable('connections').set({ active: 0 }).where('active', '=', 1).execute();
        const { numUpdatedRows } = await trx
          .updateTable('connections')
          .set({ active: 1 })
          .where('id', '=', id)
          .executeTakeFirst();
        // Removed by another process since this copy was read: rolled back, the active one stays.
        if (numUpdatedRows === 0n) throw new AppError('not_found', 'La conexión no existe.');
      });
    } catch (error) {
      // The copy is read again on a refusal too, so that the one removed elsewhere leaves the list.
      await this.load();
      throw error;
    }
    await this.changed(id);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const row = this.row(id);
    if (row.embedded === 1) await this.forgetLegacyEmbeddedToken(row);
    else await this.vault.deleteToken(row.base_url, row.company_id);
    await this.engine.db.deleteFrom('connections').where('id', '=', id).execute();
    await this.changed(null);
  }

  async setToken(id: number, token: string): Promise<Connection> {
    const row = this.row(id);
    refuseEmbeddedToken(row);
    await this.vault.setToken(row.base_url, row.company_id, token);
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  async forgetToken(id: number): Promise<Connection> {
    const row = this.row(id);
    refuseEmbeddedToken(row);
    await this.vault.deleteToken(row.base_url, row.company_id);
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  /**
   * Trusts the provider's own certificate authority for this connection's requests (checked first:
   * a refused file changes nothing). Replaces the one it had.
   */
  async trustCa(id: number, text: string): Promise<Connection> {
    const row = this.row(id);
    if (row.embedded === 1) {
      throw new AppError('conflict', 'El entorno de pruebas integrado funciona en este equipo y no usa certificados.');
    }
    const { pem } = readTrustedCa(text, this.now());
    await this.engine.db.updateTable('connections').set({ trusted_ca: pem }).where('id', '=', id).execute();
    await this.changed(id);
    return this.get(id);
  }

  /** Back to the system's roots alone. */
  async forgetCa(id: number): Promise<Connection> {
    this.row(id);
    await this.engine.db.updateTable('connections').set({ trusted_ca: null }).where('id', '=', id).execute();
    await this.changed(id);
    return this.get(id);
  }

  active(): ActiveConnection | null {
    const row = [...this.loaded().values()].find((candidate) => candidate.active === 1);
    return row ? this.toActive(row) : null;
  }

  /** A connection by id in the form the API client needs (submissions remember their connection). */
  resolve(id: number): ActiveConnection {
    return this.toActive(this.row(id));
  }

  /** The embedded connection, if this installation has one. */
  embedded(): ActiveConnection | null {
    const row = [...this.loaded().values()].find((candidate) => candidate.embedded === 1);
    return row ? this.toActive(row) : null;
  }

  /** Points a connection at this run's address (the embedded sandbox's port changes every run). */
  bindEndpoint(id: number, endpoint: string): void {
    this.endpoints.set(id, normaliseBaseUrl(endpoint));
  }

  /** The embedded connection, bound to this run's sandbox and its demo token (no keychain involved). */
  bindEmbedded(id: number, endpoint: string, token: string): void {
    if (this.row(id).embedded !== 1) throw new Error(`connection ${id} is not the embedded one`);
    this.bindEndpoint(id, endpoint);
    this.embeddedTokens.set(id, token);
  }

  /**
   * Whether a real provider's token can be kept here: the OS keychain answers (the stored tokens of
   * real connections are read, else an entry that never exists). When not, the Spanish way to get one.
   */
  async keychain(): Promise<KeychainStatus> {
    const rows = [...this.loaded().values()].filter((row) => row.embedded === 0);
    try {
      if (rows.length === 0) await this.vault.probe();
      for (const row of rows) await this.vault.hasToken(row.base_url, row.company_id);
      return { available: true, message: null };
    } catch (error) {
      if (isAppError(error) && error.code === 'keychain_unavailable')
        return { available: false, message: keychainUnavailableMessage() };
      throw error;
    }
  }

  requireActive(): ActiveConnection {
    const active = this.active();
    if (!active) {
      throw new AppError('no_connection', 'No hay una conexión activa. Configure una en Ajustes.');
    }
    return active;
  }

  /** The token of a connection (the vault keeps it in memory once read); never logged. */
  async tokenFor(connection: ActiveConnection): Promise<string> {
    if (connection.embedded && !this.endpoints.has(connection.id)) {
      // Every request asks for the token first, so this is where an unbound embedded sandbox is caught.
      throw new AppError(
        'no_connection',
        'El sandbox de pruebas integrado solo está disponible mientras Factura Desk está abierto. Active otra conexión o abra la aplicación.',
      );
    }
    const token = connection.embedded
      ? (this.embeddedTokens.get(connection.id) ?? null)
      : await this.vault.getToken(connection.baseUrl, connection.companyId);
    if (!token) {
      throw new AppError('no_token', `La conexión «${connection.label}» no tiene token. Ingréselo en Ajustes.`);
    }
    if (!HEADER_SAFE.test(token)) {
      // Stored before tokens were checked, or by another program: it cannot travel in a header, so a
      // request would fail before being sent. Nothing is written or sent with it.
      throw new AppError(
        'no_token',
        `El token de la conexión «${connection.label}» tiene caracteres que no pueden enviarse (tildes, espacios o caracteres de control). Ingréselo de nuevo en Ajustes.`,
      );
    }
    return token;
  }

  /** Which credentials a token is (the submission ledger records it; never the token itself). */
  fingerprint(token: string): string {
    return this.vault.fingerprint(token);
  }

  /** The API answered 401 to this connection's token: it may have been replaced elsewhere, so read it again next time. */
  tokenRefused(connection: ActiveConnection): void {
    this.vault.forgetCached(connection.baseUrl, connection.companyId);
  }

  private toActive(row: ConnectionRow): ActiveConnection {
    return {
      id: row.id,
      label: row.label,
      kind: row.kind,
      baseUrl: row.base_url,
      companyId: row.company_id,
      embedded: row.embedded === 1,
      endpoint: this.endpoints.get(row.id) ?? row.base_url,
      trustedCa: row.trusted_ca,
    };
  }

  private row(id: number): ConnectionRow {
    const row = this.loaded().get(id);
    if (!row) throw new AppError('not_found', 'La conexión no existe.');
    return row;
  }

  private loaded(): Map<number, ConnectionRow> {
    if (!this.rows) throw new Error('the connections are read before load() (or loadFromStore) ran');
    return this.rows;
  }

  private allRows() {
    return this.engine.db.selectFrom('connections').selectAll().orderBy('id');
  }

  /** Replaces the copy with a read's rows, unless a read started later was applied already. */
  private apply(read: number, rows: readonly Selectable<ConnectionsTable>[]): void {
    if (read < this.readApplied) return;
    this.readApplied = read;
    this.rows = new Map(rows.map((row) => [row.id, toRow(row)]));
  }

  /** After a committed write: the copy read again, then the change announced to those who read it. */
  private async changed(id: number | null): Promise<void> {
    await this.load();
    this.events.emit('connection.changed', { id });
  }

  /**
   * Versions that kept the embedded token in the keychain left an entry there; removing the
   * connection removes it too, where a keychain answers (without one there is nothing to remove).
   */
  private async forgetLegacyEmbeddedToken(row: ConnectionRow): Promise<void> {
    await this.vault.deleteToken(row.base_url, row.company_id).catch((error: unknown) => {
      if (!isAppError(error) || error.code !== 'keychain_unavailable') throw error;
    });
  }

  private async present(row: ConnectionRow): Promise<Connection> {
    if (row.embedded === 1) return this.presentRow(row, { has_token: this.embeddedTokens.has(row.id) });
    // Without a usable keychain the connections are still listed (the app must open and say why),
    // with no token; storing one is refused by the vault with its Spanish message.
    const token = await this.vault.hasToken(row.base_url, row.company_id).then(
      (has) => ({ has_token: has }),
      (error: unknown) => {
        if (isAppError(error) && error.code === 'keychain_unavailable') return { has_token: false, keychain_unavailable: true };
        throw error;
      },
    );
    return this.presentRow(row, token);
  }

  private presentRow(row: ConnectionRow, token: Pick<Connection, 'has_token' | 'keychain_unavailable'>): Connection {
    return {
      id: row.id,
      label: row.label,
      kind: row.kind,
      base_url: row.base_url,
      company_id: row.company_id,
      active: row.active === 1,
      embedded: row.embedded === 1,
      trusted_ca: row.trusted_ca === null ? null : describeTrustedCa(row.trusted_ca),
      ...token,
    };
  }
}

function toRow(row: Selectable<ConnectionsTable>): ConnectionRow {
  // The table's CHECK admits only these two kinds.
  return { ...row, kind: row.kind as ConnectionRow['kind'] };
}

function refuseEmbeddedToken(row: ConnectionRow): void {
  if (row.embedded === 1) {
    throw new AppError(
      'conflict',
      'El entorno de pruebas integrado usa el token de sus datos de demostración: no se ingresa ni se olvida.',
    );
  }
}

/** Core's own check, whatever called it (the RPC schemas say the same to the form). */
function refusePlainHttp(baseUrl: string): void {
  if (plainHttpRefused(baseUrl))
    throw new AppError('invalid_input', PLAIN_HTTP_REFUSED, { fields: [{ path: 'base_url', message: PLAIN_HTTP_REFUSED }] });
}

export function normaliseBaseUrl(value: string): string {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A unique index refused the row (another process wrote the same connection, or an active one, at once). */
function isUniqueRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
