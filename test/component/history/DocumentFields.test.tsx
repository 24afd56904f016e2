// The document as the service keeps it, in the detail of Historial: every field
// the contract names is shown under a Spanish label with its value in the user's words (state,
// dates, amounts, environment, nulls); a field the contract does not name stays, folded under the
// technical data, so nothing the server said is lost and no contract name is on the screen.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentFields } from '#renderer/features/history/DocumentFields';

afterEach(cleanup);

const FE_DOC = {
  id: 7,
  company_id: 101,
  tipo_dian: '01',
  prefijo: 'FV',
  consecutivo: 105,
  estado_dian: 'en_proceso',
  cufe: 'cf08acbf',
  es_habilitacion: false,
  subtotal: '120000.00',
  impuestos: '22800.00',
  total: '142800.00',
  moneda: 'COP',
  fecha_emision: '2026-11-18T18:45:31',
  fecha_vencimiento: null,
  xml_path: 'historico/101/FV105.xml',
  track_id: null,
  zip_key: 'hist-101-fv-105',
  tercero: { id: 4, nombre: 'Carlos', tipo_documento: '13', numero_documento: '1020304050', email: 'c@example.com' },
  items: [],
};

function shown(): string {
  return document.body.textContent ?? '';
}

describe('the service record of a document', () => {
  it('names each field in Spanish and shows its value as a shop reads it', () => {
    render(<DocumentFields document={FE_DOC} />);
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Estado ante la DIAN')).toBe('En proceso');
    expect(term('Tipo de documento')).toBe('Factura electrónica de venta');
    expect(term('Ambiente')).toBe('Producción');
    expect(term('Emitido')).toMatch(/^18\/11\/2026,? 06:45/);
    expect(term('Vencimiento')).toBe('Sin vencimiento');
    expect(term('Código de seguimiento DIAN')).toBe('—');
    expect(term('Total')?.replace(/\s/g, ' ')).toBe('$ 142.800,00');
    expect(term('Cliente en el servicio')).toBe('13 1020304050 · c@example.com');
    const text = shown();
    for (const raw of [
      'en_proceso',
      'null',
      'false',
      '2026-11-18T',
      'company_id',
      'estado_dian',
      'fecha_emision',
      'xml_path',
      'track_id',
      'zip_key',
      'tipo_dian',
      'es_habilitacion',
    ])
      expect(text).not.toContain(raw);
    // The key and the lines are on the detail already.
    expect(text).not.toContain('cf08acbf');
    expect(screen.queryByText(/técnicos/)).toBeNull();
  });

  it('names the environment by the connection: a test connection never reads «Producción»', () => {
    const term = () => screen.getByText('Ambiente', { selector: 'dt' }).nextElementSibling?.textContent;
    const { unmount } = render(<DocumentFields document={FE_DOC} connectionKind="sandbox" />);
    expect(term()).toBe('Pruebas (conexión de pruebas, sin validez fiscal)');
    unmount();
    const second = render(<DocumentFields document={FE_DOC} connectionKind="production" />);
    expect(term()).toBe('Producción');
    second.unmount();
    render(<DocumentFields document={{ ...FE_DOC, es_habilitacion: 1 }} connectionKind="production" />);
    expect(term()).toBe('Habilitación (pruebas, sin validez fiscal)');
  });

  it('keeps a field the contract does not name, folded under the technical data', () => {
    render(<DocumentFields document={{ ...FE_DOC, x_extension: 'valor del proveedor' }} />);
    const folded = screen.getByText('Datos técnicos adicionales del servicio').closest('details');
    expect(folded).not.toBeNull();
    expect(folded?.open).toBe(false);
    expect(folded?.textContent).toContain('"x_extension": "valor del proveedor"');
  });

  it('a DSE record: its date, withholdings and accounting in words', () => {
    render(
      <DocumentFields
        document={{
          id: 3,
          estado_dian: 'aceptado',
          document_date: '2026-11-20',
          total_retenciones: '3500.00',
          es_habilitacion: 1,
          accounting_status: 'posted',
          cost_center_id: null,
          last_status_error: null,
          created_at: '2026-11-20T15:04:05Z',
          cuds: 'abc',
        }}
      />,
    );
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Fecha del documento')).toBe('20/11/2026');
    expect(term('Retenciones')?.replace(/\s/g, ' ')).toBe('$ 3.500,00');
    expect(term('Ambiente')).toBe('Habilitación (pruebas, sin validez fiscal)');
    expect(term('Contabilización')).toBe('Contabilizado');
    expect(term('Centro de costo (número interno)')).toBe('Ninguno');
    expect(term('Último error al consultar la DIAN')).toBe('Ninguno');
    expect(term('Creado en el servicio')).toMatch(/^20\/11\/2026,? 03:04/);
  });
});

describe('the local record of a rejected document the service returned none for', () => {
  it("says it is this computer's record, with the reason, in words", () => {
    render(
      <DocumentFields
        document={{
          registro_local: true,
          estado_dian: 'rechazado',
          motivo: 'Regla DSAD01: NIT inválido.',
          nota: 'Registro local.',
        }}
      />,
    );
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Origen')).toBe('Registro local de este equipo');
    expect(term('Motivo del rechazo')).toBe('Regla DSAD01: NIT inválido.');
    expect(term('Estado ante la DIAN')).toBe('Rechazado');
    expect(document.body.textContent).not.toContain('registro_local');
  });
});
