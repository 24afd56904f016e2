// The issuer profile and the printing settings through core's real dispatcher on a real SQLite
// file: stored per connection, bad input refused in Spanish with nothing
// changed, and the resolution and plan warnings counted from the local history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import type { RpcReply } from '#shared/rpc/envelope';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { generateHistory } from '#test/history-generator';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let connectionId: number;
let nextId = 1;
let now = new Date('2026-11-24T15:00:00Z');

const call = (method: string, input: unknown): Promise<RpcReply> => core.dispatch({ id: nextId++, method, input });
async function ok<T>(method: string, input: unknown): Promise<T> {
  const reply = await call(method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.output as T;
}

const PROFILE = {
  nombre: 'Tienda La Esquina S.A.S.',
  nit: '900123456',
  dv: nitCheckDigit('900123456'),
  direccion: 'Calle 10 # 5-20',
  ciudad: 'Medellín',
  email: 'ventas@laesquina.co',
  telefono: '604 444 5555',
  logo: 'data:image/png;base64,iVBORw0KGgo=',
  resolucion: {
    numero: '18760000001',
    desde: '2026-01-01',
    hasta: '2027-01-01',
    prefijo: 'SETP',
    rango_desde: 1,
    rango_hasta: 5_000,
  },
  contingencia: {
    numero: '18764000001',
    desde: '2026-01-01',
    hasta: '2027-12-31',
    prefijo: 'CT',
    rango_desde: 1,
    rango_hasta: 500,
  },
  plan: 'ilimitado',
};

beforeEach(async () => {
  now = new Date('2026-11-24T15:00:00Z');
  dir = tempDir();
  core = createCore({ home: dir.path, secrets: memorySecrets(), transport: 'cli', clock: () => now });
  connectionId = (
    await ok<{ id: number }>('connections.create', {
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 101,
    })
  ).id;
  await ok('connections.activate', { id: connectionId });
});
afterEach(async () => {
  await core?.close();
  dir?.remove();
});

describe('issuer profile', () => {
  it('stores the whole profile and reads it back', async () => {
    expect(await ok('history.issuer', {})).toBeNull();
    expect(await ok('history.setIssuer', PROFILE)).toEqual(PROFILE);
    expect(await ok('history.issuer', {})).toEqual(PROFILE);
  });

  it('keeps accepting a profile saved before DV, logo, resolution and plan existed (its DV computed from the NIT)', async () => {
    const old = { nombre: 'Tienda', nit: '900123456', direccion: '', ciudad: '', email: '', telefono: '' };
    expect(await ok('history.setIssuer', old)).toEqual({
      ...old,
      dv: '8',
      logo: '',
      resolucion: null,
      contingencia: null,
      plan: 'ilimitado',
    });
  });

  it.each([
    [
      'a check digit that does not match the NIT',
      { dv: String((Number(PROFILE.dv) + 1) % 10) },
      /dígito de verificación no corresponde/,
    ],
    ['a logo that is no PNG or JPEG', { logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, /PNG o JPEG/],
    ['a logo over 150 KB', { logo: `data:image/png;base64,${'A'.repeat(220_000)}` }, /"path":"logo"|"logo"/],
    [
      'a resolution that ends before it starts',
      { resolucion: { ...PROFILE.resolucion, hasta: '2025-01-01' } },
      /vigencia termina antes/,
    ],
    [
      'a range that ends before it starts',
      { resolucion: { ...PROFILE.resolucion, rango_desde: 10, rango_hasta: 5 } },
      /rango termina antes/,
    ],
    ['a date that does not exist', { resolucion: { ...PROFILE.resolucion, desde: '2026-02-30' } }, /fecha de la resolución/],
    [
      'a contingency resolution that ends before it starts',
      { contingencia: { ...PROFILE.contingencia, hasta: '2025-12-31' } },
      /"path":\["contingencia","hasta"\].*vigencia termina antes|vigencia termina antes/,
    ],
    ['an unknown plan', { plan: '1000' }, /plan/],
    ['a wrong e-mail', { email: 'ventas-en-laesquina' }, /correo válido/],
  ])('refuses %s and changes nothing', async (_label, change, message) => {
    await ok('history.setIssuer', PROFILE);
    const reply = await call('history.setIssuer', { ...PROFILE, ...change });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('invalid_input');
    expect(JSON.stringify(reply.error)).toMatch(message);
    expect(await ok('history.issuer', {})).toEqual(PROFILE);
  });
});

describe('warnings', () => {
  const codes = async () => (await ok<{ code: string; text: string }[]>('history.issuerWarnings', {})).map((w) => w.code);

  it('says nothing without a profile, or with a valid resolution far from its end and an unlimited plan', async () => {
    expect(await codes()).toEqual([]);
    await ok('history.setIssuer', { ...PROFILE, resolucion: { ...PROFILE.resolucion, hasta: '2027-06-30' } });
    expect(await codes()).toEqual([]);
  });

  it('warns as the validity nears its end, and says it expired after it', async () => {
    await ok('history.setIssuer', { ...PROFILE, resolucion: { ...PROFILE.resolucion, hasta: '2026-12-20' } });
    const [warning] = await ok<{ code: string; text: string }[]>('history.issuerWarnings', {});
    expect(warning).toMatchObject({ code: 'resolution_ending', text: expect.stringContaining('en 26 días (20/12/2026)') });
    now = new Date('2026-12-21T15:00:00Z');
    expect(await codes()).toEqual(['resolution_expired']);
  });

  it('counts the range from the highest number of its prefix in the local history', async () => {
    const { docs } = generateHistory(core.parts.store!.db, { connectionId, count: 300, seed: 3 });
    const top = Math.max(
      ...docs.filter((d) => d.kind === 'FE' && d.number.startsWith('SETP')).map((d) => Number(d.number.slice(4))),
    );
    // 100 numbers or fewer left: a warning with the count.
    await ok('history.setIssuer', { ...PROFILE, resolucion: { ...PROFILE.resolucion, rango_desde: 1, rango_hasta: top + 40 } });
    const [warning] = await ok<{ code: string; text: string }[]>('history.issuerWarnings', {});
    expect(warning).toMatchObject({ code: 'range_ending', text: expect.stringContaining('Quedan 40 números') });
    await ok('history.setIssuer', { ...PROFILE, resolucion: { ...PROFILE.resolucion, rango_desde: 1, rango_hasta: top } });
    expect(await codes()).toEqual(['range_used_up']);
    // Another prefix's numbers do not count.
    await ok('history.setIssuer', {
      ...PROFILE,
      resolucion: { ...PROFILE.resolucion, prefijo: 'FV', rango_desde: 1, rango_hasta: top },
    });
    expect(await codes()).toEqual([]);
  });

  it('counts the plan from this year’s documents in the local history', async () => {
    const { docs } = generateHistory(core.parts.store!.db, { connectionId, count: 400, seed: 4 });
    const thisYear = docs.filter((d) => d.issue_date.startsWith('2026')).length;
    expect(thisYear).toBeGreaterThan(0);
    const plan = thisYear >= 500 ? null : thisYear >= 400 ? '500' : thisYear >= 80 ? '100' : '50';
    await ok('history.setIssuer', { ...PROFILE, plan: '50', resolucion: null });
    expect(await codes()).toEqual(thisYear >= 50 ? ['plan_used_up'] : thisYear >= 40 ? ['plan_ending'] : []);
    if (plan) {
      await ok('history.setIssuer', { ...PROFILE, plan, resolucion: null });
      const limit = Number(plan);
      expect(await codes()).toEqual(thisYear >= limit ? ['plan_used_up'] : thisYear >= limit * 0.8 ? ['plan_ending'] : []);
    }
    // A new year starts the count again.
    now = new Date('2027-01-02T15:00:00Z');
    expect(docs.some((d) => d.issue_date.startsWith('2027'))).toBe(false);
    expect(await codes()).toEqual([]);
  });
});

describe('print settings', () => {
  it('defaults to the 80 mm ticket, stores a change, and refuses an unknown layout with nothing changed', async () => {
    expect(await ok('print.settings', {})).toEqual({ layout: 'ticket80', auto_print: false, printer: '' });
    const chosen = { layout: 'ticket58', auto_print: true, printer: 'EPSON TM-T20' };
    expect(await ok('print.setSettings', chosen)).toEqual(chosen);
    const reply = await call('print.setSettings', { ...chosen, layout: 'a5' });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(JSON.stringify(reply.error)).toMatch(/"layout"/);
    expect(await ok('print.settings', {})).toEqual(chosen);
  });

  it('refuses silent printing and the printer list outside the desktop app, in Spanish', async () => {
    for (const [method, input] of [
      ['print.printers', {}],
      ['print.silently', { layout: 'a4', printer: '' }],
    ] as const) {
      const reply = await call(method, input);
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.message).toMatch(/aplicación de escritorio/);
    }
  });

  it('finds the Historial entry of a submission', async () => {
    const { docs } = generateHistory(core.parts.store!.db, { connectionId, count: 5, seed: 9 });
    const doc = docs[0]!;
    core.parts.store!.db.prepare('UPDATE history_documents SET submission_id = 77 WHERE id = ?').run(doc.id);
    expect(await ok('history.idOfSubmission', { submission_id: 77 })).toEqual({ id: doc.id });
    expect(await ok('history.idOfSubmission', { submission_id: 78 })).toEqual({ id: null });
  });
});
