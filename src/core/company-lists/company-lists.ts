// Local first: the company lists a sale needs that only the service knows (payment methods, third
// parties, the DIAN's answers about acquirers) are kept in the local database per connection, with
// when they were read. A form opens from the local copy at once, whatever the service does; the copy
// is refreshed in the background when it is older than a few minutes, whenever the service answers a
// submission, and on demand. Only a brand-new connection with no copy waits for the service, and
// then a failure says, in words, that there is no copy yet.
import { z } from 'zod';
import { Acquirer, PaymentMethod, Tercero, type AcquirerLookupRequest } from '#shared/api/index';
import { AppError } from '#shared/rpc/errors';
import type { CompanyListName, CompanyListsStatus } from '#shared/rpc/methods/fe';
import type { ApiClientOptions } from '../api/client';
import { clientFor } from '../api/for-connection';
import type { ActiveConnection } from '../connections/connections';
import type { CoreParts } from '../parts';

/** A copy younger than this is used without asking the service again. */
export const FRESH_MS = 5 * 60_000;
/** After a failed refresh, the service is not asked again for a list before this. */
export const RETRY_MS = 60_000;

const SCHEMAS = { payment_methods: z.array(PaymentMethod), terceros: z.array(Tercero) } as const;
type ListOf<N extends CompanyListName> = z.infer<(typeof SCHEMAS)[N]>;

const WHAT: Record<CompanyListName, string> = {
  payment_methods: 'los medios de pago',
  terceros: 'los terceros',
};

/** What the lists are kept with: the store's engine, the connections and the way to the service. */
export type CompanyListsParts = Pick<CoreParts, 'engine' | 'connections' | 'fetch' | 'clock' | 'events' | 'logger'>;

interface Attempt {
  at: number;
  error: string | null;
  running: Promise<void> | null;
}

export class CompanyLists {
  private readonly attempts = new Map<string, Attempt>();
  /** The copies' ages being read after a service's answer (serviceAnswered): close waits for them too. */
  private readonly checks = new Set<Promise<void>>();

  constructor(
    private readonly parts: CompanyListsParts,
    /** Time limits of its reads (tests of an outage keep them short). */
    private readonly timeouts: Omit<ApiClientOptions, 'fetch'> = {},
  ) {}

  private get db() {
    return this.parts.engine.db;
  }

  /** The active connection's list: the local copy when there is one, else the service's answer. */
  async read<N extends CompanyListName>(name: N): Promise<ListOf<N>> {
    const connection = this.parts.connections.requireActive();
    const copy = await this.copy(connection.id, name);
    if (copy) {
      if (this.parts.clock().getTime() - Date.parse(copy.read_at) > FRESH_MS) void this.refresh(connection, name);
      return copy.value;
    }
    await this.refresh(connection, name, true);
    const fresh = await this.copy(connection.id, name);
    if (fresh) return fresh.value;
    const reason = this.attempts.get(attemptKey(connection.id, name))?.error ?? 'el servicio no respondió';
    throw new AppError(
      'api_unreachable',
      `Esta conexión aún no tiene una copia de ${WHAT[name]}: se guarda la primera vez que el servicio responde, y el ` +
        `servicio no respondió ahora (${stripFinalStop(reason)}). Cuando vuelva, use «Intentar de nuevo»; desde entonces ` +
        'podrá vender aunque se caiga el internet.',
    );
  }

  /** Resolves when no list is being read (close waits, so nothing writes after the store closes). */
  async whenIdle(): Promise<void> {
    for (const check of [...this.checks]) await check;
    for (const attempt of this.attempts.values()) await attempt.running?.catch(() => undefined);
  }

  /** When each list of the active connection was read, and why its last refresh failed, if it did. */
  async status(): Promise<CompanyListsStatus> {
    const connection = this.parts.connections.requireActive();
    const entries = [];
    for (const name of Object.keys(SCHEMAS) as CompanyListName[]) {
      const attempt = this.attempts.get(attemptKey(connection.id, name));
      entries.push([name, { read_at: await this.readAt(connection.id, name), error: attempt?.error ?? null }] as const);
    }
    return Object.fromEntries(entries) as CompanyListsStatus;
  }

  /** Reads every list of the active connection from the service now (the user's «Actualizar»). */
  async refreshAll(): Promise<CompanyListsStatus> {
    const connection = this.parts.connections.requireActive();
    await Promise.all((Object.keys(SCHEMAS) as CompanyListName[]).map((name) => this.refresh(connection, name, true)));
    return this.status();
  }

  /** The service answered on this connection: lists older than a few minutes are read again, in the background. */
  serviceAnswered(connectionId: number): void {
    let connection: ActiveConnection;
    try {
      connection = this.parts.connections.resolve(connectionId);
    } catch {
      return;
    }
    const check = this.refreshStale(connection).catch((error: unknown) => {
      this.parts.logger.error('company list age check failed', { error: String(error) });
    });
    this.checks.add(check);
    void check.finally(() => this.checks.delete(check));
  }

  private async refreshStale(connection: ActiveConnection): Promise<void> {
    const now = this.parts.clock().getTime();
    for (const name of Object.keys(SCHEMAS) as CompanyListName[]) {
      // Called after every answer the poller gets: only the copy's time is read here, never its body.
      const readAt = await this.readAt(connection.id, name);
      if (readAt === null || now - Date.parse(readAt) > FRESH_MS) void this.refresh(connection, name, true);
    }
  }

  /**
   * The DIAN's answer for an acquirer: asked of the service, kept; when the service cannot answer, the
   * answer kept from an earlier lookup of the same identification, if any.
   */
  async lookupAcquirer(request: AcquirerLookupRequest): Promise<Acquirer> {
    const connection = this.parts.connections.requireActive();
    const type = request.identification_type;
    const number = request.identification_number.trim();
    try {
      const answer = await clientFor(this.parts.connections, connection, this.parts.fetch, this.timeouts).lookupAcquirer(request);
      await this.db
        .insertInto('acquirer_lookups')
        .values({
          connection_id: connection.id,
          identification_type: type,
          identification_number: number,
          body: JSON.stringify(answer),
          read_at: this.parts.clock().toISOString(),
        })
        .onConflict((oc) =>
          oc
            .columns(['connection_id', 'identification_type', 'identification_number'])
            .doUpdateSet((eb) => ({ body: eb.ref('excluded.body'), read_at: eb.ref('excluded.read_at') })),
        )
        .execute();
      return answer;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (!SERVICE_DOWN.has(error.code)) throw askToType(error);
      const row = await this.db
        .selectFrom('acquirer_lookups')
        .select('body')
        .where('connection_id', '=', connection.id)
        .where('identification_type', '=', type)
        .where('identification_number', '=', number)
        .executeTakeFirst();
      const kept = row ? Acquirer.safeParse(JSON.parse(row.body)) : null;
      if (kept?.success) return kept.data;
      throw askToType(error);
    }
  }

  private async readAt(connectionId: number, name: CompanyListName): Promise<string | null> {
    const row = await this.db
      .selectFrom('company_lists')
      .select('read_at')
      .where('connection_id', '=', connectionId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.read_at ?? null;
  }

  private async copy<N extends CompanyListName>(
    connectionId: number,
    name: N,
  ): Promise<{ value: ListOf<N>; read_at: string } | null> {
    const row = await this.db
      .selectFrom('company_lists')
      .select(['body', 'read_at'])
      .where('connection_id', '=', connectionId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return null;
    const parsed = SCHEMAS[name].safeParse(JSON.parse(row.body));
    // A copy an older version wrote in another shape is no copy: the service is asked.
    return parsed.success ? { value: parsed.data as ListOf<N>, read_at: row.read_at } : null;
  }

  /** One read of a list from the service at a time per connection; none within RETRY_MS of a failure unless forced. */
  private refresh(connection: ActiveConnection, name: CompanyListName, force = false): Promise<void> {
    const key = attemptKey(connection.id, name);
    const attempt = this.attempts.get(key);
    if (attempt?.running) return attempt.running;
    const now = this.parts.clock().getTime();
    if (!force && attempt && attempt.error !== null && now - attempt.at < RETRY_MS) return Promise.resolve();
    const current: Attempt = { at: now, error: attempt?.error ?? null, running: null };
    current.running = this.fetchList(connection, name)
      .then(async (value) => {
        const changed = await this.keep(connection.id, name, JSON.stringify(value));
        current.error = null;
        if (changed) this.parts.events.emit('lists.changed', { connection_id: connection.id, name });
      })
      .catch((error: unknown) => {
        current.error = error instanceof AppError ? error.message : 'error inesperado al leer la lista';
        if (!(error instanceof AppError)) this.parts.logger.error('company list refresh failed', { name, error: String(error) });
      });
    void current.running.finally(() => {
      current.running = null;
    });
    this.attempts.set(key, current);
    return current.running;
  }

  /** Keeps the service's answer as the connection's copy; true when it differs from the copy before. */
  private keep(connectionId: number, name: CompanyListName, body: string): Promise<boolean> {
    return this.parts.engine.transaction(async (trx) => {
      const before = await trx
        .selectFrom('company_lists')
        .select('body')
        .where('connection_id', '=', connectionId)
        .where('name', '=', name)
        .executeTakeFirst();
      await trx
        .insertInto('company_lists')
        .values({ connection_id: connectionId, name, body, read_at: this.parts.clock().toISOString() })
        .onConflict((oc) =>
          oc
            .columns(['connection_id', 'name'])
            .doUpdateSet((eb) => ({ body: eb.ref('excluded.body'), read_at: eb.ref('excluded.read_at') })),
        )
        .execute();
      return before?.body !== body;
    });
  }

  private fetchList(connection: ActiveConnection, name: CompanyListName): Promise<unknown> {
    const api = clientFor(this.parts.connections, connection, this.parts.fetch, this.timeouts);
    return name === 'payment_methods' ? api.listPaymentMethods() : api.listTerceros();
  }
}

/** Failures that say nothing about the data asked for: the service, or the way to it, is down. */
const SERVICE_DOWN = new Set(['api_unreachable', 'api_uncertain', 'api_unexpected']);

function attemptKey(connectionId: number, name: CompanyListName): string {
  return `${connectionId}:${name}`;
}

/**
 * A lookup that gave nothing ends in what the cashier can do now: type the customer. Said once (the
 * client's own refusals already say it, `asks_to_type`), and the details kept: the window words the
 * DIAN's 502 itself.
 */
function askToType(error: AppError): AppError {
  if (error.details?.asks_to_type === true) return error;
  return new AppError(
    error.code,
    `${stripFinalStop(error.message)}. Escriba a mano los datos del cliente (nombre, correo y dirección): la factura sale igual.`,
    { ...error.details, asks_to_type: true },
  );
}

function stripFinalStop(text: string): string {
  return text.trim().replace(/\.$/, '');
}
