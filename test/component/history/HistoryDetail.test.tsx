// Historial's detail of a DSE says what its printout says: each withholding with its base (and what
// it was taken from), its rate with a decimal comma and its amount in pesos; the weekly period of an
// accumulated document; and the support block in the shop's words, not «Hash del payload».
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryDetail } from '#shared/rpc/methods/history';
import type { Submission } from '#shared/rpc/methods/submissions';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const submission: Submission = {
  id: 4,
  kind: 'DSE',
  connection_id: 1,
  company_id: 1,
  idempotency_key: 'dse-0004',
  payload_hash: 'f'.repeat(64),
  state: 'accepted',
  attempts: 1,
  counterpart: 'Cosechas',
  http_status: 201,
  document_id: 9,
  document_number: 'DS9',
  fiscal_key: 'd'.repeat(96),
  estado_dian: 'aceptado',
  error: null,
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:01.000Z',
  next_check_at: null,
  contingency: null,
};

const request = {
  fecha_documento: '2026-11-20',
  proveedor: { tipo_documento: '13', nit: '900123456', nombre: 'Cosechas' },
  items: [
    { codigo: '70111703', descripcion: 'Jardinería', cantidad: 2, precio_unitario: 500000, porcentaje_iva: 19 },
    { codigo: '50221100', descripcion: 'Café', cantidad: 10, precio_unitario: 20000, porcentaje_iva: 0 },
  ],
  forma_generacion: '2',
  fecha_inicio_periodo: '2026-11-09',
  fecha_fin_periodo: '2026-11-15',
  forma_pago: '1',
  retenciones: [
    { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 2.5 },
    { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15 },
  ],
};

const detail: HistoryDetail = {
  entry: {
    id: 3,
    kind: 'DSE',
    remote_id: 9,
    tipo_dian: '05',
    number: 'DS9',
    estado_dian: 'aceptado',
    fiscal_key: 'd'.repeat(96),
    issue_date: '2026-11-20',
    counterpart_name: 'Cosechas',
    counterpart_doc: '900123456',
    subtotal: '1200000.00',
    impuestos: '190000.00',
    total: '1390000.00',
    moneda: 'COP',
    submission_id: 4,
    synced_at: 'now',
    submission_state: 'accepted',
    following: false,
  },
  document: { id: 9, es_habilitacion: 1, created_at: '2026-11-20 10:00:00', total_retenciones: '58500.00' },
  submission,
  request,
  events: [],
  support: null,
  issuer: {
    nombre: 'Demo S.A.S.',
    nit: '900999888',
    dv: '',
    direccion: '',
    ciudad: '',
    email: '',
    telefono: '',
    logo: '',
    resolucion: null,
    contingencia: null,
    plan: 'ilimitado',
  },
  company_id: 101,
};

installFakeBridge({
  'history.detail': () => detail,
  'dseCorrections.of': () => ({ corrects: null, corrected_by: [] }),
});

let HistoryDetailView: typeof import('#renderer/features/history/HistoryDetail').HistoryDetailView;
beforeAll(async () => {
  HistoryDetailView = (await import('#renderer/features/history/HistoryDetail')).HistoryDetailView;
});
afterEach(cleanup);

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('Historial: the detail of a DSE', () => {
  it('shows each withholding as the printout does: base in pesos, what it was taken from, rate with a comma, amount', async () => {
    renderWithQueries(<HistoryDetailView id={3} />);
    const renta = (await screen.findByText('Retención ReteRenta (06)')).closest('tr')!;
    expect(squash(renta.textContent)).toMatch(
      /^Retención ReteRenta \(06\)base \$\s1\.200\.000,00 sobre el subtotal 2,5 %\$\s30\.000,00$/,
    );
    const iva = screen.getByText('Retención ReteIVA (05)').closest('tr')!;
    expect(squash(iva.textContent)).toMatch(/base \$\s190\.000,00 sobre el IVA 15 %\$\s28\.500,00$/);
    expect(within(renta).queryByText('—')).toBeNull();
    expect(document.body.textContent).not.toMatch(/2\.5%|2\.5 %/);
  });

  it('shows the weekly period of an accumulated document', async () => {
    renderWithQueries(<HistoryDetailView id={3} />);
    const period = await screen.findByTestId('detail-period');
    expect(within(period).getByText('Documento semanal acumulado')).toBeTruthy();
    expect(squash(within(period).getByRole('strong').textContent)).toBe('del 09/11/2026 al 15/11/2026');
  });

  it('names the content fingerprint in the shop words, never «Hash del payload»', async () => {
    renderWithQueries(<HistoryDetailView id={3} />);
    expect(await screen.findByText('Huella del contenido enviado (para soporte)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/hash|payload/i);
  });
});

describe('Historial: the withholdings of an FE', () => {
  it('names the base the app computes in words, and quotes any other as the provider’s own code', async () => {
    const { withholdings } = await import('#renderer/features/history/document-parts');
    const held = withholdings('FE', {
      withholdings: [
        { type: 'RTEFTE', base_mode: 'subtotal', percent: 2.5 },
        { type: 'RTEIVA', base_mode: 'impuestos', percent: 15 },
        { type: 'ESPECIAL', base_mode: 'BASE_GRAVABLE', percent: 1 },
      ],
    });
    expect(held.map((w) => w.base)).toEqual(['sobre el subtotal', 'sobre el IVA', 'base «BASE_GRAVABLE» del proveedor']);
  });
});
