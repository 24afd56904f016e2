// One typed function per endpoint of the external API v1 ("Endpoints" 1–8). Successful bodies are
// parsed with the shared schemas (extra fields tolerated); failures become typed errors. The bearer
// token is read at call time and goes nowhere but the Authorization header.
import { z } from 'zod';
import {
  TercerosResponse,
  type DseDocumentAsRead,
  type Acquirer,
  type AcquirerLookupRequest,
  type FeDocument,
  type FeListQuery,
  type PaymentMethod,
  type Tercero,
} from '#shared/api/index';
import { AppError } from '#shared/rpc/errors';
import { classifyAnswer, classifyTransport, oversizedRead, unexpectedBody, type Operation } from './errors';
import { exchange, TransportFailure, type ApiAnswer, type ExchangeHooks } from './http';
import { agentFor } from './trusted-roots';
import {
  readAcquirer,
  readDseGet,
  readFeDetail,
  readFeListPage,
  readPaymentMethods,
  UnrecognisedBody,
  type FeListPage,
} from './readers';

export type { FeListPage } from './readers';

export interface ApiTarget {
  /** The address to call (for the embedded sandbox, this run's loopback port). */
  endpoint: string;
  companyId: number;
  token: () => Promise<string>;
  /** Called when the API answers 401 (the token was refused), so that a cached copy is dropped. */
  onUnauthorized?: () => void;
  /** The provider's own certificate authority (PEM) trusted for this connection, besides the system's. */
  trustedCa?: string | null;
}

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch;
  readTimeoutMs?: number;
  /** Creating a document signs and transmits it; the server may take a while. */
  writeTimeoutMs?: number;
}

export const DEFAULT_READ_TIMEOUT_MS = 15_000;
export const DEFAULT_WRITE_TIMEOUT_MS = 60_000;

/** What a create endpoint answered, unclassified: the submission ledger decides what it means. */
export type RawAnswer = ApiAnswer;

export class ApiClient {
  private readonly readTimeoutMs: number;
  private readonly writeTimeoutMs: number;

  constructor(
    private readonly target: ApiTarget,
    private readonly options: ApiClientOptions,
  ) {
    this.readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  }

  get companyId(): number {
    return this.target.companyId;
  }

  /**
   * 1. List FE documents (production only). The body's shape is "not shown" by the contract: the
   * records are found wherever they are (readers.ts); the full document may or may not be there.
   */
  async listFeDocs(query: FeListQuery | Record<string, string | number> = {}): Promise<FeListPage> {
    // Also the query a server named for its next page (a cursor): only its query, always on this path.
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    const suffix = params.size > 0 ? `?${params.toString()}` : '';
    return this.readWith(`/fe/docs${suffix}`, readFeListPage);
  }

  /** 2. FE detail (read loosely: `zip_key: null` or an id written as text is no reason to fail). */
  async getFeDoc(docId: number): Promise<FeDocument> {
    return this.readWith(`/fe/docs/${docId}`, readFeDetail);
  }

  /** 3. FE third parties. */
  async listTerceros(): Promise<Tercero[]> {
    return (await this.read('/fe/terceros', TercerosResponse)).terceros;
  }

  /** 4. Payment methods: also the contract's way to check token, company and `fe.read`. Envelope not shown. */
  async listPaymentMethods(): Promise<PaymentMethod[]> {
    return this.readWith('/fe/payment-methods', readPaymentMethods);
  }

  /**
   * 5. Acquirer lookup (may answer 502 when the tax authority gives nothing satisfactory). Its own
   * refusals say to type the customer and are marked `asks_to_type`, so the caller does not say it again.
   */
  async lookupAcquirer(request: AcquirerLookupRequest): Promise<Acquirer> {
    const body = new TextEncoder().encode(JSON.stringify(request));
    const answer = await this.send('POST', '/dian/get-acquirer', 'read', this.readTimeoutMs, body);
    if (answer.status === 404) {
      throw new AppError('api_not_found', 'No se encontró el adquirente con ese documento. Ingrese sus datos a mano.', {
        status: 404,
        asks_to_type: true,
      });
    }
    if (answer.status === 502) {
      throw new AppError(
        'api_unexpected',
        'La DIAN no dio una respuesta satisfactoria sobre el adquirente. Ingrese sus datos a mano o intente más tarde.',
        { status: 502, asks_to_type: true },
      );
    }
    if (answer.status >= 200 && answer.status <= 299) {
      try {
        return readAcquirer(answer.body, request);
      } catch (error) {
        if (!(error instanceof UnrecognisedBody)) throw error;
        throw new AppError(
          'api_unexpected',
          'El servicio respondió la consulta del adquirente sin datos que Factura Desk reconozca. ' +
            'Escriba a mano el nombre o razón social, el correo y la dirección del cliente: la factura sale igual.',
          { status: answer.status, asks_to_type: true },
        );
      }
    }
    return this.interpret(answer, (body) => readAcquirer(body, request));
  }

  /** 6. Create FE from the exact bytes the ledger committed. Transport failures throw TransportFailure. */
  async createFe(body: Uint8Array, hooks?: ExchangeHooks): Promise<RawAnswer> {
    return this.raw('/fe/facturas', body, {}, hooks);
  }

  /** 7. Create, sign and send DSE with its idempotency key. Transport failures throw TransportFailure. */
  async createDse(body: Uint8Array, idempotencyKey: string, hooks?: ExchangeHooks): Promise<RawAnswer> {
    return this.raw('/dse/documentos', body, { 'Idempotency-Key': idempotencyKey }, hooks);
  }

  /** 8. Get DSE by id. */
  async getDse(docId: number): Promise<{ pending: boolean; documento: DseDocumentAsRead }> {
    return this.readWith(`/dse/documentos/${docId}`, readDseGet);
  }

  /** The path of an endpoint as support information shows it. */
  url(path: string): string {
    return `${this.target.endpoint.replace(/\/+$/, '')}/companies/${this.target.companyId}${path}`;
  }

  private async read<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    return this.parse(await this.send('GET', path, 'read', this.readTimeoutMs), schema);
  }

  private async readWith<T>(path: string, reader: (body: unknown) => T): Promise<T> {
    return this.interpret(await this.send('GET', path, 'read', this.readTimeoutMs), reader);
  }

  /** A success answer through a tolerant reader; a body it cannot place is "unrecognised data". */
  private interpret<T>(answer: ApiAnswer, reader: (body: unknown) => T): T {
    if (answer.status < 200 || answer.status > 299) throw classifyAnswer(answer, 'read', this.target.companyId);
    try {
      return reader(answer.body);
    } catch (error) {
      if (error instanceof UnrecognisedBody) throw unexpectedBody(answer.status);
      throw error;
    }
  }

  private parse<S extends z.ZodType>(answer: ApiAnswer, schema: S): z.infer<S> {
    if (answer.status < 200 || answer.status > 299) throw classifyAnswer(answer, 'read', this.target.companyId);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw unexpectedBody(answer.status);
    return parsed.data;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    operation: Operation,
    timeoutMs: number,
    body?: Uint8Array,
  ): Promise<ApiAnswer> {
    const token = await this.target.token();
    const httpsAgent = await agentFor(this.target.trustedCa ?? null);
    let answer: ApiAnswer;
    try {
      answer = this.checked(
        await exchange(this.options.fetch, { method, url: this.url(path), token, body, timeoutMs, httpsAgent }),
      );
    } catch (error) {
      if (error instanceof TransportFailure) throw classifyTransport(error, operation);
      throw error;
    }
    // A read whose answer was too large to read says so (the service did answer: not "no connection").
    if (answer.oversized) throw oversizedRead(answer.status, answer.oversized);
    return answer;
  }

  private async raw(path: string, body: Uint8Array, headers: Record<string, string>, hooks?: ExchangeHooks): Promise<RawAnswer> {
    const token = await this.target.token();
    const timeoutMs = this.writeTimeoutMs;
    const httpsAgent = await agentFor(this.target.trustedCa ?? null);
    return this.checked(
      await exchange(this.options.fetch, {
        method: 'POST',
        url: this.url(path),
        token,
        body,
        headers,
        timeoutMs,
        hooks,
        httpsAgent,
      }),
    );
  }

  private checked(answer: ApiAnswer): ApiAnswer {
    if (answer.status === 401) this.target.onUnauthorized?.();
    return answer;
  }
}
