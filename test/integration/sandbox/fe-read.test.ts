// Conformance, endpoints 1-5: FE list (paging, bounds, filters, search, enablement excluded), FE
// detail, third parties, payment methods, acquirer lookup with its aliases.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '#test/sandbox/fixture';
import { demoSeed, CONFORMANCE_TOKENS as TOKENS } from '#test/seed';

const sandbox = useSandbox();
type Doc = {
  id: number;
  prefijo: string;
  consecutivo: number;
  estado_dian: string;
  tipo_dian: string;
  es_habilitacion: boolean;
  cufe: string;
};
type List = { ok: boolean; docs: Doc[]; page: number; per_page: number; total: number; total_pages: number };

describe('1. list FE documents', () => {
  it('lists production documents only, newest first', async () => {
    const answer = await sandbox.api.get<List>('/fe/docs');
    expect(answer.status).toBe(200);
    const seeded = (demoSeed().companies[0] as { fe_documents: Doc[] }).fe_documents;
    expect(answer.body.total).toBe(seeded.filter((d) => !d.es_habilitacion).length);
    expect(answer.body.docs.every((d) => !d.es_habilitacion)).toBe(true);
    expect(answer.body.docs.map((d) => d.id)).not.toContain(seeded.find((d) => d.es_habilitacion)?.id);
    expect(answer.body.docs[0]?.consecutivo).toBe(105);
  });

  it('pages with page and per_page', async () => {
    const first = await sandbox.api.get<List>('/fe/docs?page=1&per_page=2');
    const second = await sandbox.api.get<List>('/fe/docs?page=2&per_page=2');
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 6, total_pages: 3 });
    expect(first.body.docs).toHaveLength(2);
    expect(second.body.docs.map((d) => d.id)).not.toContain(first.body.docs[0]?.id);
    const beyond = await sandbox.api.get<List>('/fe/docs?page=9&per_page=2');
    expect(beyond.body.docs).toEqual([]);
  });

  it.each(['99999999999999999999', '9007199254740993', '1000001'])(
    'a very large page (%s) is a 400 with the error envelope',
    async (page) => {
      const answer = await sandbox.api.get<{ ok: boolean; error: string }>(`/fe/docs?page=${page}&per_page=100`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false });
      expect(answer.body.error).toMatch(/page/);
    },
  );

  it('restricts per_page to 1..100', async () => {
    expect((await sandbox.api.get<List>('/fe/docs?per_page=1000')).body.per_page).toBe(100);
    expect((await sandbox.api.get<List>('/fe/docs?per_page=0')).body.per_page).toBe(1);
    expect((await sandbox.api.get<List>('/fe/docs')).body.per_page).toBe(20);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=x', 'per_page'],
    ['tipo=05', 'tipo'],
    ['estado=aceptado', 'estado'],
  ])('400 naming the parameter for %s', async (query, field) => {
    const answer = await sandbox.api.get(`/fe/docs?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field })]);
  });

  it('filters by tipo and estado', async () => {
    const notes = await sandbox.api.get<List>('/fe/docs?tipo=91');
    expect(notes.body.docs.map((d) => `${d.prefijo}${d.consecutivo}`)).toEqual(['NC1']);
    const invoices = await sandbox.api.get<List>('/fe/docs?tipo=01');
    expect(invoices.body.docs.every((d) => d.tipo_dian === '01')).toBe(true);
    const rejected = await sandbox.api.get<List>('/fe/docs?estado=rechazado');
    expect(rejected.body.docs.map((d) => d.consecutivo)).toEqual([103]);
    const pending = await sandbox.api.get<List>('/fe/docs?estado=pendiente');
    expect(pending.body.docs.map((d) => d.estado_dian)).toEqual(['en_proceso']);
    const approved = await sandbox.api.get<List>('/fe/docs?estado=aprobado');
    expect(approved.body.docs.every((d) => d.estado_dian === 'aceptado')).toBe(true);
    expect(approved.body.total).toBe(4);
  });

  it('searches by id, number, CUFE, third party and document', async () => {
    const all = (await sandbox.api.get<List>('/fe/docs')).body.docs;
    const target = all.find((d) => d.consecutivo === 102) as Doc;
    const search = async (q: string) =>
      (await sandbox.api.get<List>(`/fe/docs?q=${encodeURIComponent(q)}`)).body.docs.map((d) => d.id);
    expect(await search('FV102')).toEqual([target.id]);
    expect(await search(target.cufe.slice(0, 20))).toEqual([target.id]);
    expect(await search('sabor paisa')).toEqual([target.id]);
    expect(await search('811023456')).toEqual([target.id]);
    expect(await search(String(target.id))).toContain(target.id);
    expect(await search('no existe nada así')).toEqual([]);
  });
});

describe('2. FE detail', () => {
  it('returns the document with money as two-decimal strings', async () => {
    const answer = await sandbox.api.get<{ ok: boolean; doc: Record<string, unknown> & { items: Record<string, string>[] } }>(
      '/fe/docs/3',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.doc).toMatchObject({
      id: 3,
      company_id: 101,
      prefijo: 'FV',
      consecutivo: 102,
      subtotal: '420000.00',
      impuestos: '40200.00',
      total: '460200.00',
    });
    expect(answer.body.doc.items.map((i) => [i.tipo_impuesto, i.codigo_impuesto])).toEqual([
      ['INC', '04'],
      ['IVA', '01'],
    ]);
  });

  it('returns enablement documents by id even though listings exclude them', async () => {
    expect((await sandbox.api.get('/fe/docs/1')).body).toMatchObject({ ok: true, doc: { es_habilitacion: true } });
  });

  it('404 for a document of another company or none', async () => {
    expect((await sandbox.api.get('/fe/docs/999')).status).toBe(404);
    const otherCompanyDoc = await sandbox.api.get('/companies/202/fe/docs/2', { token: TOKENS.other });
    expect(otherCompanyDoc.status).toBe(404);
  });

  it('400 for a doc_id that is not an integer', async () => {
    expect((await sandbox.api.get('/fe/docs/abc')).status).toBe(400);
  });
});

describe('3. third parties and 4. payment methods', () => {
  it('lists the company third parties', async () => {
    const answer = await sandbox.api.get<{ terceros: { numero_documento: string }[] }>('/fe/terceros');
    expect(answer.status).toBe(200);
    expect(answer.body.terceros.map((t) => t.numero_documento)).toContain('900456789');
    const other = await sandbox.api.get<{ terceros: { numero_documento: string }[] }>('/companies/202/fe/terceros', {
      token: TOKENS.other,
    });
    expect(other.body.terceros.map((t) => t.numero_documento)).toEqual(['891800123']);
  });

  it('lists the company payment methods with their three distinct concepts', async () => {
    const answer = await sandbox.api.get<{
      payment_methods: { id: number; payment_form: string; payment_means_code: string; is_active: boolean }[];
    }>('/fe/payment-methods');
    expect(answer.status).toBe(200);
    expect(answer.body.payment_methods.find((m) => m.id === 5)).toMatchObject({
      payment_form: 'credito',
      payment_means_code: '1',
    });
    expect(answer.body.payment_methods.some((m) => !m.is_active)).toBe(true);
    const other = await sandbox.api.get<{ payment_methods: { id: number }[] }>('/companies/202/fe/payment-methods', {
      token: TOKENS.other,
    });
    expect(other.body.payment_methods.map((m) => m.id)).toEqual([11, 12]);
  });
});

describe('5. acquirer lookup', () => {
  it.each([
    [{ identification_type: '31', identification_number: '900456789' }],
    [{ tipo_doc: '31', numero_doc: '900456789' }],
    [{ tipo_documento: '31', numero_documento: '900456789', force_refresh: true }],
  ])('finds a known acquirer with %j', async (body) => {
    const answer = await sandbox.api.post('/dian/get-acquirer', body);
    expect(answer.status).toBe(200);
    expect(answer.body.acquirer).toMatchObject({
      identification_number: '900456789',
      dv: '4',
      nombre: 'Ferretería El Tornillo S.A.S.',
    });
  });

  it('400 naming a missing field, 404 for an unknown acquirer, 502 for 502502502', async () => {
    const missing = await sandbox.api.post('/dian/get-acquirer', { identification_type: '13' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'identification_number' })]);
    expect(
      (await sandbox.api.post('/dian/get-acquirer', { identification_type: '13', identification_number: '123456789' })).status,
    ).toBe(404);
    const unavailable = await sandbox.api.post('/dian/get-acquirer', {
      identification_type: '13',
      identification_number: '502502502',
    });
    expect(unavailable.status).toBe(502);
    expect(unavailable.body).toMatchObject({ ok: false });
    expect(
      (
        await sandbox.api.post('/dian/get-acquirer', {
          identification_type: '13',
          identification_number: '1',
          force_refresh: 'yes',
        })
      ).status,
    ).toBe(400);
  });
});
