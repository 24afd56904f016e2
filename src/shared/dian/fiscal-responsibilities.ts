// DIAN's fiscal responsibilities (`TipoResponsabilidad-2.1`) a DSE supplier's `regimen` takes; the
// contract's technical default is `O-49` ("Supplier").
import type { DianCode } from './code-list';

export const FISCAL_RESPONSIBILITIES = [
  { code: 'O-49', name: 'No responsable de IVA' },
  { code: 'O-48', name: 'Responsable de IVA' },
  { code: 'O-47', name: 'Régimen simple de tributación' },
  { code: 'O-13', name: 'Gran contribuyente' },
  { code: 'O-15', name: 'Autorretenedor' },
  { code: 'O-23', name: 'Agente de retención IVA' },
  { code: 'R-99-PN', name: 'No aplica – otros' },
] as const satisfies readonly DianCode[];
