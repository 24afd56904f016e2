// The tolerant reader under random servers: records with random extra fields, in random envelopes
// ("not shown" by the contract), paging metadata under random names; create answers with random
// extra fields and the spellings a provider may use. What the contract guarantees is always read;
// nothing unknown is ever read as an acceptance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFeListPage, readPaymentMethods } from '#core/api/readers';
import { outcomeOfAnswer } from '#core/submissions/outcome';

const RECORD_FIELDS = new Set([
  'id',
  'payment_form',
  'label',
  'payment_means_code',
  'payment_means_name',
  'is_active',
  'is_default',
  'prefijo',
  'consecutivo',
  'estado_dian',
  'estado',
  'cufe',
  'tipo_dian',
  'fecha_emision',
  'numero',
  'total',
  'subtotal',
  'impuestos',
  'tercero',
  'items',
  'factura_id',
  'ok',
  'documento',
  'cuds',
  'error',
  'pending',
  'idempotent',
  'company_id',
  'zip_key',
  'moneda',
]);
const PAGING_NAMES = new Set([
  'total',
  'total_count',
  'totalCount',
  'total_items',
  'count',
  'total_pages',
  'totalPages',
  'last_page',
  'lastPage',
  'pages',
  'page_count',
  'per_page',
  'perPage',
  'page_size',
  'pageSize',
  'limit',
]);

/** A field name no reader looks at. */
const extraKey = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((k) => !RECORD_FIELDS.has(k) && !PAGING_NAMES.has(k) && k !== '__proto__');
/** Extra values: JSON without arrays of objects (a list of something else would be another list). */
const extraValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer())),
  fc.dictionary(extraKey, fc.string(), { maxKeys: 3 }),
);
const extras = fc.dictionary(extraKey, extraValue, { maxKeys: 4 });

/** A list of records placed in an envelope a conforming server may choose. */
function enveloped(records: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(records),
    fc
      .tuple(extras, fc.constantFrom('payment_methods', 'methods', 'data', 'docs', 'documentos', 'items', 'results'))
      .map(([more, key]) => ({ ...more, ok: true, [key]: records })),
    fc.tuple(extras, extras).map(([outer, inner]) => ({ ...outer, ok: true, data: { ...inner, items: records } })),
    fc.tuple(extras, extras).map(([outer, meta]) => ({ ...outer, ok: true, documentos: records, meta })),
  );
}

const paymentMethod = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  payment_form: fc.constantFrom('contado', 'credito', 'Contado', 'CRÉDITO', '1', '2'),
  payment_means_code: fc.constantFrom('10', '42', '48', '49', 10, 42),
  label: fc.string({ maxLength: 20 }),
  payment_means_name: fc.string({ maxLength: 20 }),
  is_active: fc.boolean(),
  is_default: fc.boolean(),
});

describe('payment methods in any envelope, with any extra fields', () => {
  it('finds every method, in order, with its form and means code', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.tuple(paymentMethod, extras), { minLength: 1, maxLength: 8, selector: ([m]) => m.id })
          .chain((pairs) =>
            enveloped(pairs.map(([m, more]) => ({ ...more, ...m }))).map((body) => ({ body, methods: pairs.map(([m]) => m) })),
          ),
        ({ body, methods }) => {
          const read = readPaymentMethods(body);
          expect(read.map((m) => m.id)).toEqual(methods.map((m) => m.id));
          expect(read.map((m) => m.payment_form)).toEqual(
            methods.map((m) => (['contado', 'Contado', '1'].includes(m.payment_form) ? 'contado' : 'credito')),
          );
          expect(read.map((m) => m.payment_means_code)).toEqual(methods.map((m) => String(m.payment_means_code)));
        },
      ),
    );
  });

  it('an envelope holding no list of objects is an empty list', () => {
    fc.assert(
      fc.property(enveloped([]), (body) => {
        expect(readPaymentMethods(body)).toEqual([]);
      }),
    );
  });
});

const feSummary = fc.record({
  id: fc.integer({ min: 1, max: 10_000_000 }),
  prefijo: fc.constantFrom('FV', 'SETP', ''),
  consecutivo: fc.integer({ min: 1, max: 999_999 }),
  estado_dian: fc.constantFrom('aceptado', 'Aceptada', 'rechazada', 'RECHAZADO', 'procesando'),
});

describe('FE list pages in any envelope, paging metadata anywhere', () => {
  it('finds every entry with its id and canonical state, and the page count when given', () => {
    const withMeta = fc.tuple(
      fc.uniqueArray(fc.tuple(feSummary, extras), { minLength: 1, maxLength: 12, selector: ([d]) => d.id }),
      fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
      fc.constantFrom('total_pages', 'last_page', 'totalPages'),
    );
    fc.assert(
      fc.property(
        withMeta.chain(([pairs, pages, name]) =>
          enveloped(pairs.map(([d, more]) => ({ ...more, ...d }))).map((body) => ({
            body: pages !== undefined && !Array.isArray(body) ? { ...(body as object), pagination: { [name]: pages } } : body,
            docs: pairs.map(([d]) => d),
            pages: Array.isArray(body) ? undefined : pages,
          })),
        ),
        ({ body, docs, pages }) => {
          const page = readFeListPage(body);
          expect(page.entries.map((e) => e.id)).toEqual(docs.map((d) => d.id));
          for (const [i, entry] of page.entries.entries()) {
            const raw = docs[i]!.estado_dian.toLowerCase();
            expect(entry.estado_dian).toBe(
              raw.startsWith('acept') ? 'aceptado' : raw.startsWith('rechaz') ? 'rechazado' : 'procesando',
            );
          }
          expect(page.totalPages).toBe(pages);
        },
      ),
    );
  });
});

const ACCEPTED = ['aceptado', 'Aceptada', 'ACEPTADO', 'aprobada', ' aceptado '];
const REJECTED = ['rechazado', 'Rechazada', 'RECHAZADA', 'rejected'];
const KNOWN = new Set([
  'aceptado',
  'aceptada',
  'aprobado',
  'aprobada',
  'accepted',
  'approved',
  'rechazado',
  'rechazada',
  'rejected',
]);
// A state that is there but unknown. A blank one (spaces only) is no state at all: the reader skips it
// like an absent field (the "without a state" test below).
const unknownEstado = fc.string({ minLength: 1, maxLength: 15 }).filter(
  (s) =>
    s.trim() !== '' &&
    !KNOWN.has(
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .trim()
        .toLowerCase(),
    ),
);

const answer = (status: number, body: unknown, kind: 'FE' | 'DSE') =>
  outcomeOfAnswer({ status, body, text: JSON.stringify(body) }, { kind, companyId: 1, mayExist: false, sanitisedBody: null });

describe('create answers with random extra fields and spellings', () => {
  it('FE 2xx: accepted only for an acceptance with ok not false; rejected for a rejection; else never final', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(200, 201, 202),
        fc.oneof(fc.constantFrom(...ACCEPTED), fc.constantFrom(...REJECTED), unknownEstado),
        fc.constantFrom(true, false, undefined),
        fc.integer({ min: 1, max: 1_000_000 }),
        extras,
        (status, estado, ok, id, more) => {
          const body = { ...more, ...(ok === undefined ? {} : { ok }), factura_id: id, cufe: 'c', estado, enviado: true };
          const outcome = answer(status, body, 'FE');
          const kind = ACCEPTED.includes(estado) ? 'accepted' : REJECTED.includes(estado) ? 'rejected' : 'unknown';
          if (kind === 'rejected') expect(outcome.state).toBe('rejected');
          else if (kind === 'accepted' && ok !== false) expect(outcome.state).toBe('accepted');
          else expect(outcome.state).toBe('pending');
          expect(outcome.documentId).toBe(id);
        },
      ),
    );
  });

  it('DSE 201/200: a documento with loose or extra fields is read by its id and state', () => {
    const loose = fc.record({
      zip_key: fc.constantFrom(null, 'z', 5),
      consecutivo: fc.constantFrom(7, '7', null),
      prefijo: fc.constantFrom('DS', null, 3),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(200, 201),
        fc.oneof(fc.constantFrom(...ACCEPTED), fc.constantFrom(...REJECTED), unknownEstado),
        fc.integer({ min: 1, max: 1_000_000 }),
        loose,
        extras,
        extras,
        (status, estado, id, fields, moreDoc, moreBody) => {
          const body = {
            ...moreBody,
            ok: true,
            pending: false,
            idempotent: status === 200,
            documento: { ...moreDoc, ...fields, id, estado_dian: estado },
          };
          const outcome = answer(status, body, 'DSE');
          const expected = ACCEPTED.includes(estado) ? 'accepted' : REJECTED.includes(estado) ? 'rejected' : 'pending';
          expect(outcome.state).toBe(expected);
          expect(outcome.documentId).toBe(id);
        },
      ),
    );
  });

  it('a create answer whose state is blank is read as without a state, whatever the spaces', () => {
    for (const blank of ['', ' ', '\t', '   ']) {
      const fe = answer(201, { ok: true, factura_id: 9, cufe: 'c', estado: blank }, 'FE');
      const feAbsent = answer(201, { ok: true, factura_id: 9, cufe: 'c' }, 'FE');
      expect(fe.state).toBe(feAbsent.state);
      expect(fe.state === 'accepted' || fe.state === 'rejected').toBe(false);
      const dse = answer(201, { ok: true, pending: false, documento: { id: 9, estado_dian: blank } }, 'DSE');
      const dseAbsent = answer(201, { ok: true, pending: false, documento: { id: 9 } }, 'DSE');
      expect(dse.state).toBe(dseAbsent.state);
      expect(dse.state === 'accepted' || dse.state === 'rejected').toBe(false);
    }
  });
});
