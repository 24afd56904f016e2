// The shop keeps selling while the service cannot be reached. Real core on a real SQLite
// file, real sandbox over loopback HTTP, the fault proxy refusing connections for the outage.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { startFaultProxy, type FaultProxy } from '#test/fault-proxy';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '#test/seed';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';
import { memorySecrets } from '#test/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '#test/requests/numbered';
import { reconcile, scopedTo, serverDocuments, type LedgerRow } from '#test/reliability/harness';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';
import { contingencyProfile } from '#test/contingency';

interface Sub {
  id: number;
  kind: 'FE' | 'DSE';
  state: string;
  idempotency_key: string;
  document_id: number | null;
  contingency?: { local_ref: string; deadline_at: string; transmitted_at: string | null } | null;
}

let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let proxy: FaultProxy;
const sandboxData = () => join(dir.path, 'sandbox');

beforeAll(async () => {
  dir = tempDir('factura-desk-contingency-');
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 50, dataDir: sandboxData() });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  dir?.remove();
});

describe.each(ENGINE_KINDS)('on %s', (kind) => {
  let ledgers: ShopLedgers;
  beforeAll(() => {
    ledgers = shopLedgers(kind);
  });
  afterAll(async () => {
    await ledgers?.close();
  });

  /** The ledger's rows of a data folder, as the reliability harness reads them. */
  const ledgerRows = (home: string) =>
    ledgers.read<LedgerRow>(home, 'SELECT id, kind, idempotency_key, state, document_id, attempts FROM submissions ORDER BY id');

  async function open(home: string, secrets: ReturnType<typeof memorySecrets>, clock: () => Date) {
    const core = createCore({ home, secrets, transport: 'cli', clock, ...(await ledgers.engineOf(home)) });
    // As a host on the shop's database does before serving (on SQLite, createCore read them already).
    await core.parts.connections.load();
    let next = 1;
    const ok = async <T>(method: string, input: unknown): Promise<T> => {
      const reply = await core.dispatch({ id: next++, method, input });
      if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
      return reply.output as T;
    };
    return { core, ok };
  }

  async function connect(ok: <T>(method: string, input: unknown) => Promise<T>) {
    const connection = await ok<{ id: number }>('connections.create', {
      label: 'Empresa A',
      kind: 'sandbox',
      base_url: proxy.url('/api/v1'),
      company_id: COMPANY_A,
    });
    await ok('connections.setToken', { id: connection.id, token: TOKENS.a });
    await ok('connections.activate', { id: connection.id });
    await ok('history.setIssuer', contingencyProfile());
  }

  /**
   * A shop whose sandbox already lives on the next day (00:30 in Bogotá), behind a proxy that refuses
   * connections: the client sells at 23:50 the day before, then its clock moves past midnight.
   */
  async function acrossMidnight(name: string) {
    const sandboxDir = join(dir.path, kind, `sandbox-${name}`);
    const next = await startSandbox({
      seed: reliabilitySeed(),
      now: '2026-11-21T00:30:00-05:00',
      settleMs: 50,
      dataDir: sandboxDir,
    });
    const nextProxy = await startFaultProxy(new URL(next.baseUrl).origin);
    const home = join(dir.path, kind, `home-${name}`);
    let now = new Date('2026-11-20T23:50:00-05:00');
    const app = await open(home, memorySecrets(), () => now);
    const connection = await app.ok<{ id: number }>('connections.create', {
      label: 'Empresa A',
      kind: 'sandbox',
      base_url: nextProxy.url('/api/v1'),
      company_id: COMPANY_A,
    });
    await app.ok('connections.setToken', { id: connection.id, token: TOKENS.a });
    await app.ok('connections.activate', { id: connection.id });
    await app.ok('history.setIssuer', contingencyProfile());
    await nextProxy.setFault('refuse');
    return {
      app,
      home,
      sandboxDir,
      /** 00:30 the next day, the service back. */
      async afterMidnight() {
        now = new Date('2026-11-21T00:30:00-05:00');
        await nextProxy.setFault('none');
      },
      async close() {
        await app.core.close();
        await nextProxy.close();
        await next.close();
      },
    };
  }

  function outboxOrder(home: string): Promise<{ id: number; submission_id: number; kind: string; local_ref: string }[]> {
    return ledgers.read(home, 'SELECT id, submission_id, kind, local_ref FROM outbox ORDER BY id');
  }

  function sandboxFeContingency(keys: string[]): Map<string, number> {
    const db = new Database(join(sandboxData(), 'sandbox.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const out = new Map<string, number>();
      for (const key of keys) {
        const row = db
          .prepare(`SELECT json_extract(doc, '$.es_contingencia') AS c FROM fe_documents WHERE draft_key = ?`)
          .get(key) as { c: number } | undefined;
        if (row) out.set(key, Number(row.c));
      }
      return out;
    } finally {
      db.close();
    }
  }

  describe('contingency outbox through an outage', () => {
    it('50 sales (FE and DSE) across an outage and a restart: each transmitted exactly once, in order, none lost', async () => {
      const home = join(dir.path, kind, 'home-outage');
      const secrets = memorySecrets();
      const clock = () => new Date(SANDBOX_NOW);
      let app = await open(home, secrets, clock);
      await connect(app.ok);
      const sell = (n: number) =>
        n % 2 === 0
          ? app.ok<Sub>('fe.submit', { request: feBody(500 + n) })
          : app.ok<Sub>('dse.submit', { request: dseBody(500 + n) });
      const results: Sub[] = [];

      await proxy.setFault('none');
      for (let n = 0; n < 5; n += 1) results.push(await sell(n));
      expect(results.every((s) => s.state === 'accepted' && !s.contingency)).toBe(true);

      await proxy.setFault('refuse');
      for (let n = 5; n < 30; n += 1) results.push(await sell(n));
      // A kept-alive connection the outage cut may have carried the first request of the outage: that
      // one is "in doubt" (never queued, never created again), all the others are provably unsent.
      const doubtful = results.slice(5).filter((s) => !s.contingency);
      expect(doubtful.length).toBeLessThanOrEqual(1);
      expect(doubtful.every((s) => s.state === 'in_doubt')).toBe(true);
      // The service is still down: a transmission on demand sends nothing and loses nothing.
      const stillDown = await app.ok<{ transmitted: number; queued: number; reachable: boolean | null }>('outbox.transmit', {});
      expect(stillDown).toMatchObject({ transmitted: 0, queued: 25 - doubtful.length, reachable: false });

      // The app is closed and opened again in the middle of the outage.
      await app.core.close();
      app = await open(home, secrets, clock);
      await app.core.startBackground();
      for (let n = 30; n < 50; n += 1) results.push(await sell(n));

      const queued = results.slice(5).filter((s) => s.contingency);
      expect(queued).toHaveLength(45 - doubtful.length);
      // Behind a non-empty outbox every sale is queued (order), even the first after the restart.
      expect(results.slice(30).every((s) => s.contingency)).toBe(true);
      expect(queued.every((s) => s.state === 'in_doubt' && s.contingency?.local_ref.startsWith('CONT-'))).toBe(true);
      const status = await app.ok<{
        queued: number;
        last_check_at: string | null;
        items: { local_ref: string; level: string }[];
      }>('outbox.status', {});
      expect(status.queued).toBe(queued.length);
      expect(status.last_check_at).not.toBeNull();
      expect(new Set(status.items.map((i) => i.local_ref)).size).toBe(queued.length);
      // Nothing of the queued sales reached the server during the outage.
      const during = serverDocuments(sandboxData(), COMPANY_A);
      for (const s of queued) expect((s.kind === 'FE' ? during.feByKey : during.dseByKey).has(s.idempotency_key)).toBe(false);

      await proxy.setFault('none');
      // The periodic probe's work, on demand: passes until the outbox is empty (the proxy's port may take
      // a moment to accept again; a refused pass sends nothing).
      let transmitted = 0;
      let failed = 0;
      await waitUntil(
        async () => {
          const pass = await app.ok<{ transmitted: number; queued: number; failed: number }>('outbox.transmit', {});
          transmitted += pass.transmitted;
          failed += pass.failed;
          return pass.queued;
        },
        (left) => left === 0 || failed > 0,
        { what: 'the outbox empty' },
      );
      expect({ transmitted, failed }).toEqual({ transmitted: queued.length, failed: 0 });
      // The one in doubt, if any, is confirmed with its own key (sent again with the same bytes).
      await app.ok('submissions.resume', {});
      await app.core.close();

      const rows = await ledgerRows(home);
      expect(rows).toHaveLength(50);
      const server = scopedTo(rows, serverDocuments(sandboxData(), COMPANY_A));
      expect(reconcile(rows, server)).toEqual({ operations: 50, duplicates: 0, lost: 0, open: 0, mismatched: 0 });
      expect(rows.every((r) => r.state === 'accepted')).toBe(true);

      // In order: per kind, the server's document ids follow the order of the sales.
      const order = await outboxOrder(home);
      expect(order).toHaveLength(queued.length);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const kind of ['FE', 'DSE'] as const) {
        const ids = results.filter((s) => s.kind === kind && !doubtful.includes(s)).map((s) => byId.get(s.id)!.document_id!);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
      expect(order.map((o) => o.submission_id)).toEqual(queued.map((s) => s.id));
      // The FE sales of the outage are contingency invoices on the server; the first ones are not.
      const flags = sandboxFeContingency(results.filter((s) => s.kind === 'FE').map((s) => s.idempotency_key));
      for (const s of results.filter((r) => r.kind === 'FE')) expect(flags.get(s.idempotency_key)).toBe(s.contingency ? 1 : 0);
    }, 120_000);

    it('a DSE held in the outbox past midnight (Colombia) is re-dated under a new key, the old key never sent', async () => {
      const shop = await acrossMidnight('midnight');
      const { app, home } = shop;
      try {
        const held = await app.ok<Sub>('dse.submit', { request: { ...dseBody(900), fecha_documento: '2026-11-20' } });
        expect(held.contingency?.local_ref).toMatch(/^CONT-/);

        await shop.afterMidnight();
        const pass = await app.ok<{ transmitted: number; queued: number }>('outbox.transmit', {});
        expect(pass).toMatchObject({ transmitted: 1, queued: 0 });

        const old = await app.ok<Sub>('submissions.get', { id: held.id });
        expect(old.state).toBe('failed');
        const rows = await ledgerRows(home);
        expect(rows).toHaveLength(2);
        const redated = rows.find((r) => r.id !== held.id)!;
        expect(redated.idempotency_key).not.toBe(held.idempotency_key);
        expect(redated.state).toBe('accepted');
        const server = serverDocuments(shop.sandboxDir, COMPANY_A);
        expect(server.dseByKey.has(held.idempotency_key)).toBe(false);
        expect(server.dseByKey.get(redated.idempotency_key)).toHaveLength(1);
        const [stored] = await ledgers.read<{ request_body: Buffer }>(
          home,
          'SELECT request_body FROM submissions WHERE id = $1',
          [redated.id],
        );
        const body = JSON.parse(String(stored!.request_body)) as { fecha_documento: string };
        expect(body.fecha_documento).toBe('2026-11-21');
      } finally {
        await shop.close();
      }
    }, 60_000);

    it('a credit DSE due on the sale day, its accounting due date too, queued at 23:50 and sent at 00:30: re-dated and accepted once', async () => {
      const shop = await acrossMidnight('midnight-credit');
      const { app, home, sandboxDir } = shop;
      try {
        const sale = {
          ...dseBody(960),
          fecha_documento: '2026-11-20',
          forma_pago: '2',
          fecha_vencimiento: '2026-11-20',
          fecha_vencimiento_contable: '2026-11-20',
        };
        const held = await app.ok<Sub>('dse.submit', { request: sale });
        expect(held.contingency?.local_ref).toMatch(/^CONT-/);

        await shop.afterMidnight();
        const pass = await app.ok<{ transmitted: number; failed: number; queued: number }>('outbox.transmit', {});
        expect(pass).toMatchObject({ transmitted: 1, queued: 0 });

        const rows = await ledgerRows(home);
        expect(rows).toHaveLength(2);
        const redated = rows.find((r) => r.id !== held.id)!;
        expect(redated.state).toBe('accepted');
        // Exactly one document on the server, under the new key; the old key never reached it.
        const server = serverDocuments(sandboxDir, COMPANY_A);
        expect(server.dseCreated).toBe(1);
        expect(server.dseByKey.has(held.idempotency_key)).toBe(false);
        expect(server.dseByKey.get(redated.idempotency_key)).toHaveLength(1);
        const db = new Database(join(sandboxDir, 'sandbox.sqlite'), { readonly: true });
        const doc = db
          .prepare(
            `SELECT json_extract(doc, '$.document_date') AS date, json_extract(doc, '$.accounting_due_date') AS accounting
           FROM dse_documents WHERE id = ?`,
          )
          .get(server.dseByKey.get(redated.idempotency_key)![0]) as { date: string; accounting: string };
        db.close();
        expect(doc).toEqual({ date: '2026-11-21', accounting: '2026-11-21' });
      } finally {
        await shop.close();
      }
    }, 60_000);

    it('a queued DSE that may have been sent (an attempt written ahead, its outcome lost) is not re-dated past midnight: its own key is asked first', async () => {
      const home = join(dir.path, kind, 'home-midnight-doubt');
      let now = new Date('2026-11-20T23:50:00-05:00');
      const app = await open(home, memorySecrets(), () => now);
      try {
        await connect(app.ok);
        await proxy.setFault('refuse');
        const held = await app.ok<Sub>('dse.submit', { request: { ...dseBody(950), fecha_documento: '2026-11-20' } });
        expect(held.contingency?.local_ref).toMatch(/^CONT-/);
        // An outbox pass wrote its attempt ahead and the app died before the outcome: the ledger can no
        // longer prove that nothing left.
        await app.core.parts.submissions.ledger.markSending(held.id);

        now = new Date('2026-11-21T00:30:00-05:00');
        await proxy.setFault('none');
        await waitUntil(
          async () => (await app.ok<{ queued: number }>('outbox.transmit', {})).queued,
          (left) => left === 0,
          { what: 'the outbox empty' },
        );
        const rows = await ledgerRows(home);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ id: held.id, idempotency_key: held.idempotency_key, state: 'accepted' });
        const server = serverDocuments(sandboxData(), COMPANY_A);
        expect(server.dseByKey.get(held.idempotency_key)).toHaveLength(1);
      } finally {
        await app.core.close();
      }
    }, 60_000);

    it('prints a queued invoice at once: the sale as recorded, with its local reference and no number or CUFE yet', async () => {
      const home = join(dir.path, kind, 'home-receipt');
      const app = await open(home, memorySecrets(), () => new Date(SANDBOX_NOW));
      await connect(app.ok);
      await proxy.setFault('none');
      const accepted = await app.ok<Sub>('fe.submit', { request: feBody(900) });
      const dse = await app.ok<Sub>('dse.submit', { request: dseBody(901) });
      await proxy.setFault('refuse');
      const body = feBody(902);
      // Three lines under the shared rule: IVA 19 on a net price, INC 8, IVA 19 on a price with tax.
      body.items = [
        { desc: 'Arroz', cant: 2, unit: 4_200, iva: 19, iva_incluido: false, unit_input: 4_200 },
        { desc: 'Almuerzo', cant: 1, unit: 18_000, iva: 8, iva_incluido: false, unit_input: 18_000 },
        { desc: 'Gaseosa', cant: 3, unit: 2_521.01, iva: 19, iva_incluido: true, unit_input: 3_000 },
      ];
      body.subtotal = 8_400 + 18_000 + 7_563.03;
      body.impuestos = 1_596 + 1_440 + 1_436.97;
      body.total = 9_996 + 19_440 + 9_000;
      // The first request of an outage may ride a kept-alive connection the outage cut (in doubt, never
      // queued); behind a non-empty outbox every sale is queued, so the three-line sale goes in second.
      let first = await app.ok<Sub>('fe.submit', { request: feBody(903) });
      if (!first.contingency) first = await app.ok<Sub>('fe.submit', { request: feBody(904) });
      expect(first.contingency).toBeTruthy();
      const queued = await app.ok<Sub>('fe.submit', { request: body });
      expect(queued.contingency).toBeTruthy();

      const receipt = await app.ok<{
        entry: { number: string; fiscal_key: string; total: string; issue_date: string };
        document: { es_contingencia: boolean; items: { base_imponible: string; impuesto: string; codigo_impuesto: string }[] };
        submission: { id: number };
      }>('history.contingencyDetail', { submission_id: queued.id });
      expect(receipt.entry.number).toBe(queued.contingency!.local_ref);
      expect(receipt.entry.fiscal_key).toBe('');
      expect(receipt.document.es_contingencia).toBe(true);
      expect(receipt.submission.id).toBe(queued.id);
      // The lines' own bases and taxes, by the rule the form and the server use, add up to the sale.
      expect(receipt.document.items.map((i) => [i.base_imponible, i.impuesto, i.codigo_impuesto])).toEqual([
        ['8400.00', '1596.00', '01'],
        ['18000.00', '1440.00', '04'],
        ['7563.03', '1436.97', '01'],
      ]);
      expect(receipt.entry.total).toBe('38436.00');

      // Only a contingency invoice of this connection has such a receipt; the others print from Historial.
      for (const other of [accepted, dse]) {
        const reply = await app.core.dispatch({
          id: 9_000 + other.id,
          method: 'history.contingencyDetail',
          input: { submission_id: other.id },
        });
        expect(reply.ok).toBe(false);
        if (!reply.ok) {
          expect(reply.error.code).toBe('not_found');
          expect(reply.error.message).toContain('no es una factura de contingencia');
        }
      }
      await proxy.setFault('none');
      await app.core.close();
    });
  });
});
