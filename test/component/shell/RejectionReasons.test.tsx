// A rejection in words the user understands (src/renderer/ui/dian-rejection.ts, RejectionReasons.tsx),
// read from the data core kept of the answer's `dian` object: each rule explained by its code, the
// field it names in the form's words (or who must act when it names none), the code shown as a code
// and the DIAN's message as its own text. Nothing is read out of the stored sentence: a row recorded
// without the data shows its text as it is.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DianRejection } from '#shared/api/dian';
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import { explainRejection } from '#renderer/ui/dian-rejection';
import { RejectionReasons } from '#renderer/ui/RejectionReasons';
import { aSubmission } from '#test/component/fixtures';

/** The composed sentence core stores as the error text: it names rules the data does not. */
const STORED =
  'La DIAN rechazó el documento: Documento soporte DSE12 rechazado por la DIAN: Regla: FAK24, Rechazo: otra cosa. No se enviará de nuevo con otra clave.';

const DSE: DianRejection = {
  message: 'Regla: SBX-DIR01, Rechazo: …',
  rules: [
    {
      code: 'SBX-DIR01',
      message: 'El código de municipio 99999 del proveedor no existe en DIVIPOLA.',
      field: 'proveedor.codigo_municipio',
    },
    {
      code: 'DSAV05',
      message: 'Línea 3: la unidad de medida QQQ no está en la lista de unidades.',
      field: 'items[2].unidad_medida',
    },
    { code: 'DSAU04', message: 'La base imponible no cuadra.', field: null },
  ],
};

const rejected = (kind: DocumentKind, rejection: DianRejection | undefined, message: string | null = STORED) =>
  aSubmission({
    kind,
    state: 'rejected',
    estado_dian: 'rechazado',
    error: message === null ? null : { code: 'api_rejected', message },
    ...(rejection ? { rejection } : {}),
  });

afterEach(cleanup);

const one = (code: string, field: string | null, message = 'algo'): DianRejection => ({
  message: null,
  rules: [{ code, message, field }],
});

describe('explainRejection', () => {
  it('explains every rule of the data and names its field as the form labels it', () => {
    const rules = explainRejection(DSE, 'DSE');
    expect(rules.map((r) => r.code)).toEqual(['SBX-DIR01', 'DSAV05', 'DSAU04']);
    expect(rules[0]).toMatchObject({
      where: 'Proveedor › Municipio',
      message: 'El código de municipio 99999 del proveedor no existe en DIVIPOLA.',
    });
    expect(rules[0]!.meaning).toMatch(/DIVIPOLA/);
    expect(rules[1]!.where).toBe('Líneas › línea 3 › Unidad');
    expect(rules[2]).toMatchObject({ message: 'La base imponible no cuadra.', meaning: expect.stringMatching(/totales/) });
    expect(rules[2]!.where).toMatch(/valores de las líneas/);
  });

  it('names FE fields with the invoice form’s labels, and DSE ones with the support document’s', () => {
    expect(explainRejection(one('SBX-TAR01', 'items[0].iva'), 'FE')[0]!.where).toBe('Líneas › línea 1 › Impuesto');
    expect(explainRejection(one('SBX-SIM01', 'receptor.numero_doc'), 'FE')[0]!.where).toBe('Cliente › Número de documento');
    expect(explainRejection(one('SBX-DIR01', 'receptor.direccion'), 'FE')[0]!.where).toBe('Cliente › Dirección');
    expect(explainRejection(one('SBX-SIM01', 'proveedor.nit'), 'DSE')[0]!.where).toBe('Proveedor › Número de identificación');
    expect(explainRejection(one('DSAD15a', 'moneda'), 'DSE')[0]!.where).toBe('Moneda');
    expect(explainRejection(one('SBX-FEC01', 'fecha_emision'), 'FE')[0]!.where).toBe('Fecha de emisión');
    expect(explainRejection(one('SBX-OP01', 'aiu'), 'FE')[0]!.where).toMatch(/^AIU/);
  });

  it('a rule without a field sends configuration rules to the provider; an unknown field or code is never shown raw', () => {
    const config = /configuración de la empresa/;
    for (const code of ['FAD05e', 'DSAB10b', 'DSAD05d', 'DSAD05e', 'DSAB07a', 'DSAB08a', 'DSAB27b', 'ZE02'])
      expect(explainRejection(one(code, null), 'DSE')[0]!.where, code).toMatch(config);
    const unknown = explainRejection(one('XYZ99', 'extension.campo_raro', 'mensaje'), 'DSE')[0]!;
    expect(unknown).toMatchObject({ code: 'XYZ99', message: 'mensaje' });
    expect(unknown.where).toBe('Revise el dato que indica el mensaje de la DIAN.');
    expect(unknown.meaning).toBe('La DIAN rechazó el documento por la regla indicada.');
  });
});

describe('RejectionReasons', () => {
  it('shows each rule: its meaning, where to correct it, the code as a code and the DIAN text; never the stored sentence', () => {
    render(<RejectionReasons submission={rejected('DSE', DSE)} fallback="Sin motivo." />);
    const items = screen.getAllByTestId('rejection-rule');
    expect(items.map((li) => li.dataset.code)).toEqual(['SBX-DIR01', 'DSAV05', 'DSAU04']);
    expect(items[0]!.textContent).toContain('Dónde corregir: Proveedor › Municipio');
    const code = items[0]!.querySelector('code')!;
    expect(code.textContent).toBe('SBX-DIR01');
    expect(items[0]!.textContent).toContain(
      'Regla de la DIAN SBX-DIR01: «El código de municipio 99999 del proveedor no existe en DIVIPOLA.»',
    );
    expect(document.body.textContent).not.toContain('FAK24');
    expect(document.body.textContent).not.toContain('No se enviará');
  });

  it('an FE rule names the invoice form’s field', () => {
    const rejection = one('SBX-SIM01', 'receptor.numero_doc', 'Rechazo simulado del sandbox.');
    render(<RejectionReasons submission={rejected('FE', rejection)} fallback="Sin motivo." />);
    expect(screen.getByTestId('rejection-where').textContent).toBe('Cliente › Número de documento');
    expect(screen.getByTestId('rejection-message').textContent).toBe('«Rechazo simulado del sandbox.»');
  });

  it("a rejection that names no rule shows the DIAN's message; a row without the data, its text; else the fallback", () => {
    const { rerender } = render(
      <RejectionReasons submission={rejected('FE', { message: 'Documento con errores.', rules: [] })} fallback="Sin motivo." />,
    );
    expect(screen.getByTestId('rejection-reason').textContent).toBe('La DIAN respondió: «Documento con errores.»');
    rerender(<RejectionReasons submission={rejected('DSE', undefined)} fallback="Sin motivo." />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe(STORED);
    expect(screen.queryByTestId('rejection-rule')).toBeNull();
    rerender(<RejectionReasons submission={rejected('DSE', undefined, null)} fallback="Sin motivo." />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe('Sin motivo.');
  });
});
