// What each create answer means for the ledger ("7. Create, sign and send DSE", responses table).
import { describe, expect, it } from 'vitest';
import { TransportFailure } from '#core/api/http';
import { outcomeOfAnswer, outcomeOfTransport } from '#core/submissions/outcome';

const doc = (estado: string) => ({ id: 41, estado_dian: estado, prefijo: 'DSE', consecutivo: 9, cuds: 'abc' });
const dse = (status: number, body: unknown, mayExist = false) =>
  outcomeOfAnswer({ status, body, text: JSON.stringify(body) }, { kind: 'DSE', companyId: 1, mayExist, sanitisedBody: null });
const fe = (status: number, body: unknown, mayExist = false) =>
  outcomeOfAnswer({ status, body, text: '' }, { kind: 'FE', companyId: 1, mayExist, sanitisedBody: null });

describe('DSE answers', () => {
  it.each([
    ['201 accepted', 201, { ok: true, pending: false, idempotent: false, documento: doc('aceptado') }, 'accepted'],
    [
      '200 replay of an accepted document',
      200,
      { ok: true, pending: false, idempotent: true, documento: { id: 41, estado_dian: 'aceptado' } },
      'accepted',
    ],
    [
      '200 replay of a non-terminal document',
      200,
      { ok: true, idempotent: true, documento: { id: 41, estado_dian: 'en_proceso' } },
      'pending',
    ],
    ['202 reservation', 202, { ok: true, idempotent: true, pending: true, message: 'm', request_status: 'creating' }, 'pending'],
    ['422 rejected', 422, { ok: false, error: 'rechazado', documento: doc('rechazado') }, 'rejected'],
    [
      '502 pending with a document',
      502,
      { ok: false, pending: true, idempotent: false, error: 'e', documento: { id: 41, estado_dian: 'en_proceso_http' } },
      'pending',
    ],
    [
      '502 with a document already accepted (queried, not trusted)',
      502,
      { ok: false, pending: true, idempotent: false, error: 'e', documento: { id: 41, estado_dian: 'aceptado' } },
      'pending',
    ],
    [
      '502 with a document already rejected (queried, not trusted)',
      502,
      { ok: false, pending: true, idempotent: false, error: 'e', documento: { id: 41, estado_dian: 'rechazado' } },
      'pending',
    ],
    ['502 without a document', 502, { ok: false, error: 'e' }, 'in_doubt'],
    ['500', 500, null, 'in_doubt'],
    ['409', 409, { ok: false, error: 'payload distinto' }, 'conflict'],
    ['400 on a first attempt', 400, { ok: false, error: 'codigo' }, 'failed'],
    ['401 on a first attempt', 401, { ok: false, error: 'x' }, 'failed'],
    ['403 on a first attempt', 403, { ok: false, error: 'x' }, 'failed'],
  ] as const)('%s → %s', (_name, status, body, state) => {
    expect(dse(status, body).state).toBe(state);
  });

  it('keeps the document id, number and CUDS the answer carries', () => {
    expect(dse(201, { ok: true, documento: doc('aceptado') })).toMatchObject({
      documentId: 41,
      documentNumber: 'DSE9',
      fiscalKey: 'abc',
      estadoDian: 'aceptado',
    });
    expect(dse(502, { ok: false, pending: true, documento: { id: 41, estado_dian: 'en_proceso_http' } }).documentId).toBe(41);
  });

  it('a 202 that carries the document keeps its id, so that it is followed by id', () => {
    const reservation = {
      ok: true,
      idempotent: true,
      pending: true,
      message: 'm',
      request_status: 'creating',
      documento: { id: 41, estado_dian: 'sending' },
    };
    expect(dse(202, reservation)).toMatchObject({ state: 'pending', documentId: 41, estadoDian: 'sending' });
  });

  it('a refusal after an attempt that may have arrived proves nothing: still in doubt', () => {
    for (const status of [400, 401, 403, 404]) expect(dse(status, { ok: false, error: 'x' }, true).state).toBe('in_doubt');
  });
});

describe('FE answers', () => {
  it.each([
    ['aceptado', 'accepted'],
    ['rechazado', 'rejected'],
    ['pendiente', 'pending'],
  ] as const)('2xx with estado %s → %s', (estado, state) => {
    expect(fe(201, { ok: true, factura_id: 3, cufe: 'c', estado, enviado: true })).toMatchObject({
      state,
      documentId: 3,
      fiscalKey: 'c',
    });
  });

  it('a 2xx whose body is unreadable stays in doubt (resent with the same draft_key)', () => {
    expect(fe(200, { ok: true }).state).toBe('in_doubt');
  });

  it.each([
    [422, 'rejected'],
    [400, 'failed'],
    [500, 'in_doubt'],
    [502, 'in_doubt'],
  ] as const)('HTTP %i → %s', (status, state) => {
    expect(fe(status, { ok: false, error: 'x' }).state).toBe(state);
  });
});

describe('no answer', () => {
  it.each(['timeout', 'dropped', 'unreachable'] as const)('%s leaves the submission in doubt', (kind) => {
    expect(outcomeOfTransport(new TransportFailure(kind, null)).state).toBe('in_doubt');
  });
});

describe('a create that ends in doubt says what happened, in the shop words', () => {
  it.each([
    [
      'a gateway answering 503 with an HTML page (no JSON body)',
      () => fe(503, null),
      /no está disponible en este momento \(HTTP 503\)/,
    ],
    ['a 502 from a proxy', () => fe(502, null), /no está disponible en este momento \(HTTP 502\)/],
    ['a 504 from a proxy', () => dse(504, null), /no está disponible en este momento \(HTTP 504\)/],
    ['429 with Retry-After', () => fe(429, { error: 'Too Many Requests' }), /pidió esperar/],
    ['500', () => fe(500, { error: 'boom' }), /error interno \(HTTP 500\)/],
    ['our own time limit', () => outcomeOfTransport(new TransportFailure('timeout', null)), /no respondió a tiempo/],
    ['a reset after sending', () => outcomeOfTransport(new TransportFailure('dropped', null)), /Se cortó la conexión/],
  ])('%s', (_name, outcome, says) => {
    const result = outcome();
    expect(result.state).toBe('in_doubt');
    expect(result.error?.code).toBe('api_uncertain');
    expect(result.error?.message).toMatch(says);
    // Every doubt tells the cashier not to sell it again, and never points at fields.
    expect(result.error?.message).toContain('No repita la venta');
    expect(result.error?.message).not.toMatch(/campos|rojo|Service|Unavailable|Too Many/);
  });
});

describe('a rejection keeps its rules as data', () => {
  const dian = {
    is_valid: false,
    status_code: '99',
    status_description: 'Validación contiene errores en campos mandatorios.',
    status_message: 'Regla: FAK24, Rechazo: DV errado.',
    errores: [{ regla: 'FAK24', mensaje: 'DV errado.', campo: 'receptor.numero_doc' }],
  };
  const rules = [{ code: 'FAK24', message: 'DV errado.', field: 'receptor.numero_doc' }];

  it('DSE 422 and FE 422 carry the rules of their dian object', () => {
    expect(dse(422, { ok: false, error: 'rechazado', documento: doc('rechazado'), dian }).rejection?.rules).toEqual(rules);
    expect(fe(422, { ok: false, error: 'rechazado', factura_id: 3, estado: 'rechazado', dian }).rejection?.rules).toEqual(rules);
  });

  it('an FE 2xx that says rejected carries them too', () => {
    expect(fe(201, { ok: false, factura_id: 3, estado: 'rechazado', dian })).toMatchObject({
      state: 'rejected',
      rejection: { rules },
    });
  });

  it('a rejection without a dian object, and an acceptance, carry none', () => {
    expect(dse(422, { ok: false, error: 'rechazado', documento: doc('rechazado') }).rejection).toBeUndefined();
    expect(dse(201, { ok: true, documento: doc('aceptado'), dian: { ...dian, is_valid: true } }).rejection).toBeUndefined();
  });
});
