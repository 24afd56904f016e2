// The client against servers that keep the contract and choose differently wherever it says "not
// shown" (test/support/contract-server): connect, submit, resume, sync and history run against each
// variant. The client must read what the contract promises, never what the sandbox happens to send,
// and keep exactly-once whatever the server's shapes: every retry with its key, nothing accepted
// without an acceptance. Each server speaks real HTTPS with a certificate of a test authority the
// connection trusts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConnection } from '#core/connections/check';
import { UNKNOWN_STATE_MAX_CHECKS } from '#core/submissions/states';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { OUTCOME_BY_NUMBER as N, VARIANTS, type ContractVariant } from '#test/contract-server/variants';
import { call, contractBed, dseRequest, feRequest, type ContractBed } from '#test/contract-server/bed';

const FE_DOCUMENTS = 45;

describe.each(VARIANTS.map((v) => [v.name, v] as [string, ContractVariant]))('against a server with %s', (_name, variant) => {
  let bed: ContractBed;
  beforeAll(async () => {
    bed = await contractBed(variant, { feDocuments: FE_DOCUMENTS, https: true });
  });
  afterAll(async () => {
    await bed?.close();
  });

  const creates = (path: string) => bed.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path));

  it('connect: the payment methods verify token and company, and fill the form', async () => {
    const { connections, fetch, clock } = bed.core.parts;
    const check = await checkConnection(connections, bed.connectionId, fetch, clock);
    expect(check).toMatchObject({ ok: true, code: null, payment_methods: 3 });
    const methods = await call<{ id: number; payment_form: string; payment_means_code: string; is_default: boolean }[]>(
      bed.core,
      'fe.paymentMethods',
      {},
    );
    expect(methods.map((m) => [m.id, m.payment_form, m.payment_means_code])).toEqual([
      [71, 'contado', '10'],
      [72, 'contado', '42'],
      [73, 'credito', '10'],
    ]);
    expect(methods.find((m) => m.is_default)?.id).toBe(71);
  });

  it('connect: the acquirer lookup finds the record whatever its envelope and field names', async () => {
    const found = await call(bed.core, 'fe.lookupAcquirer', { identification_type: '31', identification_number: '900123456' });
    expect(found).toMatchObject({
      identification_number: '900123456',
      nombre: 'Ferretería El Tornillo SAS',
      email: 'compras@tornillo.co',
      direccion: 'Cra 7 # 8-9',
    });
  });

  it("sync: every document once, pages ended by the server's own signals, per_page adapted when refused", async () => {
    const summary = await call<{ fe_pages: number; warning: string | null }>(bed.core, 'history.sync', {});
    // A list walked to its end raises no warning, whatever signal ended it.
    expect(summary.warning).toBeNull();
    const mirrored = await call<HistoryPage>(bed.core, 'history.list', { filter: { kind: 'FE' }, offset: 0, limit: 500 });
    expect(mirrored.total).toBe(FE_DOCUMENTS);
    expect(new Set(mirrored.items.map((r) => r.remote_id)).size).toBe(FE_DOCUMENTS);
    // States read by meaning and stored in the contract's spelling, whatever the server wrote.
    expect(new Set(mirrored.items.map((r) => r.estado_dian))).toEqual(new Set(['aceptado', 'rechazado']));
    const rejected = await call<HistoryPage>(bed.core, 'history.list', {
      filter: { kind: 'FE', state: 'rechazado' },
      offset: 0,
      limit: 500,
    });
    expect(rejected.total).toBe(Math.floor(FE_DOCUMENTS / 9));
    // A bounded walk: the pages of the accepted size, at most one past the end, and the refused sizes.
    const lists = bed.server.requests.filter((r) => r.path.endsWith('/fe/docs'));
    const accepted = lists.filter((r) => r.status === 200);
    const size = Number(accepted[0]?.query.per_page ?? variant.paging.defaultPerPage);
    expect(size).toBeLessThanOrEqual(variant.paging.maxPerPage);
    expect(accepted.length).toBeLessThanOrEqual(Math.ceil(FE_DOCUMENTS / size) + 1);
    expect(lists.filter((r) => r.status === 400).every((r) => Number(r.query.per_page) > variant.paging.maxPerPage)).toBe(true);
    expect(summary.fe_pages).toBe(accepted.length);
  });

  it('sync again: known final documents cost no detail request, even when the list omits estado_dian', async () => {
    const before = bed.server.requests.length;
    await call(bed.core, 'history.sync', {});
    const details = bed.server.requests.slice(before).filter((r) => /\/fe\/docs\/\d+$/.test(r.path));
    expect(details).toHaveLength(0);
  });

  it('submit FE accepted: accepted with its number, read by factura_id when the answer lacks it', async () => {
    const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.accept) });
    expect(submission).toMatchObject({ state: 'accepted', estado_dian: 'aceptado' });
    expect(submission.document_number).toMatch(/^FV\d+$/);
    expect(creates('/fe/facturas')).toHaveLength(1);
  });

  it('submit FE rejected: rejected once, never resent, and kept in the Historial', async () => {
    const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.reject) });
    expect(submission).toMatchObject({ state: 'rejected', estado_dian: 'rechazado', error: { code: 'api_rejected' } });
    const again = await call<Submission>(bed.core, 'submissions.check', { id: submission.id });
    expect(again.state).toBe('rejected');
    expect(creates('/fe/facturas').filter((r) => r.draftKey === submission.idempotency_key)).toHaveLength(1);
    const found = await call<HistoryPage>(bed.core, 'history.list', {
      filter: { q: `Contrato ${N.reject}` },
      offset: 0,
      limit: 10,
    });
    expect(found.items).toEqual([
      expect.objectContaining({ kind: 'FE', estado_dian: 'rechazado', submission_id: submission.id }),
    ]);
  });

  it('submit FE in a state nobody knows: "en verificación", polled a bounded number of times', async () => {
    const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.unknown) });
    expect(submission).toMatchObject({
      state: 'pending',
      estado_dian: variant.spelling.unknown,
      error: { code: 'api_state_unknown' },
    });
    expect(submission.error?.message).toContain(`«${variant.spelling.unknown}»`);
    let current = submission;
    for (let i = 0; i < UNKNOWN_STATE_MAX_CHECKS && current.next_check_at !== null; i += 1) {
      current = await call<Submission>(bed.core, 'submissions.check', { id: submission.id });
    }
    expect(current).toMatchObject({ state: 'pending', next_check_at: null, error: { code: 'api_state_unknown' } });
    expect(current.error?.message).toContain('Se dejó de consultar automáticamente');
    expect(await bed.core.parts.poller.nextDueAt()).toBeNull();
    // Never resent with another key, never accepted.
    expect(
      new Set(
        creates('/fe/facturas')
          .filter((r) => r.draftKey === submission.idempotency_key)
          .map((r) => r.draftKey),
      ).size,
    ).toBe(1);
  });

  it("submit FE refused with a 400: the server's message whole when it gives no field list", async () => {
    const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.invalid) });
    expect(submission.state).toBe('failed');
    const fields = submission.field_errors ?? [];
    if (variant.badRequest === 'errors-list') expect(fields.map((f) => f.path)).toEqual(['receptor.numero_doc']);
    else {
      expect(fields).toEqual([]);
      expect(submission.error!.message.length).toBeGreaterThan(600);
      expect(submission.error!.message).toContain('RUT vigente). Corrija los datos');
    }
  });

  it('submit DSE accepted: accepted from a partial or loose documento (zip_key null), with its number', async () => {
    const submission = await call<Submission>(bed.core, 'dse.submit', { request: dseRequest(N.accept) });
    expect(submission).toMatchObject({ state: 'accepted', estado_dian: 'aceptado' });
    expect(submission.document_number).toMatch(/^DS\d+$/);
    const doc = await call<{ documento: { zip_key: string | null } }>(bed.core, 'dse.get', { id: submission.document_id });
    expect(doc.documento.zip_key).toBe(variant.dseCreated === 'zip-null' ? null : `zip-ds-${submission.document_id}`);
  });

  it('submit DSE rejected with a 422, with or without documento: rejected and in the Historial', async () => {
    const submission = await call<Submission>(bed.core, 'dse.submit', { request: dseRequest(N.reject) });
    expect(submission).toMatchObject({ state: 'rejected', error: { code: 'api_rejected' } });
    expect(submission.document_id).toEqual(variant.dseRejected === 'with-documento' ? expect.any(Number) : null);
    const found = await call<HistoryPage>(bed.core, 'history.list', {
      filter: { kind: 'DSE', state: 'rechazado' },
      offset: 0,
      limit: 10,
    });
    expect(found.items).toEqual([
      expect.objectContaining({ estado_dian: 'rechazado', submission_id: submission.id, total: '100000.00' }),
    ]);
    const detail = await call<{ submission: Submission | null; document: Record<string, unknown> }>(bed.core, 'history.detail', {
      id: found.items[0]!.id,
    });
    expect(detail.submission?.id).toBe(submission.id);
  });

  it('resume: an answer lost after the server processed it is confirmed with the same key, once', async () => {
    bed.server.dropCreates(1);
    const fe = await call<Submission>(bed.core, 'fe.submit', {
      request: feRequest(N.accept, `fe-resume-${variant.name.length}`),
    });
    expect(fe.state).toBe('in_doubt');
    bed.server.dropCreates(1);
    const dse = await call<Submission>(bed.core, 'dse.submit', { request: dseRequest(N.later) });
    expect(dse.state).toBe('in_doubt');
    const documentsBefore = [bed.server.feDocuments(), bed.server.dseDocuments()];
    const resumed = await call<Submission[]>(bed.core, 'submissions.resume', {});
    const byId = new Map(resumed.map((s) => [s.id, s]));
    expect(byId.get(fe.id)).toMatchObject({ state: 'accepted', document_number: expect.stringMatching(/^FV\d+$/) });
    let dseNow = byId.get(dse.id)!;
    if (dseNow.state === 'pending') dseNow = await call<Submission>(bed.core, 'submissions.check', { id: dse.id });
    expect(dseNow).toMatchObject({ state: 'accepted', estado_dian: 'aceptado' });
    expect([bed.server.feDocuments(), bed.server.dseDocuments()]).toEqual(documentsBefore);
    expect(
      new Set(
        creates('/fe/facturas')
          .filter((r) => r.draftKey === fe.idempotency_key)
          .map((r) => r.draftKey),
      ).size,
    ).toBe(1);
    expect(creates('/fe/facturas').filter((r) => r.draftKey === fe.idempotency_key)).toHaveLength(2);
    expect(creates('/dse/documentos').filter((r) => r.idempotencyKey === dse.idempotency_key)).toHaveLength(2);
  });

  it('history: synced, issued and rejected documents together, searchable offline', async () => {
    await call(bed.core, 'history.sync', {});
    const all = await call<HistoryPage>(bed.core, 'history.list', { filter: {}, offset: 0, limit: 500 });
    const kinds = all.items.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.kind]: (acc[r.kind] ?? 0) + 1 }), {});
    expect(kinds.DSE).toBeGreaterThanOrEqual(2);
    expect(kinds.FE).toBeGreaterThanOrEqual(FE_DOCUMENTS + 2);
    const rejectedFe = await call<HistoryPage>(bed.core, 'history.list', {
      filter: { q: `Contrato ${N.reject}`, kind: 'FE' },
      offset: 0,
      limit: 10,
    });
    expect(rejectedFe.total).toBe(1);
    expect(rejectedFe.items[0]).toMatchObject({ estado_dian: 'rechazado' });
  });
});
