// Shapes a server that keeps the contract may choose where it says "not shown" (docs/CLIENT-DECISIONS.md,
// "Tolerant reading"): empty and cursor list pages, acquirer records, error bodies, and a 422 that
// is a framework's refusal rather than the tax authority's rejection.
import { describe, expect, it } from 'vitest';
import { classifyAnswer, isTaxAuthorityRejection } from '#core/api/errors';
import { readAcquirer, readFeListPage } from '#core/api/readers';
import { outcomeOfAnswer } from '#core/submissions/outcome';
import { submissionFieldErrors } from '#shared/api/field-errors';

const LARAVEL_LINKS = [
  { url: null, label: '&laquo; Anterior', active: false },
  { url: 'https://api.example.co/v1/companies/7/fe/docs?page=1', label: '1', active: true },
  { url: null, label: 'Siguiente &raquo;', active: false },
];

describe('FE list pages', () => {
  it.each([
    ['Laravel, links as an array', { data: [], links: LARAVEL_LINKS, meta: { current_page: 1, last_page: 1, total: 0 } }],
    ['Laravel, links as an object', { data: [], links: { first: '?page=1', last: '?page=1', prev: null, next: null } }],
    ['Laravel API resource, links under meta', { data: [], links: { next: null }, meta: { links: LARAVEL_LINKS, total: 0 } }],
    ['DRF', { count: 0, next: null, previous: null, results: [] }],
    ['cursor', { data: [], next_cursor: null, has_more: false }],
  ])('an empty first page (%s) is an empty list, not unrecognised data', (_name, body) => {
    expect(readFeListPage(body).entries).toEqual([]);
  });

  it('an array of objects that are neither records nor paging links is still unrecognised', () => {
    expect(() => readFeListPage({ data: [{ nombre: 'x' }], links: LARAVEL_LINKS })).toThrow(/unrecognised/);
  });

  it.each([
    ['a cursor token', { data: [{ id: 1, estado_dian: 'aceptado' }], next_cursor: 'eyJpZCI6MX0=' }, { cursor: 'eyJpZCI6MX0=' }],
    [
      'a next link',
      { results: [{ id: 1, estado_dian: 'aceptado' }], next: 'https://other.host/x?limit=20&offset=20' },
      { limit: '20', offset: '20' },
    ],
    ['links.next', { data: [{ id: 1, estado: 'x' }], links: { next: '/fe/docs?cursor=abc' } }, { cursor: 'abc' }],
    ['meta.next_cursor', { data: [{ id: 1, estado: 'x' }], meta: { next_cursor: 'c2' } }, { cursor: 'c2' }],
    [
      "Laravel's links array",
      {
        data: [{ id: 1, estado: 'x' }],
        links: [{ url: 'https://h/fe/docs?page=2', label: 'Siguiente &raquo;', active: false }],
      },
      { page: '2' },
    ],
  ])('the next page named by %s is read as its query only', (_name, body, query) => {
    expect(readFeListPage(body).next?.query).toEqual(query);
  });

  it('has_more is read, and the draft key an entry lists', () => {
    const page = readFeListPage({ data: [{ id: 3, estado_dian: 'rechazado', draft_key: 'fe-3' }], has_more: true });
    expect(page.next?.more).toBe(true);
    expect(page.entries[0]).toMatchObject({ id: 3, estado_dian: 'rechazado', draftKey: 'fe-3' });
  });
});

const request = { identification_type: '13', identification_number: '1020304050' };

describe('acquirer records', () => {
  it.each([
    [
      'nombres + apellidos',
      { ok: true, data: { nombres: 'Ana María', apellidos: 'Pérez Gómez', email: 'ana@example.co' } },
      { nombre: 'Ana María Pérez Gómez', email: 'ana@example.co', direccion: '' },
    ],
    [
      "DIAN's Receiver fields",
      { ReceiverName: 'Ferretería El Tornillo SAS', ReceiverEmail: 'compras@tornillo.co', ReceiverId: '900123456' },
      { nombre: 'Ferretería El Tornillo SAS', email: 'compras@tornillo.co', identification_number: '900123456' },
    ],
    [
      'e-mail only in emails[]',
      { acquirer: { razon_social: 'Panadería La Espiga', emails: ['ventas@espiga.co', 'otro@espiga.co'] } },
      { nombre: 'Panadería La Espiga', email: 'ventas@espiga.co' },
    ],
    ['emails[] of objects', { data: { name: 'X SAS', emails: [{ address: 'a@x.co' }] } }, { nombre: 'X SAS', email: 'a@x.co' }],
    [
      'a partial answer: only an e-mail',
      { ok: true, data: { correo: 'solo@correo.co' } },
      { nombre: '', email: 'solo@correo.co', direccion: '', identification_number: '1020304050' },
    ],
  ])('%s', (_name, body, expected) => {
    expect(readAcquirer(body, request)).toMatchObject(expected);
  });

  it('a body with nothing of an acquirer is unrecognised', () => {
    expect(() => readAcquirer({ ok: true, data: { status: 'ok' } }, request)).toThrow(/unrecognised/);
  });
});

describe('error bodies', () => {
  it.each([
    ['errors{field:[…]}', { message: 'The given data was invalid.', errors: { 'receptor.email': ['no es válido'] } }],
    [
      'detail[{loc, msg}]',
      { detail: [{ loc: ['body', 'receptor', 'email'], msg: 'value is not a valid email', type: 'value_error' }] },
    ],
    ['message with field', { ok: false, message: 'El correo no es válido', field: 'receptor.email' }],
  ])('%s marks receptor.email', (_name, body) => {
    expect(submissionFieldErrors(body).map((e) => e.path)).toEqual(['receptor.email']);
  });

  it("a framework's 422 is a refused request, the tax authority's a rejection", () => {
    const framework = { detail: [{ loc: ['query', 'per_page'], msg: 'ensure this value is less than or equal to 50' }] };
    expect(isTaxAuthorityRejection(framework)).toBe(false);
    expect(isTaxAuthorityRejection({ ok: false, pending: false, idempotent: false, error: 'Rechazado: DSAD01' })).toBe(true);
    expect(isTaxAuthorityRejection({ ok: false, error: 'Documento rechazado' })).toBe(true);
    const read = classifyAnswer({ status: 422, body: framework } as never, 'read', 7);
    expect(read.code).toBe('api_invalid');
    expect(read.message).not.toContain('DIAN');
    const context = { kind: 'FE' as const, companyId: 7, mayExist: false, sanitisedBody: null };
    const write = outcomeOfAnswer(
      { status: 422, body: { detail: [{ loc: ['body', 'receptor', 'email'], msg: 'not a valid email' }] } } as never,
      context,
    );
    expect(write).toMatchObject({ state: 'failed', error: { code: 'api_invalid' }, fieldErrors: [{ path: 'receptor.email' }] });
    expect(write.error?.message).not.toContain('DIAN');
    const dian = outcomeOfAnswer({ status: 422, body: { ok: false, estado: 'rechazado', error: 'FAD06' } } as never, context);
    expect(dian).toMatchObject({ state: 'rejected', error: { code: 'api_rejected' } });
  });
});
