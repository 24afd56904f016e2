// An issuer profile with a contingency numbering, for tests whose sales go through an outage: without
// one, a contingency invoice carries no ticket reference and the sandbox (as the DIAN) rejects it.
import type { IssuerProfile } from '#shared/rpc/methods/history';

let prefixes = 0;

/**
 * A profile whose contingency numbering has a prefix of its own (T1, T2…): two shops numbering
 * the same range would send the sandbox one ticket number twice, which it rejects (as the DIAN does).
 */
export function contingencyProfile(): IssuerProfile {
  prefixes += 1;
  return { ...CONTINGENCY_PROFILE, contingencia: { ...CONTINGENCY_PROFILE.contingencia!, prefijo: `T${prefixes}` } };
}

const CONTINGENCY_PROFILE: IssuerProfile = {
  nombre: 'Tienda de pruebas S.A.S.',
  nit: '900123456',
  dv: '8',
  direccion: 'Calle 1 # 2-3',
  ciudad: 'Bogotá',
  email: '',
  telefono: '',
  logo: '',
  resolucion: null,
  contingencia: {
    numero: '18764000009',
    desde: '2026-01-01',
    hasta: '2027-12-31',
    prefijo: 'CT',
    rango_desde: 1,
    rango_hasta: 900_000,
  },
  plan: 'ilimitado',
};
