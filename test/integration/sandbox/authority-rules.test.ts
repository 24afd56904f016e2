// Conformance of the simulated tax authority's rule engine over HTTP (docs/SANDBOX.md, "Rules of the simulated
// tax authority"): a document that breaks a rule is created, numbered and signed, then rejected with
// the rule's DIAN code and message in `dian` (422 for a DSE as the contract says; 422 for an FE, a
// sandbox decision), and a replay of its key answers the same rejection; one that meets every rule is
// accepted; the magic outcomes still apply to valid documents.
import { describe, expect, it } from 'vitest';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';

const sandbox = useSandbox();
type Errors = { regla: string; mensaje: string; campo: string | null }[];
type Dian = { is_valid: boolean; status_code: string; status_message: string; errores: Errors };

describe('DSE: rules of the simulated tax authority', () => {
  const cases: [what: string, supplier: Record<string, unknown>, body: Record<string, unknown>, code: string, field: string][] = [
    ['a municipality that does not exist', { codigo_municipio: '99999' }, {}, 'SBX-DIR01', 'proveedor.codigo_municipio'],
    [
      'a municipality of another department',
      { codigo_municipio: '05001', codigo_departamento: '25' },
      {},
      'SBX-DIR01',
      'proveedor.codigo_departamento',
    ],
    ['a placeholder address', { direccion: 'N/A' }, {}, 'SBX-DIR01', 'proveedor.direccion'],
    ['a currency that is not ISO 4217', {}, { moneda: 'XYZ' }, 'DSAD15a', 'moneda'],
    ['USD without an exchange rate', {}, { moneda: 'USD' }, 'DSAD15a', 'tasa_cambio'],
    [
      'an unknown unit of measure',
      {},
      { items: [{ codigo: '70111703', cantidad: 1, precio_unitario: 1000, unidad_medida: 'QQQ' }] },
      'DSAV05',
      'items[0].unidad_medida',
    ],
  ];

  it.each(cases)(
    '%s: 422 rechazado with the rule in dian, and the replay is the same rejection',
    async (_what, supplier, overrides, code, field) => {
      const base = dseBody(overrides);
      const body = { ...base, proveedor: { ...base.proveedor, ...supplier } };
      const key = newKey('rule');
      const first = await sandbox.api.post<{
        ok: boolean;
        error: string;
        documento: { estado_dian: string; last_status_error: string };
        dian: Dian;
      }>('/dse/documentos', body, { idempotencyKey: key });
      expect(first.status).toBe(422);
      expect(first.body.documento.estado_dian).toBe('rechazado');
      expect(first.body.dian).toMatchObject({ is_valid: false, status_code: '99' });
      expect(first.body.dian.status_message).toContain(`Regla: ${code}, Rechazo: `);
      expect(first.body.dian.errores).toContainEqual(expect.objectContaining({ regla: code, campo: field }));
      expect(first.body.error).toContain(`Regla: ${code}`);
      const replay = await sandbox.api.post<{ error: string }>('/dse/documentos', body, { idempotencyKey: key });
      expect(replay.status).toBe(422);
      expect(replay.body.error).toContain(`Regla: ${code}`);
    },
  );

  it('the same documents, fixed, are accepted (201): a real municipality, USD with tasa_cambio, a known unit, a supplier abroad', async () => {
    for (const body of [
      dseBody(),
      dseBody({ moneda: 'USD', tasa_cambio: 4012.5 }),
      dseBody({ items: [{ codigo: '70111703', cantidad: 1.5, precio_unitario: 1000, unidad_medida: 'KGM' }] }),
      { ...dseBody(), proveedor: { tipo_documento: '42', nit: 'P123456', nombre: 'Acme Inc.', pais: 'US', municipio: 'Miami' } },
    ]) {
      const answer = await sandbox.api.post<{ dian: Dian }>('/dse/documentos', body, { idempotencyKey: newKey('ok') });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.dian.is_valid).toBe(true);
    }
  });

  it('tasa_cambio that is not a positive number is 400 naming it', async () => {
    const answer = await sandbox.api.post<{ errors: { field: string }[] }>(
      '/dse/documentos',
      dseBody({ moneda: 'USD', tasa_cambio: -1 }),
      { idempotencyKey: newKey('rate') },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e) => e.field)).toEqual(['tasa_cambio']);
  });

  it('a magic outcome applies to a valid document only: 333333333 with a bad municipality is rejected at once', async () => {
    const base = dseBody({}, '333333333');
    const answer = await sandbox.api.post<{ dian: Dian }>(
      '/dse/documentos',
      { ...base, proveedor: { ...base.proveedor, codigo_municipio: '99999' } },
      { idempotencyKey: newKey('magic') },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.dian.errores[0]!.regla).toBe('SBX-DIR01');
  });
});

describe('FE: rules of the simulated tax authority', () => {
  it('a valid invoice is accepted, AIU included (201)', async () => {
    const aiu = feBody({
      items: [{ desc: 'Obra', cant: 1, unit: 10000000, iva: 0, iva_incluido: false, unit_input: 10000000 }],
      subtotal: undefined,
      impuestos: undefined,
      total: undefined,
      aiu: {
        enabled: true,
        administracion_percent: 10,
        imprevistos_percent: 5,
        utilidad_percent: 5,
        tax_rate: 19,
        iva_base_mode: 'AIU_TOTAL',
      },
    });
    for (const body of [feBody(), aiu]) {
      const answer = await sandbox.api.post('/fe/facturas', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
  });

  it('receptor municipality (sandbox addition): a DIVIPOLA code is written and checked; 99999 is rejected pointing at it', async () => {
    const place = { codigo_municipio: '05001', municipio: 'Medellín', codigo_departamento: '05', departamento: 'Antioquia' };
    const good = await sandbox.api.post('/fe/facturas', feBody({ receptor: { ...(feBody().receptor as object), ...place } }));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const bad = await sandbox.api.post<{ dian: Dian; estado: string }>(
      '/fe/facturas',
      feBody({ receptor: { ...(feBody().receptor as object), ...place, codigo_municipio: '99999' } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.estado).toBe('rechazado');
    expect(bad.body.dian.errores).toContainEqual(
      expect.objectContaining({ regla: 'SBX-DIR01', campo: 'receptor.codigo_municipio' }),
    );
    const wrongType = await sandbox.api.post<{ errors: { field: string }[] }>(
      '/fe/facturas',
      feBody({ receptor: { ...(feBody().receptor as object), codigo_municipio: 5001 } }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.map((e) => e.field)).toEqual(['receptor.codigo_municipio']);
  });

  it('the magic rejection carries its rule in the DIAN words, and so does its replay', async () => {
    const body = { ...feBody({}, '222222222'), draft_key: newKey('fe-reject') };
    const first = await sandbox.api.post<{ error: string; dian: Dian }>('/fe/facturas', body);
    expect(first.status).toBe(422);
    expect(first.body.error).toContain('Regla: SBX-SIM01, Rechazo: ');
    expect(first.body.dian.errores).toEqual([expect.objectContaining({ regla: 'SBX-SIM01', campo: 'receptor.numero_doc' })]);
    const replay = await sandbox.api.post<{ error: string }>('/fe/facturas', body);
    expect(replay.status).toBe(422);
    expect(replay.body.error).toBe(first.body.error);
  });
});
