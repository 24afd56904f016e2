// The DSE printout: every withholding with its base (and what it was taken from), rate and
// amount as the server computes them from the exact request, even with no IVA on the lines, and the
// weekly period of an accumulated document.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPrintModel } from '#renderer/features/print/print-model';
import { PrintPage } from '#renderer/features/print/PrintPage';
import type { HistoryDetail } from '#shared/rpc/methods/history';

const cuds = 'd'.repeat(96);

function detail(
  request: Record<string, unknown>,
  totals: { subtotal: string; impuestos: string; total: string; total_retenciones: string },
): HistoryDetail {
  return {
    entry: {
      id: 3,
      kind: 'DSE',
      remote_id: 9,
      tipo_dian: '05',
      number: 'DS9',
      estado_dian: 'aceptado',
      fiscal_key: cuds,
      issue_date: '2026-11-20',
      counterpart_name: 'Cosechas',
      counterpart_doc: '900123456',
      subtotal: totals.subtotal,
      impuestos: totals.impuestos,
      total: totals.total,
      moneda: 'COP',
      submission_id: 4,
      synced_at: 'now',
      submission_state: 'accepted',
      following: false,
    },
    document: { id: 9, es_habilitacion: 0, created_at: '2026-11-20 10:00:00', total_retenciones: totals.total_retenciones },
    submission: null,
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
}

const weekly = {
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
    {
      retention_key: 'reteica',
      dian_tax_code: '07',
      tax_name: 'ReteICA',
      base_mode: 'subtotal',
      base_amount: 1000000,
      amount: 9660,
    },
  ],
};

afterEach(cleanup);

describe('DSE printout', () => {
  it('shows each withholding with base, rate and amount, and the weekly period', () => {
    const model = buildPrintModel(
      detail(weekly, { subtotal: '1200000.00', impuestos: '190000.00', total: '1390000.00', total_retenciones: '68160.00' }),
    );
    expect(model.period).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(model.withholdings.map((w) => [w.name, w.baseAmount, w.baseMode, w.percent, w.amount])).toEqual([
      ['ReteRenta (06)', '1200000.00', 'subtotal', '2.5', '30000.00'],
      ['ReteIVA (05)', '190000.00', 'IVA', '15', '28500.00'],
      ['ReteICA (07)', '1000000.00', 'subtotal', '0.966', '9660.00'],
    ]);
    render(<PrintPage model={model} qr={null} />);
    expect(screen.getByTestId('print-period').textContent).toBe(
      'Documento semanal acumulado · periodo del 09/11/2026 al 15/11/2026',
    );
    const table = screen.getByTestId('print-withholdings');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows[0]).toMatch(/^ReteRenta \(06\).*1\.200\.000.*sobre el subtotal.*2,5 %.*30\.000/);
    expect(rows[1]).toMatch(/^ReteIVA \(05\).*190\.000.*sobre el IVA.*15 %.*28\.500/);
  });

  it('shows the withholdings of a document whose lines carry no IVA (they used to hide with the empty tax table)', () => {
    const request = { ...weekly, forma_generacion: '1', items: [weekly.items[1]], retenciones: [weekly.retenciones[0]] };
    const model = buildPrintModel(
      detail(request, { subtotal: '200000.00', impuestos: '0.00', total: '200000.00', total_retenciones: '5000.00' }),
    );
    expect(model.taxes).toEqual([]);
    expect(model.period).toBeNull();
    render(<PrintPage model={model} qr={null} />);
    expect(within(screen.getByTestId('print-withholdings')).getByText('ReteRenta (06)')).toBeTruthy();
    expect(screen.queryByTestId('print-period')).toBeNull();
  });
});
