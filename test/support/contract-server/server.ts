// A second server of the external API v1, written from the contract alone (it shares no code with
// src/sandbox, nor with the client), real HTTP on loopback. Wherever the contract says "not shown",
// it does what its ContractVariant says. It keeps what a test needs to look at: every request it
// received, and the documents it holds. It signs nothing and computes only what it must answer.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { OUTCOME_BY_NUMBER as N, type ContractVariant } from './variants';

export const CONTRACT_COMPANY = 7;
export const CONTRACT_TOKENS = {
  full: 'contract-token-full',
  otherCompany: 'contract-token-other',
  readOnly: 'contract-token-read',
} as const;
const TOKENS: Record<string, { company: number; scopes: string[] }> = {
  [CONTRACT_TOKENS.full]: { company: CONTRACT_COMPANY, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'] },
  [CONTRACT_TOKENS.otherCompany]: { company: CONTRACT_COMPANY + 1, scopes: ['fe.read', 'fe.write', 'dse.read', 'dse.write'] },
  [CONTRACT_TOKENS.readOnly]: { company: CONTRACT_COMPANY, scopes: ['fe.read'] },
};

type Json = Record<string, unknown>;
type Answer = [status: number, body: unknown];

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  idempotencyKey: string | null;
  draftKey: string | null;
  status: number;
}

interface FeDoc {
  id: number;
  consecutivo: number;
  estado: 'accepted' | 'rejected' | 'unknown' | 'later';
  receptor: Json;
  items: Json[];
  total: number;
  fecha: string;
  draftKey?: string;
}

interface DseDoc {
  id: number;
  consecutivo: number;
  estado: 'accepted' | 'rejected' | 'unknown' | 'later';
  body: Json;
  total: number;
}

export interface ContractServer {
  baseUrl: string;
  variant: ContractVariant;
  requests: ReceivedRequest[];
  /** The next `count` create answers are lost: processed, then the connection is cut before any answer. */
  dropCreates(count: number): void;
  /** `count` more FE documents issued outside this client. */
  seedFe(count: number): void;
  /** The FE detail of `id` answers `status` the next `times` times (a sync race's 404, a 500). */
  failDetail(id: number, status: 404 | 500, times: number): void;
  /** Every FE document the server holds, as the client should mirror it: id, state meaning, draft key. */
  feSnapshot(): { id: number; estado: 'accepted' | 'rejected' | 'unknown' | 'later'; draftKey: string | null }[];
  /** With `tls`: presents another certificate from the next connection on (a provider renewing it). */
  useCertificate(certificate: { key: string; cert: string }): void;
  feDocuments(): number;
  dseDocuments(): number;
  close(): Promise<void>;
}

export async function startContractServer(
  variant: ContractVariant,
  options: {
    feDocuments?: number;
    /** Serve HTTPS with this certificate (its base URL names `localhost`, the host its certificate is for). */
    tls?: { key: string; cert: string };
  } = {},
): Promise<ContractServer> {
  const fe = new Map<number, FeDoc>();
  const feByDraftKey = new Map<string, number>();
  const dse = new Map<number, DseDoc>();
  const dseByKey = new Map<string, { id: number | null; hash: string }>();
  const requests: ReceivedRequest[] = [];
  /** This server's own address (its next-page links name it). */
  let baseUrl = '';
  let drops = 0;
  const detailFaults = new Map<number, { status: 404 | 500; times: number }>();
  let nextFe = 1;
  /** Documents issued elsewhere (another POS, the provider's portal): every ninth one rejected. */
  function seedFe(count: number): void {
    for (let i = 0; i < count; i += 1) {
      const id = nextFe++;
      fe.set(id, {
        id,
        consecutivo: 1000 + id,
        estado: id % 9 === 0 ? 'rejected' : 'accepted',
        receptor: {
          tipo_doc: '13',
          numero_doc: String(10_000 + id),
          nombre: `Cliente ${id}`,
          email: `c${id}@example.co`,
          direccion: 'Calle 1',
        },
        items: [{ desc: `Artículo ${id}`, cant: 1, unit: 1000 * id, iva: 19 }],
        total: 1190 * id,
        fecha: '2026-01-15',
      });
    }
  }
  seedFe(options.feDocuments ?? 45);

  /** A state as this server spells it; `later` is not final until the document is first read by id. */
  const spell = (estado: FeDoc['estado'], kind: 'FE' | 'DSE'): string =>
    estado === 'accepted'
      ? variant.spelling.accepted
      : estado === 'rejected'
        ? variant.spelling.rejected
        : estado === 'unknown'
          ? variant.spelling.unknown
          : kind === 'FE'
            ? 'pendiente'
            : 'en_proceso_http';

  const money = (value: number) => value.toFixed(2);

  function feDocument(doc: FeDoc): Json {
    const base = Math.round((doc.total / 1.19) * 100) / 100;
    return {
      id: doc.id,
      company_id: CONTRACT_COMPANY,
      tipo_dian: '01',
      prefijo: 'FV',
      consecutivo: doc.consecutivo,
      estado_dian: spell(doc.estado, 'FE'),
      cufe: createHash('sha384').update(`fe-${doc.id}`).digest('hex'),
      es_habilitacion: false,
      subtotal: money(base),
      impuestos: money(doc.total - base),
      total: money(doc.total),
      moneda: 'COP',
      fecha_emision: `${doc.fecha}T10:00:00`,
      fecha_vencimiento: null,
      xml_path: `/internal/${doc.id}.xml`,
      track_id: null,
      zip_key: variant.dseCreated === 'zip-null' ? null : `zip-${doc.id}`,
      tercero: {
        id: doc.id,
        nombre: doc.receptor.nombre,
        tipo_documento: doc.receptor.tipo_doc,
        numero_documento: doc.receptor.numero_doc,
        email: doc.receptor.email,
      },
      items: doc.items.map((item, i) => ({
        id: i + 1,
        descripcion: item.desc,
        cantidad: money(Number(item.cant)),
        valor_unitario: money(Number(item.unit)),
        descuento: '0.00',
        base_imponible: money(Number(item.unit) * Number(item.cant)),
        impuesto: money((Number(item.unit) * Number(item.cant) * Number(item.iva)) / 100),
        tipo_impuesto: 'IVA',
        codigo_impuesto: '01',
      })),
    };
  }

  function listEntry(doc: FeDoc): Json {
    const key = variant.listDraftKey && doc.draftKey ? { draft_key: doc.draftKey } : {};
    if (variant.listEntries === 'full') return { ...feDocument(doc), ...key };
    const entry: Json = { id: doc.id, prefijo: 'FV', consecutivo: doc.consecutivo, numero: `FV${doc.consecutivo}`, ...key };
    if (variant.listEntries === 'summary') entry.estado_dian = spell(doc.estado, 'FE');
    return entry;
  }

  function dseDocument(doc: DseDoc, form: 'full' | 'partial'): Json {
    const partial: Json = { id: doc.id, estado_dian: spell(doc.estado, 'DSE') };
    if (form === 'partial') return partial;
    return {
      ...partial,
      company_id: CONTRACT_COMPANY,
      prefijo: 'DS',
      consecutivo: doc.consecutivo,
      document_date: doc.body.fecha_documento,
      accounting_due_date: null,
      moneda: 'COP',
      subtotal: money(doc.total),
      impuestos: '0.00',
      total: money(doc.total),
      total_retenciones: '0.00',
      es_habilitacion: 0,
      xml_path: `/internal/ds-${doc.id}.xml`,
      cuds: createHash('sha384').update(`dse-${doc.id}`).digest('hex'),
      zip_key: variant.dseCreated === 'zip-null' ? null : `zip-ds-${doc.id}`,
      last_status_error: doc.estado === 'rejected' ? 'Regla de validación de la DIAN' : null,
      accounting_status: 'posted',
      third_party_id: 1,
      cost_center_id: 1,
      created_at: '2026-01-15 10:00:00',
      updated_at: '2026-01-15 10:00:00',
    };
  }

  function outcomeOf(number: unknown): FeDoc['estado'] | 'invalid' {
    if (number === N.reject) return 'rejected';
    if (number === N.unknown) return 'unknown';
    if (number === N.later) return 'later';
    if (number === N.invalid) return 'invalid';
    return 'accepted';
  }

  function badRequest(field: string): Answer {
    const message =
      `La solicitud no cumple las reglas del servicio: el campo ${field} no es válido para la configuración de la empresa ` +
      '(revise el documento del adquirente, el tipo de identificación y el régimen; la DIAN exige que coincidan con el RUT vigente). '.repeat(
        6,
      );
    const status = variant.validationStatus ?? 400;
    switch (variant.badRequest) {
      case 'errors-list':
        return [status, { ok: false, error: message, errors: [{ field, message: 'no es válido' }] }];
      case 'detail-loc':
        return [status, { detail: [{ loc: ['body', ...field.split('.')], msg: 'no es válido', type: 'value_error' }] }];
      case 'errors-object':
        return [status, { message: 'Los datos enviados no son válidos.', errors: { [field]: ['no es válido'] } }];
      case 'message-field':
        return [status, { ok: false, message: 'no es válido', field }];
      default:
        return [status, { ok: false, error: message }];
    }
  }

  /** An out-of-range query parameter, refused as the variant's framework does. */
  function badQuery(name: string, text: string): Answer {
    if (variant.validationStatus === 422) return [422, { detail: [{ loc: ['query', name], msg: text, type: 'value_error' }] }];
    return [400, { ok: false, error: text }];
  }

  // ---- endpoints -------------------------------------------------------------------------------

  function listFe(query: Record<string, string>): Answer {
    const page = query.page === undefined ? 1 : Number(query.page);
    const perPage = query.per_page === undefined ? variant.paging.defaultPerPage : Number(query.per_page);
    if (!Number.isInteger(page) || page < 1) return badQuery('page', 'page debe ser un entero desde 1');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > variant.paging.maxPerPage) {
      return badQuery('per_page', `per_page debe estar entre 1 y ${variant.paging.maxPerPage}`);
    }
    const all = [...fe.values()].sort((a, b) => b.id - a.id);
    if (variant.feList === 'cursor' || variant.feList === 'cursor-unfollowable') {
      // `page` is ignored: the list starts at the newest document, or after the cursor's.
      let before = Number.POSITIVE_INFINITY;
      if (variant.feList === 'cursor' && query.cursor !== undefined) {
        const decoded = Number(/^before:(\d+)$/.exec(Buffer.from(query.cursor, 'base64').toString('utf8'))?.[1]);
        if (!Number.isInteger(decoded)) return badQuery('cursor', 'cursor inválido');
        before = decoded;
      }
      const rest = all.filter((d) => d.id < before);
      const shown = rest.slice(0, perPage);
      const more = rest.length > shown.length;
      const data = shown.map(listEntry);
      if (variant.feList === 'cursor-unfollowable') return [200, { ok: true, data, has_more: more }];
      const cursor = more ? Buffer.from(`before:${shown[shown.length - 1]!.id}`).toString('base64') : null;
      return [200, { ok: true, data, next_cursor: cursor, per_page: perPage }];
    }
    const pages = Math.max(1, Math.ceil(all.length / perPage));
    let shown = page;
    if (page > pages) {
      if (variant.paging.pastEnd === 'not-found') return [404, { ok: false, error: 'página inexistente' }];
      if (variant.paging.pastEnd === 'repeat-last') shown = pages;
    }
    const entries =
      page > pages && variant.paging.pastEnd === 'empty' ? [] : all.slice((shown - 1) * perPage, shown * perPage).map(listEntry);
    const totals = variant.paging.totals ? { total: all.length, total_pages: pages } : {};
    const link = (n: number) => `${baseUrl}/companies/${CONTRACT_COMPANY}/fe/docs?page=${n}&per_page=${perPage}`;
    switch (variant.feList) {
      case 'laravel':
        return [
          200,
          {
            current_page: page,
            data: entries,
            first_page_url: link(1),
            from: entries.length > 0 ? (shown - 1) * perPage + 1 : null,
            last_page: pages,
            last_page_url: link(pages),
            links: [
              { url: page > 1 ? link(page - 1) : null, label: '&laquo; Anterior', active: false },
              ...Array.from({ length: pages }, (_, i) => ({ url: link(i + 1), label: String(i + 1), active: i + 1 === page })),
              { url: page < pages ? link(page + 1) : null, label: 'Siguiente &raquo;', active: false },
            ],
            next_page_url: page < pages ? link(page + 1) : null,
            path: `${baseUrl}/companies/${CONTRACT_COMPANY}/fe/docs`,
            per_page: perPage,
            prev_page_url: page > 1 ? link(page - 1) : null,
            to: entries.length > 0 ? (shown - 1) * perPage + entries.length : null,
            total: all.length,
          },
        ];
      case 'drf':
        return [
          200,
          {
            count: all.length,
            next: page < pages ? link(page + 1) : null,
            previous: page > 1 ? link(page - 1) : null,
            results: entries,
          },
        ];
      case 'bare':
        return [200, entries];
      case 'data.items':
        return [200, { ok: true, data: { items: entries, pagination: { current: page, size: perPage, ...totals } } }];
      case 'documentos+meta':
        return [
          200,
          {
            ok: true,
            documentos: entries,
            meta: { pagina: page, ...(variant.paging.totals ? { last_page: pages, total: all.length } : {}) },
          },
        ];
      default:
        return [200, { ok: true, docs: entries, page, per_page: perPage, ...totals }];
    }
  }

  function paymentMethods(): Answer {
    const methods = [
      {
        id: 71,
        payment_form: 'contado',
        label: 'Efectivo',
        payment_means_code: '10',
        payment_means_name: 'Efectivo',
        is_active: true,
        is_default: true,
      },
      {
        id: 72,
        payment_form: 'contado',
        label: 'Transferencia',
        payment_means_code: '42',
        payment_means_name: 'Consignación',
        is_active: true,
        is_default: false,
      },
      {
        id: 73,
        payment_form: 'credito',
        label: 'Crédito 30 días',
        payment_means_code: '10',
        payment_means_name: 'Efectivo',
        is_active: true,
        is_default: false,
      },
    ];
    if (variant.paymentMethods === 'bare') return [200, methods];
    if (variant.paymentMethods === 'data') return [200, { ok: true, data: methods, count: methods.length }];
    if (variant.paymentMethods === 'methods') return [200, { ok: true, methods }];
    return [200, { ok: true, payment_methods: methods }];
  }

  function acquirer(body: Json): Answer {
    const number = body.identification_number ?? body.numero_doc ?? body.numero_documento;
    if (number === '502502502') return [502, { ok: false, error: 'La DIAN no respondió' }];
    if (typeof number !== 'string' || number.length < 5) return [404, { ok: false, error: 'no encontrado' }];
    const type = String(body.identification_type ?? body.tipo_doc ?? '13');
    if (variant.acquirer === 'data-english') {
      return [
        200,
        {
          ok: true,
          data: {
            document_type: type,
            document_number: number,
            name: 'Ferretería El Tornillo SAS',
            email: 'compras@tornillo.co',
            address: 'Cra 7 # 8-9',
          },
        },
      ];
    }
    if (variant.acquirer === 'nombres-apellidos') {
      return [
        200,
        {
          ok: true,
          data: { tipo_doc: type, numero_doc: number, nombres: 'Ana María', apellidos: 'Pérez Gómez', correo: 'ana@example.co' },
        },
      ];
    }
    if (variant.acquirer === 'dian-receiver') {
      return [
        200,
        {
          ReceiverId: number,
          ReceiverIdType: type,
          ReceiverName: 'Ferretería El Tornillo SAS',
          ReceiverEmail: 'compras@tornillo.co',
        },
      ];
    }
    if (variant.acquirer === 'emails-array') {
      return [
        200,
        {
          ok: true,
          acquirer: {
            numero_documento: number,
            razon_social: 'Ferretería El Tornillo SAS',
            emails: ['compras@tornillo.co', 'gerencia@tornillo.co'],
            direccion: 'Cra 7 # 8-9',
          },
        },
      ];
    }
    if (variant.acquirer === 'unreadable') return [200, { ok: true, data: { resultado: 'consulta procesada', codigo: 0 } }];
    if (variant.acquirer === 'name-only') return [200, { ok: true, data: { nombre: 'Ferretería El Tornillo SAS' } }];
    if (variant.acquirer === 'bare-spanish') {
      return [
        200,
        {
          tipo_documento: type,
          numero_documento: number,
          razon_social: 'Ferretería El Tornillo SAS',
          correo: 'compras@tornillo.co',
          direccion: 'Cra 7 # 8-9',
          dv: '3',
        },
      ];
    }
    return [
      200,
      {
        ok: true,
        acquirer: {
          identification_type: type,
          identification_number: number,
          dv: '3',
          nombre: 'Ferretería El Tornillo SAS',
          email: 'compras@tornillo.co',
          direccion: 'Cra 7 # 8-9',
        },
      },
    ];
  }

  function feCreateAnswer(doc: FeDoc, replay: boolean): Answer {
    const answer: Json = {
      ok: doc.estado !== 'rejected',
      factura_id: doc.id,
      cufe: createHash('sha384').update(`fe-${doc.id}`).digest('hex'),
      estado: spell(doc.estado, 'FE'),
      enviado: doc.estado !== 'later',
      contabilizado: true,
    };
    if (variant.feNumberInCreate) Object.assign(answer, { prefijo: 'FV', consecutivo: doc.consecutivo });
    if (doc.estado === 'rejected') {
      answer.error = 'La DIAN rechazó la factura: regla FAD06';
      if (variant.feRejectedWithoutId) {
        delete answer.factura_id;
        delete answer.cufe;
        delete answer.prefijo;
        delete answer.consecutivo;
      }
      return [variant.feRejected === '422' ? 422 : 200, answer];
    }
    return [replay ? 200 : 201, answer];
  }

  function createFe(body: Json): Answer | null {
    const receptor = (body.receptor ?? {}) as Json;
    const outcome = outcomeOf(receptor.numero_doc);
    if (outcome === 'invalid') return null;
    const draftKey = typeof body.draft_key === 'string' ? body.draft_key : null;
    const known = draftKey ? feByDraftKey.get(draftKey) : undefined;
    if (known !== undefined) {
      switch (variant.feReplay ?? 'document') {
        case '409-naming':
          return [409, { ok: false, error: 'draft_key ya existe para esta empresa', factura_id: known }];
        case '409-bare':
          return [409, { ok: false, error: 'draft_key ya existe para esta empresa' }];
        case '400-used':
          return [400, { ok: false, error: 'draft_key ya fue utilizado' }];
        default:
          return feCreateAnswer(fe.get(known)!, true);
      }
    }
    const id = nextFe++;
    const doc: FeDoc = {
      id,
      consecutivo: 1000 + id,
      estado: outcome,
      receptor,
      items: Array.isArray(body.items) ? (body.items as Json[]) : [],
      total: Number(body.total ?? 0),
      fecha: String(body.fecha_emision ?? '2026-01-15'),
      ...(draftKey ? { draftKey } : {}),
    };
    fe.set(id, doc);
    if (draftKey) feByDraftKey.set(draftKey, id);
    return feCreateAnswer(doc, false);
  }

  function createDse(req: IncomingMessage, raw: string, body: Json): Answer | null {
    const key = header(req, 'idempotency-key');
    if (!key) return [400, { ok: false, error: 'Falta el encabezado Idempotency-Key' }];
    if (key.length > 120) return [400, { ok: false, error: 'Idempotency-Key supera 120 caracteres' }];
    const outcome = outcomeOf(((body.proveedor ?? {}) as Json).nit);
    if (outcome === 'invalid') return null;
    const hash = createHash('sha256').update(raw).digest('hex');
    const known = dseByKey.get(key);
    if (known && known.hash !== hash) return [409, { ok: false, error: 'La clave ya se usó con otro contenido' }];
    if (known?.id != null) {
      const doc = dse.get(known.id)!;
      if (doc.estado === 'rejected') return rejectedDse(doc, true);
      return [200, { ok: true, idempotent: true, pending: doc.estado === 'unknown', documento: dseDocument(doc, 'partial') }];
    }
    const id = dse.size + 1;
    const items = Array.isArray(body.items) ? (body.items as Json[]) : [];
    const total = items.reduce((sum, item) => sum + Number(item.cantidad ?? 0) * Number(item.precio_unitario ?? 0), 0);
    const doc: DseDoc = { id, consecutivo: 500 + id, estado: outcome, body, total };
    dse.set(id, doc);
    dseByKey.set(key, { id, hash });
    if (outcome === 'rejected') return rejectedDse(doc, false);
    if (outcome === 'later')
      return [
        502,
        {
          ok: false,
          pending: true,
          idempotent: false,
          error: 'Resultado de la DIAN incierto',
          documento: dseDocument(doc, 'partial'),
        },
      ];
    const dian = { is_valid: outcome === 'accepted', status_code: '00', status_description: 'Procesado', status_message: 'ok' };
    return [
      201,
      {
        ok: true,
        pending: outcome === 'unknown',
        idempotent: false,
        documento: dseDocument(doc, variant.dseCreated === 'partial' ? 'partial' : 'full'),
        dian,
      },
    ];
  }

  function rejectedDse(doc: DseDoc, replay: boolean): Answer {
    const body: Json = { ok: false, pending: false, idempotent: replay, error: 'Documento rechazado por la DIAN: regla DSAD01' };
    if (variant.dseRejected === 'with-documento') body.documento = dseDocument(doc, replay ? 'partial' : 'full');
    return [422, body];
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://contract.invalid');
      const query = Object.fromEntries(url.searchParams.entries());
      const parsed = parseBody(raw);
      const body = parsed ?? {};
      const record: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        idempotencyKey: header(req, 'idempotency-key'),
        draftKey: typeof body.draft_key === 'string' ? body.draft_key : null,
        status: 0,
      };
      requests.push(record);
      // "400: ... malformed payload".
      const answer =
        parsed === null
          ? ([400, { ok: false, error: 'El cuerpo no es JSON válido' }] as Answer)
          : route(req, url.pathname, query, raw, body);
      if (answer === 'drop') {
        // Processed, then the connection is cut: the client never learns the outcome.
        record.status = -1;
        res.socket?.destroy();
        return;
      }
      record.status = answer[0];
      send(res, answer[0], answer[1]);
    });
  };

  /** The answer to one request, or 'drop' to cut the connection without one. */
  function route(req: IncomingMessage, path: string, query: Record<string, string>, raw: string, body: Json): Answer | 'drop' {
    const match = /^\/api\/v1\/companies\/(\d+)(\/.*)$/.exec(path);
    if (!match) return [404, { ok: false, error: 'ruta desconocida' }];
    const token = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
    const grant = token ? TOKENS[token] : undefined;
    if (!grant) return [401, { ok: false, error: 'Bearer ausente o inválido' }];
    if (grant.company !== Number(match[1])) return [403, { ok: false, error: 'El token no tiene acceso a la empresa' }];
    const rest = match[2]!;
    const scope = rest.startsWith('/dse/')
      ? req.method === 'POST'
        ? 'dse.write'
        : 'dse.read'
      : rest === '/fe/facturas'
        ? 'fe.write'
        : 'fe.read';
    if (!grant.scopes.includes(scope)) return [403, { ok: false, error: `Permisos insuficientes: ${scope}` }];
    if (req.method === 'GET' && rest === '/fe/docs') return listFe(query);
    const feDetail = /^\/fe\/docs\/(\d+)$/.exec(rest);
    if (req.method === 'GET' && feDetail) {
      const fault = detailFaults.get(Number(feDetail[1]));
      if (fault && fault.times > 0) {
        fault.times -= 1;
        return fault.status === 404
          ? [404, { ok: false, error: 'Documento no encontrado' }]
          : [500, { ok: false, error: 'Error interno' }];
      }
      const doc = fe.get(Number(feDetail[1]));
      if (!doc) return [404, { ok: false, error: 'Documento no encontrado' }];
      if (doc.estado === 'later') doc.estado = 'accepted';
      return [200, { ok: true, doc: feDocument(doc) }];
    }
    if (req.method === 'GET' && rest === '/fe/terceros') {
      const terceros = [...fe.values()].slice(0, 5).map((d) => ({
        id: d.id,
        nombre: d.receptor.nombre,
        tipo_documento: '13',
        numero_documento: d.receptor.numero_doc,
        email: '',
        direccion: '',
      }));
      return [200, { ok: true, terceros }];
    }
    if (req.method === 'GET' && rest === '/fe/payment-methods') return paymentMethods();
    if (req.method === 'POST' && rest === '/dian/get-acquirer') return acquirer(body);
    if (req.method === 'POST' && (rest === '/fe/facturas' || rest === '/dse/documentos')) {
      const answer = rest === '/fe/facturas' ? createFe(body) : createDse(req, raw, body);
      if (!answer) return badRequest(rest === '/fe/facturas' ? 'receptor.numero_doc' : 'proveedor.nit');
      if (drops > 0 && answer[0] !== 400) {
        drops -= 1;
        return 'drop';
      }
      return answer;
    }
    const dseGet = /^\/dse\/documentos\/(\d+)$/.exec(rest);
    if (req.method === 'GET' && dseGet) {
      const doc = dse.get(Number(dseGet[1]));
      if (!doc) return [404, { ok: false, error: 'Documento no encontrado' }];
      if (doc.estado === 'later') doc.estado = 'accepted';
      return [200, { ok: true, pending: doc.estado === 'unknown', documento: dseDocument(doc, 'full') }];
    }
    return [404, { ok: false, error: 'ruta desconocida' }];
  }

  const tls = options.tls;
  const secure = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener) : null;
  const server = secure ?? createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = secure ? `https://localhost:${port}/api/v1` : `http://127.0.0.1:${port}/api/v1`;
  return {
    baseUrl,
    variant,
    requests,
    dropCreates(count) {
      drops = count;
    },
    failDetail(id, status, times) {
      detailFaults.set(id, { status, times });
    },
    seedFe,
    feSnapshot: () =>
      [...fe.values()].sort((a, b) => a.id - b.id).map((d) => ({ id: d.id, estado: d.estado, draftKey: d.draftKey ?? null })),
    useCertificate(certificate) {
      if (!secure) throw new Error('the contract server was started without tls');
      secure.setSecureContext({ key: certificate.key, cert: certificate.cert });
      // Kept-alive connections were made with the old certificate: a renewal is seen on a new one.
      secure.closeIdleConnections();
    },
    feDocuments: () => fe.size,
    dseDocuments: () => dse.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The JSON object of a body (an empty body is an empty object); null when it is not one. */
function parseBody(raw: string): Json | null {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
