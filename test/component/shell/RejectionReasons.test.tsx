// A rejection in words the user understands (src/renderer/ui/dian-rejection.ts, RejectionReasons.tsx):
// each "Regla: CODE, Rechazo: message" of the DIAN's answer is explained and pointed at the field to
// correct, or at who must act when the value comes from the company configuration.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { explainRejection } from '#renderer/ui/dian-rejection';
import { RejectionReasons } from '#renderer/ui/RejectionReasons';

const SERVER =
  'La DIAN rechazó el documento: Documento soporte DSE12 rechazado por la DIAN: Regla: SBX-DIR01, Rechazo: El código de municipio 99999 del proveedor no existe en DIVIPOLA.; ' +
  'Regla: DSAV05, Rechazo: Línea 3: la unidad de medida QQQ no está en la lista de unidades.; Regla: DSAU04, Rechazo: La base imponible no cuadra. No se enviará de nuevo con otra clave; revise los datos.';

describe('explainRejection', () => {
  it('reads every rule of the message, explains it and points at the field', () => {
    const rules = explainRejection(SERVER);
    expect(rules.map((r) => r.code)).toEqual(['SBX-DIR01', 'DSAV05', 'DSAU04']);
    expect(rules[0]).toMatchObject({
      where: 'Proveedor › Departamento y municipio',
      message: 'El código de municipio 99999 del proveedor no existe en DIVIPOLA.',
    });
    expect(rules[1]!.where).toBe('Líneas › línea 3 › unidad de medida y cantidad');
    expect(rules[2]!.meaning).toMatch(/totales/);
    expect(rules[2]!.message).toBe('La base imponible no cuadra');
  });

  it('sends configuration rules to the provider, a placeholder address to the address field, a customer DV to the customer', () => {
    expect(explainRejection('Regla: FAD05e, Rechazo: Número DSE9 no existe para el número de autorización.')[0]!.where).toMatch(
      /configuración de la empresa/,
    );
    expect(
      explainRejection('Regla: SBX-DIR01, Rechazo: La dirección del proveedor es un marcador (N/A), no una dirección real.')[0]!
        .where,
    ).toBe('Proveedor › Dirección');
    expect(
      explainRejection('Regla: SBX-DIR01, Rechazo: El código de municipio 99999 del adquirente no existe en DIVIPOLA.')[0]!.where,
    ).toBe('Cliente › Departamento y municipio');
    expect(explainRejection('Regla: XYZ99, Rechazo: algo')[0]).toMatchObject({ code: 'XYZ99', message: 'algo' });
  });

  it("explains DIAN's support-document codes and the sandbox's own ones as the sandbox now sends them", () => {
    const config = /configuración de la empresa/;
    for (const code of ['DSAB10b', 'DSAD05d', 'DSAD05e', 'DSAB07a', 'DSAB08a', 'DSAB27b'])
      expect(explainRejection(`Regla: ${code}, Rechazo: algo`)[0]!.where, code).toMatch(config);
    expect(explainRejection('Regla: FAV05, Rechazo: Línea 2: la unidad de medida H87 no está en la lista.')[0]!.where).toBe(
      'Líneas › línea 2 › unidad de medida y cantidad',
    );
    expect(explainRejection('Regla: DSAD15a, Rechazo: La moneda XYZ no es un código ISO 4217.')[0]!.where).toBe(
      'Moneda (y tasa de cambio)',
    );
    expect(explainRejection('Regla: SBX-TAR01, Rechazo: Línea 1: la tarifa de IVA 12.00 % no está.')[0]!.where).toBe(
      'Líneas › línea 1 › tarifa de IVA',
    );
    expect(explainRejection('Regla: SBX-ITM01, Rechazo: Línea 1: 99999999 no es un código UNSPSC válido.')[0]!.where).toBe(
      'Líneas › línea 1 › código',
    );
    expect(explainRejection('Regla: SBX-PRV01, Rechazo: El proveedor es responsable de IVA.')[0]!.meaning).toMatch(/factura/);
    expect(explainRejection('Regla: SBX-OP01, Rechazo: La factura lleva AIU y su tipo de operación es 10.')[0]!.where).toMatch(
      /AIU/,
    );
    // A rejection stored before the sandbox used DIAN's codes still reads the same.
    expect(explainRejection('Regla: SBX-UND01, Rechazo: Línea 3: QQQ.')[0]!.where).toBe(
      'Líneas › línea 3 › unidad de medida y cantidad',
    );
  });

  it('names no rule in a message without one', () => {
    expect(explainRejection('La DIAN rechazó el documento.')).toEqual([]);
    expect(explainRejection(undefined)).toEqual([]);
  });
});

describe('RejectionReasons', () => {
  it('shows each rule with its meaning, where to correct it and the DIAN text', () => {
    render(<RejectionReasons message={SERVER} fallback="Sin motivo." />);
    const items = screen.getAllByTestId('rejection-rule');
    expect(items.map((li) => li.dataset.code)).toEqual(['SBX-DIR01', 'DSAV05', 'DSAU04']);
    expect(items[0]!.textContent).toContain('Dónde corregir: Proveedor › Departamento y municipio');
    expect(items[0]!.textContent).toContain('Regla SBX-DIR01 de la DIAN: El código de municipio 99999');
  });

  it('shows the message as it came when it names no rule, or the fallback', () => {
    const { rerender } = render(<RejectionReasons message="La DIAN rechazó el documento." fallback="Sin motivo." />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe('La DIAN rechazó el documento.');
    rerender(<RejectionReasons message={undefined} fallback="Sin motivo." />);
    expect(screen.getByTestId('rejection-reason').textContent).toBe('Sin motivo.');
  });
});
