// The rejection read from a create answer's `dian` object (src/shared/api/dian.ts): each rule's
// code, the DIAN's message and the request field as data, tolerant of a server that gives only the
// contract's four fields or malformed entries; never parsed out of the composed sentence.
import { describe, expect, it } from 'vitest';
import { readDianRejection } from '#shared/api/dian';

const dian = (extra: Record<string, unknown>) => ({
  ok: false,
  error: 'Documento soporte DSE12 rechazado por la DIAN: Regla: DSAV05, Rechazo: Línea 3: QQQ.',
  dian: {
    is_valid: false,
    status_code: '99',
    status_description: 'Validación contiene errores en campos mandatorios.',
    status_message: 'Regla: DSAV05, Rechazo: Línea 3: QQQ.',
    ...extra,
  },
});

describe('readDianRejection', () => {
  it('reads every rule with its code, message and field (null when the value is not the form’s)', () => {
    const body = dian({
      errores: [
        {
          regla: 'SBX-DIR01',
          mensaje: 'El código de municipio 99999 del proveedor no existe en DIVIPOLA.',
          campo: 'proveedor.codigo_municipio',
        },
        {
          regla: 'DSAV05',
          mensaje: 'Línea 3: la unidad de medida QQQ no está en la lista de unidades.',
          campo: 'items[2].unidad_medida',
        },
        { regla: 'DSAB08a', mensaje: 'La resolución venció.', campo: null },
      ],
    });
    expect(readDianRejection(body)).toEqual({
      message: 'Regla: DSAV05, Rechazo: Línea 3: QQQ.',
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
        { code: 'DSAB08a', message: 'La resolución venció.', field: null },
      ],
    });
  });

  it("a server with only the contract's four fields: no rules, the DIAN's status message", () => {
    const body = dian({ status_message: 'Documento con errores en campos mandatorios.' });
    expect(readDianRejection(body)).toEqual({ message: 'Documento con errores en campos mandatorios.', rules: [] });
    expect(readDianRejection(dian({ status_message: ' ' }))).toEqual({
      message: 'Validación contiene errores en campos mandatorios.',
      rules: [],
    });
  });

  it('skips a rule without its code or message, and takes a field that is not a text as none', () => {
    const body = dian({
      errores: [{ regla: 'FAK24' }, { mensaje: 'sin código' }, 'texto', null, { regla: 'FAK24', mensaje: 'DV errado', campo: 7 }],
    });
    expect(readDianRejection(body)?.rules).toEqual([{ code: 'FAK24', message: 'DV errado', field: null }]);
  });

  it('no rejection without a dian object, with an accepted one, or with one that says nothing', () => {
    expect(readDianRejection({ ok: false, error: 'Regla: FAK24, Rechazo: DV errado' })).toBeNull();
    expect(readDianRejection({ dian: { is_valid: true, status_message: 'Autorizado' } })).toBeNull();
    expect(readDianRejection({ dian: { is_valid: false } })).toBeNull();
    expect(readDianRejection({ dian: 'rechazado' })).toBeNull();
    expect(readDianRejection(null)).toBeNull();
  });

  it('keeps a hostile answer small: at most 50 rules, each text cut', () => {
    const errores = Array.from({ length: 80 }, (_, i) => ({ regla: `R${i}`, mensaje: 'x'.repeat(5000), campo: 'y'.repeat(900) }));
    const rules = readDianRejection(dian({ errores }))!.rules;
    expect(rules).toHaveLength(50);
    expect(rules[0]!.message).toHaveLength(1000);
    expect(rules[0]!.field).toHaveLength(200);
  });
});
