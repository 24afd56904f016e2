// States read by what they mean (submissions/states.ts) and the end of a walk through the FE list
// (history/paging.ts): the tables of docs/CLIENT-DECISIONS.md, "States by meaning" and "History paging".
import { describe, expect, it } from 'vitest';
import type { FeListPage } from '../../../src/core/api/readers';
import { PageWalk } from '../../../src/core/history/paging';
import {
  boundUnknownState,
  canonicalEstado,
  meaningOfEstado,
  UNKNOWN_STATE_MAX_CHECKS,
} from '../../../src/core/submissions/states';

describe('states by meaning', () => {
  it.each([
    ['aceptado', 'accepted', 'aceptado'],
    ['Aceptada', 'accepted', 'aceptado'],
    [' APROBADO ', 'accepted', 'aceptado'],
    ['rechazada', 'rejected', 'rechazado'],
    ['RECHAZADO', 'rejected', 'rechazado'],
    ['En Proceso', 'in_progress', 'en_proceso'],
    ['enviada', 'in_progress', 'enviado'],
    ['pendiente', 'in_progress', 'pendiente'],
    ['en_proceso_http', 'in_progress', 'en_proceso_http'],
    ['procesando', 'in_progress', 'procesando'],
    ['Pendientes', 'in_progress', 'pendiente'],
    ['En validación', 'in_progress', 'en_validacion'],
    ['PENDING', 'in_progress', 'pending'],
    ['Aprobado con notificación', 'accepted', 'aceptado_con_notificaciones'],
    ['aprobado_con_notificaciones', 'accepted', 'aceptado_con_notificaciones'],
    ['Aceptado con notificaciones', 'accepted', 'aceptado_con_notificaciones'],
    ['aceptada-con-observaciones', 'accepted', 'aceptado_con_notificaciones'],
    ['ACEPTADO CON OBSERVACIÓN', 'accepted', 'aceptado_con_notificaciones'],
    ['accepted_with_warnings', 'accepted', 'aceptado_con_notificaciones'],
    ['Accepted with notices', 'accepted', 'aceptado_con_notificaciones'],
    ['aceptado_con_notificaciones', 'accepted', 'aceptado_con_notificaciones'],
    ['Aprobada por la DIAN', 'accepted', 'aceptado'],
    ['approved', 'accepted', 'aceptado'],
    ['Rechazado por la DIAN', 'rejected', 'rechazado'],
    ['REJECTED', 'rejected', 'rechazado'],
    ['no-aceptado', 'rejected', 'rechazado'],
    // Words that only look like an acceptance are not one.
    ['aceptacion_pendiente', 'unknown', 'aceptacion_pendiente'],
    ['no_aceptado_con_notificaciones', 'unknown', 'no_aceptado_con_notificaciones'],
    ['Estado 77', 'unknown', 'Estado 77'],
    ['', 'unknown', ''],
  ] as const)('%j means %s, stored as %j', (raw, meaning, stored) => {
    expect(meaningOfEstado(raw)).toBe(meaning);
    expect(canonicalEstado(raw)).toBe(stored);
  });

  it('an unknown state is polled until the submission has had the maximum of checks, then only on request', () => {
    const outcome = { state: 'pending', estadoDian: 'estado_77', error: null };
    const checks = Array.from({ length: UNKNOWN_STATE_MAX_CHECKS + 2 }, (_, i) => i - 1);
    const stops = checks.map((n) => boundUnknownState(outcome, n).stopPolling);
    expect(stops.indexOf(true)).toBe(UNKNOWN_STATE_MAX_CHECKS - 1);
    expect(stops.slice(UNKNOWN_STATE_MAX_CHECKS - 1).every(Boolean)).toBe(true);
    expect(boundUnknownState(outcome, -1).error).toMatchObject({ code: 'api_state_unknown' });
    expect(boundUnknownState({ ...outcome, estadoDian: 'en_proceso' }, 50)).toEqual({ ...outcome, estadoDian: 'en_proceso' });
  });
});

const page = (ids: number[], meta: Partial<FeListPage> = {}): FeListPage => ({ entries: ids.map((id) => ({ id })), ...meta });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('the end of a walk through the FE list', () => {
  it('ends at total_pages', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 10), { totalPages: 2 }), 10)).toBeNull();
    expect(walk.after(2, page(range(11, 10), { totalPages: 2 }), 10)).toBe('total_pages');
  });

  it('ends at an empty page', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 10)), 10)).toBeNull();
    expect(walk.after(2, page([]), 10)).toBe('empty');
  });

  it('ends when the server repeats a page (no id not seen before)', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 10)), 10)).toBeNull();
    expect(walk.after(2, page(range(11, 10)), 10)).toBeNull();
    expect(walk.after(3, page(range(11, 10)), 10)).toBe('no_new_id');
  });

  it('ends at a page shorter than an earlier one, even when the server caps the size asked for', () => {
    const capped = new PageWalk(1);
    expect(capped.after(1, page(range(1, 25)), 100)).toBeNull();
    expect(capped.after(2, page(range(26, 25)), 100)).toBeNull();
    expect(capped.after(3, page(range(51, 7)), 100)).toBe('short');
    // A first page shorter than the size asked for may be a server's cap: the next page tells.
    const first = new PageWalk(1);
    expect(first.after(1, page(range(1, 7)), 20)).toBeNull();
    expect(first.after(2, page([]), 20)).toBe('empty');
  });

  it('ends when it has seen as many ids as the total', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 10), { total: 20 }), 10)).toBeNull();
    expect(walk.after(2, page(range(11, 10), { total: 20 }), 10)).toBe('total');
  });

  it('ends at the hard bound whatever the server answers', () => {
    const walk = new PageWalk(1, 3);
    expect(walk.after(1, page(range(1, 10)), 10)).toBeNull();
    expect(walk.after(2, page(range(11, 10)), 10)).toBeNull();
    expect(walk.after(3, page(range(21, 10)), 10)).toBe('bound');
  });
});
