// The client against servers that keep the contract with shapes it once failed on (test/support/
// contract-server, SHAPE_VARIANTS): a new company's empty first page, a Laravel paginator, DRF
// pages, a cursor-only list; accepted-with-notices states; acquirer records of a person or in DIAN's
// names; frameworks' error bodies; a rejected FE answered without its id. Each variant ends with the
// local history equal to the server's, one document per key. Each server speaks real HTTPS with a
// certificate of a test authority the connection trusts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '#shared/rpc/methods/history';
import type { PeriodReport } from '#shared/rpc/methods/reports';
import type { DayClose } from '#shared/rpc/methods/day-close';
import type { SyncStatus, SyncSummary } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { OUTCOME_BY_NUMBER as N, SHAPE_VARIANTS, CONVENTIONAL, type ContractVariant } from '#test/contract-server/variants';
import { call, contractBed, feRequest, type ContractBed } from '#test/contract-server/bed';

const ACQUIRER: Record<string, Record<string, string>> = {
  'nombres-apellidos': { nombre: 'Ana María Pérez Gómez', email: 'ana@example.co' },
  'dian-receiver': { nombre: 'Ferretería El Tornillo SAS', email: 'compras@tornillo.co' },
  'emails-array': { nombre: 'Ferretería El Tornillo SAS', email: 'compras@tornillo.co', direccion: 'Cra 7 # 8-9' },
};

async function mirrorFe(bed: ContractBed): Promise<HistoryPage['items']> {
  return (await call<HistoryPage>(bed.core, 'history.list', { filter: { kind: 'FE' }, offset: 0, limit: 500 })).items;
}

/** The local history equals the server's: the same documents, each once, each in the state it means. */
async function expectMirrorEqualsServer(bed: ContractBed): Promise<void> {
  const server = bed.server.feSnapshot();
  const local = await mirrorFe(bed);
  expect(local.map((r) => r.remote_id).sort((a, b) => a - b)).toEqual(server.map((d) => d.id));
  const byId = new Map(local.map((r) => [r.remote_id, r.estado_dian]));
  for (const doc of server) {
    const expected = doc.estado === 'rejected' ? 'rechazado' : 'aceptado_con_notificaciones';
    expect([doc.id, byId.get(doc.id)]).toEqual([doc.id, expected]);
  }
  // One document per key on the server: every key the client sent names exactly one document.
  const keys = server.map((d) => d.draftKey).filter((k): k is string => k !== null);
  expect(new Set(keys).size).toBe(keys.length);
}

describe.each(SHAPE_VARIANTS.map((v) => [v.name, v] as [string, ContractVariant]))(
  'against a server with %s',
  (_name, variant) => {
    let bed: ContractBed;
    beforeAll(async () => {
      bed = await contractBed(variant, { feDocuments: 0, https: true });
    });
    afterAll(async () => {
      await bed?.close();
    });

    it('a new company with no invoices syncs: its empty first page is an empty list', async () => {
      const summary = await call<SyncSummary>(bed.core, 'history.sync', {});
      expect(summary).toMatchObject({ fe_documents: 0, warning: null });
      expect(await mirrorFe(bed)).toEqual([]);
    });

    it('acquirer lookup: the record read whatever its field names, the e-mail also from a list', async () => {
      const found = await call(bed.core, 'fe.lookupAcquirer', { identification_type: '13', identification_number: '1020304050' });
      expect(found).toMatchObject({ identification_number: '1020304050', ...ACQUIRER[variant.acquirer] });
    });

    it('an FE accepted with notices is accepted, stored by meaning, and counted as accepted in Cierre de caja', async () => {
      const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.accept) });
      expect(submission).toMatchObject({ state: 'accepted', estado_dian: 'aceptado_con_notificaciones', next_check_at: null });
      const close = await call<DayClose>(bed.core, 'dayClose.get', {});
      expect(close.accepted).toBe(1);
    });

    it("a refusal in a framework's shape marks its field and is never a DIAN rejection", async () => {
      const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.invalid) });
      expect(submission).toMatchObject({ state: 'failed', error: { code: 'api_invalid' } });
      expect(submission.error!.message).not.toMatch(/DIAN rechaz/);
      expect((submission.field_errors ?? []).map((f) => f.path)).toEqual(['receptor.numero_doc']);
    });

    it('a rejected FE answered without factura_id is one row in Historial, linked to the server’s once listed', async () => {
      const submission = await call<Submission>(bed.core, 'fe.submit', { request: feRequest(N.reject) });
      expect(submission).toMatchObject({ state: 'rejected', document_id: null });
      const find = () =>
        call<HistoryPage>(bed.core, 'history.list', { filter: { q: `Contrato ${N.reject}` }, offset: 0, limit: 10 });
      expect((await find()).items).toEqual([
        expect.objectContaining({ remote_id: -submission.id, submission_id: submission.id }),
      ]);
      await call(bed.core, 'history.sync', {});
      const after = (await find()).items;
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ estado_dian: 'rechazado', submission_id: submission.id });
      expect(after[0]!.remote_id).toBeGreaterThan(0);
      // A later record of the same submission does not bring the local copy back.
      await call(bed.core, 'submissions.check', { id: submission.id });
      expect((await find()).items).toHaveLength(1);
    });

    it('52 invoices: every page walked (page numbers, links or cursor) and the history equals the server’s', async () => {
      bed.server.seedFe(52 - bed.server.feSnapshot().length);
      const summary = await call<SyncSummary>(bed.core, 'history.sync', {});
      expect(summary.warning).toBeNull();
      await expectMirrorEqualsServer(bed);
      // A framework's 422 for a page size it refuses was met, read as a refused query (a smaller size
      // asked), never as a rejection: the walk went on to the end.
      const refusedSizes = bed.server.requests.filter(
        (r) => r.path.endsWith('/fe/docs') && (r.status === 400 || r.status === 422),
      );
      expect(refusedSizes.length).toBeGreaterThan(0);
      for (const r of refusedSizes)
        expect([r.status, Number(r.query.per_page) > variant.paging.maxPerPage]).toEqual([variant.validationStatus ?? 400, true]);
    });

    it('sync again: documents known accepted with notices cost no detail request, whatever the list spells', async () => {
      const before = bed.server.requests.length;
      expect((await call<SyncSummary>(bed.core, 'history.sync', {})).warning).toBeNull();
      const details = bed.server.requests.slice(before).filter((r) => /\/fe\/docs\/\d+$/.test(r.path));
      expect(details).toHaveLength(0);
    });

    it('Informes sums documents accepted with notices as accepted', async () => {
      const report = await call<PeriodReport>(bed.core, 'reports.period', { from: '2026-01-01', to: '2026-01-31', kind: 'FE' });
      const accepted = bed.server.feSnapshot().filter((d) => d.estado === 'accepted' && d.id <= 52).length;
      const fe = report.summary.filter((s) => s.kind === 'FE').reduce((n, s) => n + s.documents, 0);
      // The seeded documents are dated January 2026; this run's own are dated today.
      expect(fe).toBe(accepted - bed.server.feSnapshot().filter((d) => d.draftKey !== null && d.estado === 'accepted').length);
      expect(report.pending.count).toBe(0);
    });

    it('a detail that fails during a sync race skips that invoice, the pass goes on, and the next pass brings it', async () => {
      const before = bed.server.feSnapshot().length;
      bed.server.seedFe(3);
      const raced = before + 2;
      bed.server.failDetail(raced, 404, 1);
      bed.server.failDetail(before + 1, 500, 1);
      const first = await call<SyncSummary>(bed.core, 'history.sync', {});
      const fetchesDetails = variant.listEntries !== 'full';
      if (fetchesDetails) {
        expect(first.warning).toContain('2 facturas no se pudieron leer');
        const status = await call<SyncStatus>(bed.core, 'history.status', {});
        expect(status.warning).toBe(first.warning);
        expect((await mirrorFe(bed)).some((r) => r.remote_id === raced)).toBe(false);
      }
      const second = await call<SyncSummary>(bed.core, 'history.sync', {});
      expect(second.warning).toBeNull();
      expect((await call<SyncStatus>(bed.core, 'history.status', {})).warning).toBeNull();
      await expectMirrorEqualsServer(bed);
    });
  },
);

describe('a list that ignores page and names no next page', () => {
  let bed: ContractBed;
  beforeAll(async () => {
    bed = await contractBed(
      {
        ...CONVENTIONAL,
        name: 'unfollowable',
        feList: 'cursor-unfollowable',
        paging: { ...CONVENTIONAL.paging, maxPerPage: 20, defaultPerPage: 20 },
      },
      { feDocuments: 52 },
    );
  });
  afterAll(async () => {
    await bed?.close();
  });

  it('syncs what it can and says in Historial that the history is incomplete', async () => {
    const summary = await call<SyncSummary>(bed.core, 'history.sync', {});
    expect(summary.warning).toMatch(/^El servicio no dejó recorrer todo el historial de facturas: se leyeron 20 facturas\./);
    expect(await mirrorFe(bed)).toHaveLength(20);
    expect((await call<SyncStatus>(bed.core, 'history.status', {})).warning).toBe(summary.warning);
  });
});
