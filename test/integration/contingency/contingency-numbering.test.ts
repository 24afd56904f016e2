// The shop's contingency numbering (contingency type 3): a sale queued while the service cannot be
// reached takes the next number of the contingency resolution in the issuer profile, in the commit
// that queues it; its ticket prints that number; once the service is back, the invoice the server
// creates is the DIAN's type 03 with that number and a reference to the ticket. A SIGKILL between
// queueing and printing never lets a number be given twice. Real core on both engines (the data
// folder's SQLite file, a shop's PostgreSQL named by `--database`), real sandbox over loopback HTTP
// behind a proxy that refuses connections (one of each per engine); the sandbox's clock is a fake one.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type CoreOptions } from '#core/core';
import { ticketRef } from '#core/submissions/contingency-tickets';
import { CRASH_ENV, OUTBOX_CRASH_POINT } from '#core/submissions/crash';
import type { HistoryDetail, IssuerProfile } from '#shared/rpc/methods/history';
import type { OutboxStatus } from '#shared/rpc/methods/outbox';
import type { Submission } from '#shared/rpc/methods/submissions';
import { formatContingencyReference, ticketReference } from '#shared/fe/contingency-reference';
import { readXml, textAt } from '#sandbox/authority/xml-tree';
import { settableClock } from '#sandbox/clock';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { runCli } from '#test/core/cli';
import { startFaultProxy, type FaultProxy } from '#test/fault-proxy';
import { realKeychain } from '#test/keychain';
import { feBody, SANDBOX_NOW } from '#test/requests/numbered';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '#test/seed';
import { tempDir } from '#test/temp';
import { ENGINE_KINDS } from '#test/engines';
import { shopLedgers, type ShopLedgers } from '#test/core/shop-ledgers';

const NEXT_DAY = '2026-11-21T09:00:00-05:00';
const sandboxClock = settableClock(SANDBOX_NOW);
let dir: ReturnType<typeof tempDir>;
let sandbox: RunningSandbox;
let proxy: FaultProxy;
let ledgers: ShopLedgers;
const sandboxData = () => join(dir.path, 'sandbox');

const PROFILE: IssuerProfile = {
  nombre: 'Tienda Prueba S.A.S.',
  nit: '900123456',
  dv: '8',
  direccion: 'Calle 1 # 2-3',
  ciudad: 'Bogotá',
  email: '',
  telefono: '',
  logo: '',
  resolucion: null,
  contingencia: {
    numero: '18764000001',
    desde: '2026-01-01',
    hasta: '2027-12-31',
    prefijo: 'CT',
    rango_desde: 1,
    rango_hasta: 3,
  },
  plan: 'ilimitado',
};

async function open(home: string, secrets: CoreOptions['secrets'], clock: () => Date) {
  const core = await openCore({ home, secrets, transport: 'cli', clock, choice: await ledgers.choiceOf(home) });
  let next = 1;
  const ok = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await core.dispatch({ id: next++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  return { core, ok };
}

type App = Awaited<ReturnType<typeof open>>;

async function connect(app: App, profile: IssuerProfile | null) {
  const connection = await app.ok<{ id: number }>('connections.create', {
    label: 'Empresa A',
    kind: 'sandbox',
    base_url: proxy.url('/api/v1'),
    company_id: COMPANY_A,
  });
  await app.ok('connections.setToken', { id: connection.id, token: TOKENS.a });
  await app.ok('connections.activate', { id: connection.id });
  if (profile) await app.ok('history.setIssuer', profile);
}

function ticketsOf(home: string) {
  return ledgers.read<{ submission_id: number; ticket_number: number | null; ticket_problem: string | null }>(
    home,
    'SELECT submission_id, ticket_number, ticket_problem FROM outbox ORDER BY id',
  );
}

function serverFe(draftKey: string): { doc: Record<string, unknown>; estado: string } {
  const db = new Database(join(sandboxData(), 'sandbox.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT doc, estado_dian FROM fe_documents WHERE draft_key = ?').get(draftKey) as {
      doc: string;
      estado_dian: string;
    };
    return { doc: JSON.parse(row.doc) as Record<string, unknown>, estado: row.estado_dian };
  } finally {
    db.close();
  }
}

/**
 * The first sale of an outage: it may ride a kept-alive connection the outage cut, and is then in
 * doubt (never queued, confirmed later with its key); the next one is provably unsent and queued.
 */
async function firstQueued(app: App, request: Record<string, unknown>): Promise<Submission> {
  const sale = await app.ok<Submission>('fe.submit', { request });
  if (sale.contingency) return sale;
  return app.ok<Submission>('fe.submit', {
    request: { ...request, receptor: { ...(request.receptor as object), nombre: 'Otro cliente' } },
  });
}

async function transmitAll(app: App): Promise<void> {
  // The proxy's port may take a moment to accept again: a refused pass sends nothing.
  for (let round = 0; round < 10; round += 1) {
    const pass = await app.ok<{ queued: number }>('outbox.transmit', {});
    if (pass.queued === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the outbox did not empty');
}

describe.each(ENGINE_KINDS)('contingency tickets numbered by the shop’s contingency resolution (%s)', (kind) => {
  beforeAll(async () => {
    dir = tempDir('factura-desk-contingency-numbering-');
    sandbox = await startSandbox({ seed: reliabilitySeed(), clock: sandboxClock, settleMs: 50, dataDir: sandboxData() });
    proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
    ledgers = shopLedgers(kind);
  });
  afterAll(async () => {
    await ledgers?.close();
    await proxy?.close();
    await sandbox?.close();
    dir?.remove();
  });

  it('queue during an outage -> ticket CT1, CT2 -> recovery -> the server’s invoice is type 03 with that number and its reference', async () => {
    sandboxClock.set(SANDBOX_NOW);
    const home = join(dir.path, 'home-sale');
    let now = new Date(SANDBOX_NOW);
    const app = await open(home, (await import('#test/core/memory-secrets')).memorySecrets(), () => now);
    await proxy.setFault('refuse');
    await connect(app, PROFILE);
    const first = await firstQueued(app, { ...feBody(1), observaciones: 'Mesa 4' });
    const second = await app.ok<Submission>('fe.submit', { request: feBody(2) });
    expect(first.contingency).toMatchObject({ ticket: 'CT1', ticket_problem: null });
    expect(second.contingency).toMatchObject({ ticket: 'CT2' });

    // What the counter prints before transmission carries the ticket's number.
    const printed = await app.ok<HistoryDetail>('history.contingencyDetail', { submission_id: first.id });
    expect(printed.submission?.contingency?.ticket).toBe('CT1');
    expect(String(printed.request?.observaciones)).toContain('Contingencia tipo 3: talonario CT-1 del 2026-11-20 10:00:00.');
    const status = await app.ok<OutboxStatus>('outbox.status', {});
    expect(status.items.map((i) => i.ticket)).toEqual(['CT1', 'CT2']);
    expect(status.numbering_notice).toBeNull();

    // The next day the service is back.
    now = new Date(NEXT_DAY);
    sandboxClock.set(NEXT_DAY);
    await proxy.setFault('none');
    await transmitAll(app);
    await app.core.close();

    const server = serverFe(first.idempotency_key);
    expect(server.estado).toBe('aceptado');
    expect(server.doc).toMatchObject({ prefijo: 'CT', consecutivo: 1, tipo_factura: '03', es_contingencia: true });
    expect(String(server.doc.observaciones)).toMatch(/^Mesa 4\nContingencia tipo 3: talonario CT-1 /);
    const xml = readXml(readFileSync(join(sandboxData(), String(server.doc.xml_path)), 'utf8'));
    expect(textAt(xml, 'cbc:InvoiceTypeCode')).toBe('03');
    expect(textAt(xml, 'cbc:ID')).toBe('CT1');
    expect(textAt(xml, 'cbc:IssueDate')).toBe('2026-11-21');
    expect(textAt(xml, 'cac:AdditionalDocumentReference', 'cbc:IssueDate')).toBe('2026-11-20');
    expect(serverFe(second.idempotency_key).doc).toMatchObject({ consecutivo: 2, tipo_factura: '03' });
  });

  it('without a numbering the sale still queues, the banner says what is missing, and the DIAN’s rejection names it', async () => {
    sandboxClock.set(SANDBOX_NOW);
    const home = join(dir.path, 'home-none');
    const app = await open(home, (await import('#test/core/memory-secrets')).memorySecrets(), () => new Date(SANDBOX_NOW));
    await proxy.setFault('refuse');
    await connect(app, { ...PROFILE, contingencia: null });
    const sale = await firstQueued(app, feBody(3));
    expect(sale.contingency).toMatchObject({ ticket: null });
    expect(sale.contingency?.ticket_problem).toMatch(/^Sin número de contingencia: no hay numeración de contingencia/);
    const status = await app.ok<OutboxStatus>('outbox.status', {});
    expect(status.numbering_notice).toMatch(/^Sin número de contingencia/);
    await proxy.setFault('none');
    await transmitAll(app);
    const settled = await app.ok<Submission>('submissions.get', { id: sale.id });
    expect(settled.state).toBe('rejected');
    expect(settled.error?.message).toContain('SBX-CTG01');
    await app.core.close();
  });

  it('the range used up: the sale queues without a number and says so', async () => {
    const home = join(dir.path, 'home-full');
    const app = await open(home, (await import('#test/core/memory-secrets')).memorySecrets(), () => new Date(SANDBOX_NOW));
    await proxy.setFault('refuse');
    await connect(app, { ...PROFILE, contingencia: { ...PROFILE.contingencia!, numero: '18764000002', rango_hasta: 1 } });
    const one = await firstQueued(app, feBody(4));
    const two = await app.ok<Submission>('fe.submit', { request: feBody(5) });
    expect(one.contingency?.ticket).toBe('CT1');
    expect(two.contingency).toMatchObject({ ticket: null });
    expect(two.contingency?.ticket_problem).toContain('se agotó el rango');
    const status = await app.ok<OutboxStatus>('outbox.status', {});
    expect(status.numbering_notice).toContain('se agotó');
    await app.core.close();
    await proxy.setFault('none');
  });

  it('a SIGKILL after the sale is queued, before its ticket is printed: the number stays with that sale, the next sale takes the next one', async () => {
    const home = join(dir.path, 'home-crash');
    const secrets = realKeychain();
    const setup = await open(home, secrets, () => new Date(SANDBOX_NOW));
    await connect(setup, { ...PROFILE, contingencia: { ...PROFILE.contingencia!, numero: '18764000003' } });
    await setup.core.close();
    await proxy.setFault('refuse');
    const file = join(dir.path, 'sale.json');
    writeFileSync(file, JSON.stringify(feBody(6)));
    const crashed = await runCli(home, [...(await ledgers.cliArgs(home)), 'fe', 'submit', file], {
      env: { [CRASH_ENV]: OUTBOX_CRASH_POINT },
    });
    expect(crashed.signal).toBe('SIGKILL');
    expect(await ticketsOf(home)).toEqual([expect.objectContaining({ ticket_number: 1, ticket_problem: null })]);

    const app = await open(home, secrets, () => new Date(SANDBOX_NOW));
    const next = await app.ok<Submission>('fe.submit', { request: feBody(7) });
    expect(next.contingency?.ticket).toBe('CT2');
    const [killed] = await ticketsOf(home);
    const reprinted = await app.ok<HistoryDetail>('history.contingencyDetail', { submission_id: killed!.submission_id });
    expect(reprinted.submission?.contingency?.ticket).toBe('CT1');
    expect((await ticketsOf(home)).map((t) => t.ticket_number)).toEqual([1, 2]);
    await app.core.close();
    await proxy.setFault('none');
  });

  it('a ticket typed after a paper sale is invoiced once: typed again it is refused and nothing is stored; the queue numbers past it', async () => {
    sandboxClock.set(SANDBOX_NOW);
    const home = join(dir.path, 'home-typed');
    const app = await open(home, (await import('#test/core/memory-secrets')).memorySecrets(), () => new Date(SANDBOX_NOW));
    const numbering = { ...PROFILE.contingencia!, numero: '18764000004', prefijo: 'TP', rango_hasta: 10 };
    await connect(app, { ...PROFILE, contingencia: numbering });
    const typed = (n: number) => ({
      ...feBody(n),
      es_contingencia: true,
      observaciones: formatContingencyReference(ticketReference(numbering, 1, '2026-11-20', '08:15:00')),
    });
    const paper = await app.ok<Submission>('fe.submit', { request: typed(8) });
    expect(paper.error).toBeNull();
    expect(paper.state).not.toBe('rejected');

    // The same paper ticket typed again (another clerk, another customer name): the same sale twice.
    const again = await app.core.dispatch({ id: 900, method: 'fe.submit', input: { request: typed(9) } });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.code).toBe('conflict');
    expect(!again.ok && again.error.message).toMatch(/^El talonario TP1 ya está en otra factura de esta empresa/);
    const list = await app.ok<Submission[]>('submissions.list', {});
    expect(list.map((s) => s.id)).toEqual([paper.id]);

    // An outage later the same day: the queue's first ticket is TP2, never the TP1 typed by hand.
    await proxy.setFault('refuse');
    const queued = await firstQueued(app, feBody(10));
    expect(queued.contingency?.ticket).toBe('TP2');
    await app.core.close();
    await proxy.setFault('none');
  });

  it('two sales race for one typed ticket: the other’s record lands between this sale’s check and its write, and the database refuses this one', async () => {
    sandboxClock.set(SANDBOX_NOW);
    const home = join(dir.path, 'home-race');
    const app = await open(home, (await import('#test/core/memory-secrets')).memorySecrets(), () => new Date(SANDBOX_NOW));
    const numbering = { ...PROFILE.contingencia!, numero: '18764000005', prefijo: 'RC', rango_hasta: 10 };
    await connect(app, { ...PROFILE, contingencia: numbering });
    const typed = (n: number) => ({
      ...feBody(n),
      es_contingencia: true,
      observaciones: formatContingencyReference(ticketReference(numbering, 3, '2026-11-20', '08:15:00')),
    });
    const { ledger } = app.core.parts.submissions;
    const connection = await app.ok<{ id: number }[]>('connections.list', {}).then((list) => list[0]!);

    // The other clerk's sale of the same paper ticket writes its record just before this sale's
    // write-ahead record: after this sale found the ticket free.
    const insert = ledger.insert.bind(ledger);
    const race: { armed: boolean; other?: number } = { armed: true };
    ledger.insert = async (...args) => {
      if (race.armed) {
        race.armed = false;
        const body = Buffer.from(JSON.stringify({ ...typed(11), draft_key: 'fe-other-clerk' }), 'utf8');
        const other = await insert({
          connectionId: connection.id,
          baseUrl: proxy.url('/api/v1'),
          companyId: COMPANY_A,
          kind: 'FE',
          key: 'fe-other-clerk',
          endpointPath: `/companies/${COMPANY_A}/fe/facturas`,
          body,
          payloadHash: 'other',
          counterpart: 'Otro cliente',
          ticketRef: ticketRef({ resolution: numbering.numero, prefix: numbering.prefijo, number: 3 }),
        });
        race.other = other.id;
      }
      return insert(...args);
    };
    const mine = await app.core.dispatch({ id: 901, method: 'fe.submit', input: { request: typed(12) } });
    ledger.insert = insert;

    expect(race.other, JSON.stringify(mine)).toBeDefined();
    expect(mine.ok).toBe(false);
    expect(!mine.ok && mine.error.code).toBe('conflict');
    expect(!mine.ok && mine.error.message).toMatch(/^El talonario RC3 ya está en otra factura de esta empresa/);
    expect(!mine.ok && mine.error.details).toEqual({ submission_id: race.other });
    // Nothing of the refused sale was stored: the ledger holds the other clerk's sale alone.
    const list = await app.ok<Submission[]>('submissions.list', {});
    expect(list.map((s) => s.id)).toEqual([race.other]);
    await app.core.close();
  });
});
