// What a register selling without the caja principal refuses, and why in a few words: the shop's
// shared data has one writer, the shop's database. Core refuses these methods before anything runs
// (core/offline/offline-mode.ts); the screens read the same list to show the actions disabled with
// the same reason, so the two never drift apart.
import type { MethodName } from '../rpc/contract';

const SHARED = 'se cambia en la caja principal';
const CONNECTIONS = 'Las conexiones se cambian en la caja principal';
const CASHIERS = 'Los cajeros se cambian en la caja principal';
const REGISTERS = 'Las cajas se cambian en la caja principal';

export const OFFLINE_REFUSED = {
  'catalog.save': `El catálogo ${SHARED}`,
  'catalog.setActive': `El catálogo ${SHARED}`,
  'catalog.applyImport': `El catálogo ${SHARED}`,
  'customers.save': `La lista de clientes ${SHARED}`,
  'customers.setActive': `La lista de clientes ${SHARED}`,
  'history.setIssuer': `Los datos del emisor se cambian en la caja principal`,
  'history.sync': 'El historial completo se sincroniza con la caja principal',
  'connections.create': CONNECTIONS,
  'connections.update': CONNECTIONS,
  'connections.activate': CONNECTIONS,
  'connections.remove': CONNECTIONS,
  'connections.trustCa': CONNECTIONS,
  'connections.forgetCa': CONNECTIONS,
  'cashiers.createAdmin': CASHIERS,
  'cashiers.create': CASHIERS,
  'cashiers.setActive': CASHIERS,
  'cashiers.setSettings': CASHIERS,
  'registers.rename': REGISTERS,
  'registers.remove': REGISTERS,
  'registers.rejoin': REGISTERS,
  'dseCatalog.saveCostCenters': `Los centros de costo ${SHARED}`,
  'fe.saveWithholdingTypes': `Las retenciones ${SHARED}`,
  'print.setSettings': `La configuración de impresión ${SHARED}`,
  'outbox.setWindow': `El plazo de contingencia ${SHARED}`,
  // The close counts every sale of the shift, and those made before the cut are in the shop's database.
  'shifts.close': 'El turno se cierra cuando vuelva la caja principal: sus ventas de antes del corte están allá',
  'database.move': 'Esta caja trabaja con una copia de los datos del negocio; no se puede pasar a otra base de datos',
  'shopServer.becomeMain': 'Esta caja trabaja con una copia de los datos del negocio; no puede hacerse caja principal',
} as const satisfies Partial<Record<MethodName, string>>;

export type OfflineRefusedMethod = keyof typeof OFFLINE_REFUSED;

/** Why `method` is refused without the caja principal, in a few words; null when it runs there too. */
export function offlineRefusedReason(method: string): string | null {
  return Object.hasOwn(OFFLINE_REFUSED, method) ? OFFLINE_REFUSED[method as OfflineRefusedMethod] : null;
}
