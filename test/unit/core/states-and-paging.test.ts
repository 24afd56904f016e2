// States read by what they mean (submissions/states.ts) and the end of a walk through the FE list
// (history/paging.ts): the tables of docs/CLIENT-DECISIONS.md, "States by meaning" and "History paging".
import { describe, expect, it } from 'vitest';
import type { FeListPage } from '#core/api/readers';
import { linkedNext, PageWalk, syncWarning } from '#core/history/paging';
import {
  boundUnknownState,
  canonicalEstado,
  IN_PROGRESS_ESTADOS,
  meaningOfEstado,
  UNKNOWN_STATE_MAX_CHECKS,
} from '#core/submissions/states';
import { estadoDetail, estadoLabel } from '#shared/estados';

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

  it.each([
    ['Pending', 'Pendiente'],
    ['PROCESSING', 'En proceso'],
    ['Procesando', 'En proceso'],
    ['En validación', 'En validación'],
    ['queued', 'En cola'],
    ['Recibida', 'Recibido'],
    ['submitted', 'Enviado'],
    ['In progress', 'En proceso'],
  ] as const)('a provider’s %j is on its way, named «%s», never «en verificación» nor its raw word', (raw, label) => {
    expect(estadoLabel(canonicalEstado(raw))).toBe(label);
    expect(estadoDetail(canonicalEstado(raw))).not.toMatch(/verificación|«/);
  });

  it('every stored state on its way has a Spanish name; only a state nobody knows is «en verificación», with its words', () => {
    for (const stored of IN_PROGRESS_ESTADOS) {
      expect([stored, estadoLabel(stored)]).not.toEqual([stored, expect.stringMatching(/verificación|«/)]);
      expect(meaningOfEstado(stored)).toBe('in_progress');
    }
    expect(estadoLabel(canonicalEstado('Estado 77'))).toBe('En verificación («Estado 77»)');
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

  it('follows a cursor to its end, and stops at a link leading back', () => {
    const walk = new PageWalk(1);
    expect(walk.afterLink(page(range(1, 20)), true)).toBeNull();
    expect(walk.afterLink(page(range(21, 20)), true)).toBeNull();
    expect(walk.afterLink(page(range(41, 12)), false)).toBe('last_link');
    expect(syncWarning(walk, 'last_link', page(range(41, 12)), 0)).toBeNull();
    const loop = new PageWalk(1);
    expect(loop.afterLink(page(range(1, 20)), true)).toBeNull();
    expect(loop.afterLink(page(range(1, 20)), true)).toBe('no_new_id');
    expect(syncWarning(loop, 'no_new_id', page(range(1, 20)), 0)).toMatch(/no dejó recorrer todo el historial/);
  });

  it('a link to the next page number is the walk itself; a cursor or an offset is followed', () => {
    const named = (query: Record<string, string>) => page([1], { next: { query } });
    expect(linkedNext(named({ page: '2', per_page: '20' }), 1)).toBeNull();
    expect(linkedNext(named({ cursor: 'abc' }), 1)).toEqual({ cursor: 'abc' });
    expect(linkedNext(named({ limit: '20', offset: '20' }), 1)).toEqual({ limit: '20', offset: '20' });
    expect(linkedNext(page([1]), 1)).toBeNull();
  });

  it('a server that ignores page (page 2 repeats a full page 1) leaves the history incomplete, and says so', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 20)), 20)).toBeNull();
    expect(walk.after(2, page(range(1, 20)), 20)).toBe('no_new_id');
    expect(walk.ignoredPage).toBe(true);
    expect(syncWarning(walk, 'no_new_id', page(range(1, 20)), 0)).toBe(
      'El servicio no dejó recorrer todo el historial de facturas: se leyeron 20 facturas. ' +
        'Lo sincronizado se conserva; una factura que falte aquí puede consultarse en el portal de su proveedor.',
    );
    // The last page repeated by a server that pages (a short page 1): the walk is complete.
    const repeat = new PageWalk(1);
    expect(repeat.after(1, page(range(1, 7)), 20)).toBeNull();
    expect(repeat.after(2, page(range(1, 7)), 20)).toBe('no_new_id');
    expect(syncWarning(repeat, 'no_new_id', page(range(1, 7)), 0)).toBeNull();
  });

  it('fewer ids than the total, more announced, or documents skipped: a warning naming them', () => {
    const walk = new PageWalk(1);
    expect(walk.after(1, page(range(1, 10), { total: 52 }), 10)).toBeNull();
    expect(walk.after(2, page([], { total: 52 }), 10)).toBe('empty');
    expect(syncWarning(walk, 'empty', page([], { total: 52 }), 0)).toMatch(/se leyeron 10 facturas de 52\./);
    const more = new PageWalk(1);
    more.after(1, page(range(1, 10), { next: { more: true } }), 10);
    expect(syncWarning(more, 'short', page(range(1, 10), { next: { more: true } }), 0)).toMatch(/no dejó recorrer/);
    const whole = new PageWalk(1);
    whole.after(1, page(range(1, 5)), 10);
    expect(syncWarning(whole, 'short', page(range(1, 5)), 1)).toBe(
      '1 factura no se pudo leer del servicio en esta sincronización; se volverán a pedir en la próxima.',
    );
  });
});
