// The sandbox's contingency as DIAN models it (docs/SANDBOX.md, "Contingency"), over HTTP: a type 03
// invoice numbered by the ticket printed at the sale and referring to it, accepted within 48 hours
// of the problem being solved; each of DIAN's rejections (missing reference, a number outside the
// contingency range or received twice, too late, a type 04 whose generation and signing days differ
// or that was signed while the authority was up). The server's clock is a fake one the test moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatContingencyReference, type ContingencyNumbering } from '#shared/fe/index';
import { readXml, textAt } from '#sandbox/authority/xml-tree';
import { settableClock } from '#sandbox/clock';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { feBody, newKey } from '#test/requests/conformance';
import { apiClient, type ApiClient } from '#test/sandbox/http';
import { conformanceSeed } from '#test/seed';
import { tempDir } from '#test/temp';

const HOUR = 3_600_000;
const SALE_DAY = '2026-11-20';
const clock = settableClock(`${SALE_DAY}T10:00:00-05:00`);
const dir = tempDir('sandbox-contingency-');
let sandbox: RunningSandbox;
let api: ApiClient;

const NUMBERING: ContingencyNumbering = {
  resolution: '18764000001',
  prefix: 'CT',
  from: 1,
  to: 5000,
  validFrom: '2026-01-01',
  validTo: '2027-12-31',
};

let ticket = 100;
/** A sale printed on a contingency ticket at `time` of `date`; its number is new unless given. */
function ticketBody(options: { date?: string; time?: string; number?: number; numbering?: ContingencyNumbering } = {}) {
  ticket += 1;
  const date = options.date ?? SALE_DAY;
  return feBody({
    draft_key: newKey('fe-cont'),
    es_contingencia: true,
    fecha_emision: date,
    observaciones: `Mesa 4. ${formatContingencyReference({
      type: '3',
      number: options.number ?? ticket,
      date,
      time: options.time ?? '10:15:00',
      numbering: options.numbering ?? NUMBERING,
    })}`,
  });
}

type Created = { ok: boolean; factura_id: number; numero: string; prefijo: string; consecutivo: number; error?: string };
type Rejection = Created & { dian: { errores: { regla: string; campo: string | null }[] } };

async function post(body: Record<string, unknown>) {
  return api.post<Rejection>('/fe/facturas', body);
}

function rules(answer: { body: Rejection }): string[] {
  return answer.body.dian.errores.map((e) => e.regla);
}

async function xmlOf(id: number) {
  const doc = (await api.get<{ doc: { xml_path: string } }>(`/fe/docs/${id}`)).body.doc;
  return readXml(readFileSync(join(dir.path, doc.xml_path), 'utf8'));
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: conformanceSeed(), clock, dataDir: dir.path, settleMs: 50 });
  api = apiClient(sandbox.baseUrl);
});
afterAll(async () => {
  await sandbox?.close();
  dir.remove();
});
beforeEach(() => {
  clock.set(`${SALE_DAY}T10:00:00-05:00`);
});

describe('the issuer’s contingency (InvoiceTypeCode 03)', () => {
  it('is numbered by the ticket, generated and signed the day it arrives, and refers to the ticket', async () => {
    clock.set('2026-11-21T08:30:00-05:00');
    const sent = await post(ticketBody({ number: 7, time: '18:40:00' }));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ prefijo: 'CT', consecutivo: 7, numero: 'CT7' });
    const xml = await xmlOf(sent.body.factura_id);
    expect(textAt(xml, 'cbc:InvoiceTypeCode')).toBe('03');
    expect(textAt(xml, 'cbc:ID')).toBe('CT7');
    expect(textAt(xml, 'cbc:IssueDate')).toBe('2026-11-21');
    expect(textAt(xml, 'cac:AdditionalDocumentReference', 'cbc:ID')).toBe('CT7');
    expect(textAt(xml, 'cac:AdditionalDocumentReference', 'cbc:IssueDate')).toBe(SALE_DAY);
    expect(textAt(xml, 'cac:AdditionalDocumentReference', 'cbc:IssueTime')).toBe('18:40:00-05:00');
    const control = ['ext:UBLExtensions', 'ext:UBLExtension', 'ext:ExtensionContent', 'sts:DianExtensions', 'sts:InvoiceControl'];
    expect(textAt(xml, ...control, 'sts:InvoiceAuthorization')).toBe('18764000001');
    expect(textAt(xml, ...control, 'sts:AuthorizedInvoices', 'sts:To')).toBe('5000');
    const doc = (await api.get<{ doc: Record<string, unknown> }>(`/fe/docs/${sent.body.factura_id}`)).body.doc;
    expect(doc).toMatchObject({ tipo_dian: '01', tipo_factura: '03', es_contingencia: true });
  });

  it('without the reference to the ticket: SBX-CTG01', async () => {
    const sent = await post(feBody({ draft_key: newKey('fe-cont'), es_contingencia: true, observaciones: 'Mesa 4' }));
    expect(sent.status).toBe(422);
    expect(rules(sent)).toEqual(['SBX-CTG01']);
    expect(sent.body.dian.errores[0]!.campo).toBe('observaciones');
  });

  it('a number outside the contingency range: FAD05e', async () => {
    const sent = await post(ticketBody({ number: 5001 }));
    expect(sent.status).toBe(422);
    expect(rules(sent)).toEqual(['FAD05e']);
  });

  it('a ticket printed after its contingency resolution expired: SBX-RES01', async () => {
    clock.set('2028-01-02T09:00:00-05:00');
    const sent = await post(ticketBody({ date: '2028-01-02', time: '08:00:00' }));
    expect(sent.status).toBe(422);
    expect(rules(sent)).toEqual(['SBX-RES01']);
  });

  it('the same ticket number received twice: 90, the first one stays accepted', async () => {
    const first = await post(ticketBody({ number: 30 }));
    expect(first.status).toBe(201);
    const again = await post(ticketBody({ number: 30 }));
    expect(again.status).toBe(422);
    expect(rules(again)).toEqual(['90']);
  });

  it('48 hours after the end of the outage the sandbox simulated: accepted just before, SBX-CTG02 after', async () => {
    clock.set('2026-12-01T09:00:00-05:00');
    // Any outage of the service counts (refused, 503, a gateway's page); 503 keeps this client's sockets.
    await sandbox.outage('unavailable');
    clock.set('2026-12-01T12:00:00-05:00');
    await sandbox.outage('none');
    const printedAt = { date: '2026-12-01', time: '10:00:00' };
    clock.advance(48 * HOUR - 60_000);
    expect((await post(ticketBody(printedAt))).status).toBe(201);
    clock.advance(2 * 60_000);
    const late = await post(ticketBody(printedAt));
    expect(late.status).toBe(422);
    expect(rules(late)).toEqual(['SBX-CTG02']);
    expect(late.body.error).toContain('2026-12-03 12:00:00');
  });

  it('without a simulated outage, the first contingency invoice transmitted marks the end of the problem', async () => {
    const printedAt = { date: '2026-12-10', time: '15:00:00' };
    clock.set('2026-12-11T09:00:00-05:00');
    expect((await post(ticketBody(printedAt))).status).toBe(201);
    clock.advance(49 * HOUR);
    const late = await post(ticketBody(printedAt));
    expect(late.status).toBe(422);
    expect(rules(late)).toEqual(['SBX-CTG02']);
  });
});

describe('the tax authority’s contingency (InvoiceTypeCode 04)', () => {
  const type4 = (date: string, time: string) =>
    feBody({
      draft_key: newKey('fe-cont4'),
      es_contingencia: true,
      fecha_emision: date,
      observaciones: `Contingencia tipo 4: generada y firmada el ${date} ${time}.`,
    });

  it('generated and signed the same day while the authority is down: written as 04 and settled', async () => {
    await sandbox.outage('authority');
    try {
      const sent = await post(type4(SALE_DAY, '09:55:00'));
      expect(sent.status).toBe(202);
      const xml = await xmlOf(sent.body.factura_id);
      expect(textAt(xml, 'cbc:InvoiceTypeCode')).toBe('04');
      expect(textAt(xml, 'cbc:IssueDate')).toBe(SALE_DAY);
    } finally {
      await sandbox.outage('none');
    }
  });

  it('generated one day and signed another: FAD09e', async () => {
    await sandbox.outage('authority');
    try {
      const sent = await post(type4('2026-11-19', '17:00:00'));
      expect(sent.status).toBe(422);
      expect(rules(sent)).toEqual(['FAD09e']);
      expect(sent.body.dian.errores[0]!.campo).toBe('fecha_emision');
    } finally {
      await sandbox.outage('none');
    }
  });

  it('signed while the authority was available: CTG01', async () => {
    clock.advance(HOUR);
    const sent = await post(type4(SALE_DAY, '09:55:00'));
    expect(sent.status).toBe(422);
    expect(rules(sent)).toEqual(['CTG01']);
  });
});
