// Connections: base URL + company + label in SQLite; each one's token in the vault.
import {
  PLAIN_HTTP_REFUSED,
  plainHttpRefused,
  type Connection,
  type ConnectionDraft,
  type KeychainStatus,
} from '#shared/rpc/methods/connections';
import { HEADER_SAFE } from '#shared/api/common';
import { AppError, isAppError } from '#shared/rpc/errors';
import type { EventBus } from '../events';
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

export class Connections {
  private readonly endpoints = new Map<number, string>();
  /**
   * The embedded sandbox's token, handed in by the host from the demo seed each run: a fixture
   * published with the app, not a secret, so it needs no keychain and is never written anywhere
   * (docs/CLIENT-DECISIONS.md, "The embedded sandbox's token").
   */
  private readonly embeddedTokens = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly vault: Vault,
    private readonly events: EventBus,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<Connection[]> {
    const rows = this.db.prepare<[], ConnectionRow>('SELECT * FROM connections ORDER BY id').all();
    return Promise.all(rows.map((row) => this.present(row)));
  }

  async get(id: number): Promise<Connection> {
    return this.present(this.row(id));
  }

  async create(draft: ConnectionDraft, options: { embedded?: boolean } = {}): Promise<Connection> {
    const baseUrl = normaliseBaseUrl(draft.base_url);
    // The embedded sandbox's identity never resolves: its requests go to this run's loopback address.
    if (!(options.embedded && baseUrl === EMBEDDED_SANDBOX_IDENTITY)) refusePlainHttp(baseUrl);
    const clash = this.db
      .prepare<[string, number], { id: number }>('SELECT id FROM connections WHERE base_url = ? AND company_id = ?')
      .get(baseUrl, draft.company_id);
    if (clash) throw new AppError('conflict', 'Ya existe una conexión con esa URL y esa empresa.');
    const hasActive = this.db.prepare('SELECT 1 FROM connections WHERE active = 1').get() !== undefined;
    const result = this.db
      .prepare(
        `INSERT INTO connections (label, kind, base_url, company_id, embedded, active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        draft.label,
        draft.kind,
        baseUrl,
        draft.company_id,
        options.embedded ? 1 : 0,
        hasActive ? 0 : 1,
        this.now().toISOString(),
      );
    const id = Number(result.lastInsertRowid);
    if (!hasActive) this.events.emit('connection.changed', { id });
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
    this.db
      .prepare('UPDATE connections SET label = ?, kind = ?, base_url = ?, company_id = ? WHERE id = ?')
      .run(draft.label, draft.kind, baseUrl, draft.company_id, id);
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  async activate(id: number): Promise<Connection> {
    this.row(id);
    this.db.transaction(() => {
      this.db.prepare('UPDATE connections SET active = 0 WHERE active = 1').run();
      this.db.prepare('UPDATE connections SET active = 1 WHERE id = ?').run(id);
    })();
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const row = this.row(id);
    if (row.embedded === 1) await this.forgetLegacyEmbeddedToken(row);
    else await this.vault.deleteToken(row.base_url, row.company_id);
    this.db.prepare('DELETE FROM connections WHERE id = ?').run(id);
    this.events.emit('connection.changed', { id: null });
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
    this.db.prepare('UPDATE connections SET trusted_ca = ? WHERE id = ?').run(pem, id);
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  /** Back to the system's roots alone. */
  async forgetCa(id: number): Promise<Connection> {
    this.row(id);
    this.db.prepare('UPDATE connections SET trusted_ca = NULL WHERE id = ?').run(id);
    this.events.emit('connection.changed', { id });
    return this.get(id);
  }

  active(): ActiveConnection | null {
    const row = this.db.prepare<[], ConnectionRow>('SELECT * FROM connections WHERE active = 1').get();
    return row ? this.toActive(row) : null;
  }

  /** A connection by id in the form the API client needs (submissions remember their connection). */
  resolve(id: number): ActiveConnection {
    return this.toActive(this.row(id));
  }

  /** The embedded connection, if this installation has one. */
  embedded(): ActiveConnection | null {
    const row = this.db.prepare<[], ConnectionRow>('SELECT * FROM connections WHERE embedded = 1 ORDER BY id LIMIT 1').get();
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
    const rows = this.db.prepare<[], ConnectionRow>('SELECT * FROM connections WHERE embedded = 0 ORDER BY id').all();
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
    const row = this.db.prepare<[number], ConnectionRow>('SELECT * FROM connections WHERE id = ?').get(id);
    if (!row) throw new AppError('not_found', 'La conexión no existe.');
    return row;
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
