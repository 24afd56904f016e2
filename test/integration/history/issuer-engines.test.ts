// The issuer profile on both engines, one test body per engine: saved and saved again over, its DV
// computed from the NIT when not given, and its warnings counted from the local history (the range
// from the highest number of its prefix, the plan from this year's documents).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IssuerProfiles } from '#core/history/issuer';
import type { IssuerProfile } from '#shared/rpc/methods/history';
import { addConnections, ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

const clock = () => new Date('2026-11-20T15:00:00.000Z');
const PROFILE: IssuerProfile = {
  nombre: 'Panadería La Espiga S.A.S.',
  nit: '900123456',
  dv: '',
  direccion: 'Calle 10 # 5-20',
  ciudad: 'Bogotá',
  email: 'caja@espiga.co',
  telefono: '3001234567',
  logo: '',
  resolucion: {
    numero: '18760000001',
    desde: '2026-01-01',
    hasta: '2027-06-30',
    prefijo: 'SETP',
    rango_desde: 1,
    rango_hasta: 1_000,
  },
  contingencia: null,
  plan: '50',
};

describe.each(ENGINE_KINDS)('issuer profile on %s', (kind) => {
  let opened: OpenedEngine;
  let profiles: IssuerProfiles;
  beforeEach(async () => {
    opened = await openEngine(kind);
    await addConnections(opened.engine, [1, 2]);
    profiles = new IssuerProfiles(opened.engine, clock);
  });
  afterEach(async () => {
    await opened.close();
  });

  /** Documents of the local history: FE numbered in the resolution's prefix, on these dates. */
  async function issued(numbers: number[], date = '2026-11-01'): Promise<void> {
    await opened.engine.db
      .insertInto('history_documents')
      .values(
        numbers.map((n) => ({
          connection_id: 1,
          kind: 'FE',
          remote_id: n,
          tipo_dian: '01',
          number: `SETP${n}`,
          prefijo: 'SETP',
          consecutivo: n,
          estado_dian: 'aceptado',
          fiscal_key: `cufe-${n}`,
          issue_date: date,
          counterpart_name: 'Consumidor final',
          counterpart_doc: '222222222222',
          subtotal: '1000.00',
          impuestos: '0.00',
          total: '1000.00',
          total_cents: 100_000,
          moneda: 'COP',
          items_text: '',
          document_json: '{}',
          synced_at: 'now',
        })),
      )
      .execute();
  }

  it('saves the profile per connection, computes the DV it lacks, and saves over it', async () => {
    expect(await profiles.get(1)).toBeNull();
    expect(await profiles.set(1, PROFILE)).toEqual({ ...PROFILE, dv: '8' });
    const edited = { ...PROFILE, nombre: 'La Espiga', dv: '8', plan: 'ilimitado' as const, resolucion: null };
    expect(await profiles.set(1, edited)).toEqual(edited);
    expect(await profiles.get(1)).toEqual(edited);
    expect(await profiles.get(2)).toBeNull();
  });

  it('warns from the local history: the range left after the highest number, and the plan used this year', async () => {
    await profiles.set(1, PROFILE);
    expect(await profiles.warnings(1)).toEqual([]);
    // 41 documents this year (80 % of 50 is 40), the highest number 950 of 1,000: 50 left, under 100.
    await issued(Array.from({ length: 40 }, (_, i) => i + 1));
    await issued([950]);
    await issued([951], '2025-12-31');
    expect((await profiles.warnings(1)).map((w) => [w.code, w.text])).toEqual([
      ['range_ending', 'Quedan 49 números del rango autorizado (hasta SETP1000). Solicite la siguiente resolución a tiempo.'],
      ['plan_ending', 'Lleva 41 de 50 documentos de su plan anual en 2026. Considere ampliar el plan con su proveedor.'],
    ]);
    expect(await profiles.warnings(2)).toEqual([]);
  });
});
