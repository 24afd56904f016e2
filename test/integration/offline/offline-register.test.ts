// A register selling without the caja principal: two registers as the app's served hosts on one
// shop database (a real PostgreSQL of this file's own, so that it can be stopped and started again),
// the embedded sandbox as the API, the real keychain. With the server stopped, the register reopened
// sells on its shop copy and says so, and queues a sale when the internet is down too; with the
// server back, it hands its sale, the sale's history row, payments, its cash movement and the queued
// sale over by key, exactly once, and goes back to the shop database; the
// same handover again (a handover cut short after its commit) adds nothing; a row of the same key with
// other content stops it and changes nothing; the other register sees the sale in its history.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SHOP_COPY_FOLDER, shopCopyFile } from '#core/offline/shop-copy';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { OfflineStatus } from '#shared/rpc/methods/offline';
import type { Submission } from '#shared/rpc/methods/submissions';
import { consumerSale } from '#test/core/rpc-core';
import { shopOnOwnServer, type Served } from '#test/offline-registers';
import { RICE } from '#test/products';
import { waitUntil } from '#test/wait';

const shop = shopOnOwnServer('factura-desk-offline-');
const { home, serve, close, query, copyRows, statusNow } = shop;

/** What the shop copy says about itself, read as another process would (null while it is being made). */
function copyState(
  name: string,
): { copied_shift_id: number | null; offline_since: string | null; handed_over_at: string | null } | null {
  const [row] = copyRows(name, 'SELECT copied_shift_id, offline_since, handed_over_at FROM shop_copy');
  return (row as never) ?? null;
}

/** Every row the handover may write, counted per table in the shop database. */
async function shopCounts(): Promise<Record<string, number>> {
  const tables = [
    'submissions',
    'submission_events',
    'history_documents',
    'sale_payments',
    'shift_sales',
    'shift_movements',
    'shifts',
    'outbox',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  return counts;
}

const history = (host: Served) => host.ok<HistoryPage>('history.list', { filter: {}, offset: 0, limit: 50 });
const status = (host: Served) => host.ok<OfflineStatus>('offline.status', {});

let a: Served;
let b: Served;
let offlineKey: string;
let queuedRef: string;
let offlineSaleId: number;
/** The shop copy of register A with its offline sale, before any handover (a handover cut short after its commit). */
const spare = join(shop.folder, 'spare-copy');

describe('a register without the caja principal', () => {
  it('on the shop database, each register keeps a copy of what it needs to sell, with its open shift', async () => {
    a = await serve('caja-a');
    b = await serve('caja-b');
    expect(a.startupError).toBeNull();
    expect(await status(a)).toEqual({ offline: false, address: null, since: null, problem: null });
    await a.ok('catalog.save', { product: RICE });
    await a.ok('cashiers.createAdmin', { name: 'Marta', pin: '1234' });
    await a.ok('shifts.open', { opening_float: 50_000 });
    const sold = await a.ok<{ state: string }>('fe.submit', consumerSale(10_000, 'cash'));
    expect(sold.state).toBe('accepted');
    // A customer saved at the other register reaches this register's copy too.
    await b.ok('customers.save', {
      customer: { tipo_doc: '31', numero_doc: '900456789', nombre: 'Ferretería', email: '', direccion: '', telefono: '' },
    });
    await waitUntil(
      () => ({ state: copyState('caja-a'), customers: copyRows('caja-a', 'SELECT nombre FROM customers') }),
      ({ state, customers }) => state?.copied_shift_id != null && customers.some((row) => row.nombre === 'Ferretería'),
      { what: 'the shop copy of caja A with its open shift and caja B’s customer' },
    );
  });

  it('the server stopped: the register reopened sells on its copy, says so, and refuses to edit the catalog', async () => {
    await shop.pause();
    await close(a);
    a = await serve('caja-a');
    expect(a.startupError).toBeNull();
    const offline = await status(a);
    expect(offline).toMatchObject({ offline: true, problem: null });
    expect(offline.address).toContain('127.0.0.1');
    expect(offline.since).not.toBeNull();
    // The catalog copied from the shop database.
    expect((await a.ok<{ items: { code: string }[] }>('catalog.search', { q: 'arroz' })).items.map((p) => p.code)).toEqual([
      'ARR1',
    ]);
    const customers = await a.ok<{ items: { nombre: string }[] }>('customers.search', { q: 'ferre' });
    expect(customers.items.map((customer) => customer.nombre)).toEqual(['Ferretería']);
    const refused = await a.fails('catalog.save', { product: { ...RICE, code: 'ARR2' } });
    expect(refused).toMatchObject({ code: 'conflict', details: { reason: 'offline' } });
    expect(refused.message).toMatch(/sin la caja principal/);

    // The cashiers and their PINs are in the copy: the shift open at the cut goes on.
    await a.ok('cashiers.signIn', { pin: '1234' });
    const sold = await a.ok<{ state: string; idempotency_key: string }>('fe.submit', {
      ...consumerSale(20_000, 'cash'),
      payments: [{ method_id: 1, means: '10', label: 'Efectivo', amount: '23800.00', received: '30000.00', change: '6200.00' }],
    });
    expect(sold.state).toBe('accepted');
    offlineKey = sold.idempotency_key;
    await a.ok('shifts.move', { kind: 'in', amount: 7_000, reason: 'Cambio sin caja principal' });
    await waitUntil(
      () => history(a),
      (page) => page.total === 1,
      { what: 'the offline sale in the copy’s history' },
    );
    // The internet down too: the next sale is queued for contingency, numbered by this register. (The
    // first sale of an outage may ride a kept-alive connection the outage cut: then it is in doubt,
    // a submission in flight, and the next one is queued.)
    await a.ok('sandbox.setOutage', { mode: 'refuse' });
    let queued = await a.ok<Submission>('fe.submit', consumerSale(5_000, 'card'));
    if (!queued.contingency) queued = await a.ok<Submission>('fe.submit', consumerSale(6_000, 'card'));
    expect(queued.contingency?.local_ref).toMatch(/^CONT-[0-9A-Z]{8}-\d{6}$/);
    queuedRef = queued.contingency!.local_ref;
    // The copy as it stands before any handover, kept aside (SQLite's online backup).
    mkdirSync(spare, { recursive: true });
    const db = new Database(shopCopyFile(home('caja-a')));
    await db.backup(join(spare, 'shop-copy.sqlite'));
    db.close();
  });

  it('the server back: the sale, its history row, its payment and the cash movement handed over exactly once', async () => {
    await shop.resume();
    await waitUntil(
      () => statusNow(a),
      (seen) => seen !== null && !seen.offline,
      { what: 'caja A back on the shop database' },
    );
    const sales = await query<{ id: number; state: string; claimed_by: string | null }>(
      'SELECT id, state, claimed_by FROM submissions WHERE idempotency_key = $1',
      [offlineKey],
    );
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ state: 'accepted', claimed_by: null });
    const id = sales[0]!.id;
    // BIGINT reads as text through a bare pg client.
    offlineSaleId = Number(id);
    expect(await query('SELECT 1 FROM history_documents WHERE submission_id = $1', [id])).toHaveLength(1);
    expect(await query('SELECT amount, received, change FROM sale_payments WHERE submission_id = $1', [id])).toEqual([
      { amount: '23800.00', received: '30000.00', change: '6200.00' },
    ]);
    // The sale belongs to the shift that was open at the cut, as does the movement.
    const shift = await query<{ shift_id: number }>('SELECT shift_id FROM shift_sales WHERE submission_id = $1', [id]);
    expect(shift).toHaveLength(1);
    const moved = await query<{ shift_id: number }>(
      "SELECT shift_id FROM shift_movements WHERE reason = 'Cambio sin caja principal'",
    );
    expect(moved).toEqual(shift);
    expect(await query('SELECT 1 FROM shifts WHERE closed_at IS NULL')).toHaveLength(1);
    // The queued sale, with its submission, in the shop's contingency queue once.
    const inQueue = await query<{ submission_id: number }>('SELECT submission_id FROM outbox WHERE local_ref = $1', [queuedRef]);
    expect(inQueue).toHaveLength(1);
    expect(await query('SELECT 1 FROM submissions WHERE id = $1', [inQueue[0]!.submission_id])).toHaveLength(1);
    // The timeline is the register's own, not a second one written by the shop database's trigger.
    const events = await query<{ state: string }>('SELECT state FROM submission_events WHERE submission_id = $1 ORDER BY id', [
      id,
    ]);
    expect(events.at(-1)?.state).toBe('accepted');
    expect(events.filter((event) => event.state === 'accepted')).toHaveLength(1);
    // The copy taken again from the shop database, with nothing waiting.
    await waitUntil(
      () => copyState('caja-a'),
      (state) => state !== null && state.offline_since === null,
      { what: 'a new shop copy of caja A' },
    );
  });

  it('the other register sees the sale in its history', async () => {
    await waitUntil(
      () => history(b),
      (page) => page.items.some((row) => row.submission_id === offlineSaleId && row.estado_dian === 'aceptado'),
      { what: 'the offline sale in caja B’s history' },
    );
  });

  it('the same handover again (cut short after its commit) adds nothing, and the register opens on the shop database', async () => {
    const before = await shopCounts();
    await close(a);
    rmSync(join(home('caja-a'), SHOP_COPY_FOLDER), { recursive: true, force: true });
    cpSync(spare, join(home('caja-a'), SHOP_COPY_FOLDER), { recursive: true });
    a = await serve('caja-a');
    expect(await status(a)).toMatchObject({ offline: false });
    expect(await shopCounts()).toEqual(before);
  });

  it('mid-day: the server stopped under a running register: its request says the connection was lost, then it sells on its copy until the server is back', async () => {
    await waitUntil(
      () => copyState('caja-a'),
      (state) => state !== null && state.offline_since === null && state.copied_shift_id !== null,
      { what: 'a new shop copy of caja A with its open shift' },
    );
    await shop.pause();
    const lost = await a.call('history.list', { filter: {}, offset: 0, limit: 50 });
    expect(lost).toMatchObject({ ok: false, error: { code: 'store_unavailable', details: { reason: 'connection_lost' } } });
    await waitUntil(
      () => statusNow(a),
      (seen) => seen?.offline === true,
      { what: 'caja A on its copy' },
    );
    await a.ok('cashiers.signIn', { pin: '1234' });
    const sold = await a.ok<{ state: string; idempotency_key: string }>('fe.submit', consumerSale(30_000, 'card'));
    expect(sold.state).toBe('accepted');
    await shop.resume();
    await waitUntil(
      () => statusNow(a),
      (seen) => seen !== null && !seen.offline,
      { what: 'caja A back on the shop database' },
    );
    const sales = await query<{ id: number }>('SELECT id FROM submissions WHERE idempotency_key = $1', [sold.idempotency_key]);
    expect(sales).toHaveLength(1);
    // In the shift open at the cut, the one open shift of the register.
    const shift = await query<{ shift_id: number }>('SELECT shift_id FROM shift_sales WHERE submission_id = $1', [sales[0]!.id]);
    expect(shift).toEqual(await query('SELECT id AS shift_id FROM shifts WHERE closed_at IS NULL'));
  });

  it('a row of the same key with other content stops the handover: nothing changes, the register sells on its copy and says why', async () => {
    await close(a);
    rmSync(join(home('caja-a'), SHOP_COPY_FOLDER), { recursive: true, force: true });
    cpSync(spare, join(home('caja-a'), SHOP_COPY_FOLDER), { recursive: true });
    await query("UPDATE submissions SET payload_hash = 'otro' WHERE idempotency_key = $1", [offlineKey]);
    const before = await shopCounts();
    a = await serve('caja-a');
    const seen = await status(a);
    expect(seen).toMatchObject({ offline: true });
    expect(seen.problem).toMatch(/ya tiene un documento con la misma clave/);
    expect(await shopCounts()).toEqual(before);
    expect(copyState('caja-a')).toMatchObject({ handed_over_at: null });
  });
});
