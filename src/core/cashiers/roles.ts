// What only an administrator may do, by RPC method, checked in core before the handler runs: the
// window hides these buttons from a cajero, but a hidden button is not a lock. Cash out and a close
// with a difference are checked by the shifts themselves (an administrator's PIN may approve them).
import { isAppError } from '#shared/rpc/errors';
import type { Cashiers } from './cashiers';

/** Each guarded method and what it is, in the words of the refusal. */
export const ADMIN_ONLY: Readonly<Record<string, string>> = {
  // Settings
  'app.restore': 'Restaurar una copia',
  'app.setBackupsKept': 'Cambiar las copias de seguridad',
  'database.check': 'Revisar la base de datos del negocio',
  'database.use': 'Cambiar la base de datos',
  'database.move': 'Pasar los datos a la base de datos del negocio',
  'database.useLocal': 'Cambiar la base de datos',
  'shopServer.becomeMain': 'Hacer de este equipo la caja principal',
  'shopServer.start': 'Iniciar la caja principal',
  'shopServer.stop': 'Detener la caja principal',
  'shopServer.join': 'Unirse a una caja principal',
  'connections.create': 'Cambiar las conexiones',
  'connections.update': 'Cambiar las conexiones',
  'connections.activate': 'Cambiar de conexión',
  'connections.remove': 'Cambiar las conexiones',
  'connections.setToken': 'Cambiar el token',
  'connections.forgetToken': 'Cambiar el token',
  'connections.trustCa': 'Cambiar los certificados',
  'connections.forgetCa': 'Cambiar los certificados',
  'fe.saveWithholdingTypes': 'Cambiar las retenciones',
  'dseCatalog.saveCostCenters': 'Cambiar los centros de costo',
  'history.setIssuer': 'Cambiar los datos del emisor',
  'history.setPrintSettings': 'Cambiar la impresión',
  'outbox.setWindow': 'Cambiar la contingencia',
  'print.setThermal': 'Cambiar la impresora',
  'sandbox.setOutage': 'Cambiar el ensayo de caída',
  'registers.rename': 'Cambiar el nombre de una caja',
  'registers.remove': 'Retirar una caja del negocio',
  'registers.rejoin': 'Volver a unir esta caja al negocio',
  // Corrections
  'dseCorrections.start': 'Corregir un documento',
  'dseCorrections.link': 'Corregir un documento',
  // The drawer on demand
  'print.openDrawer': 'Abrir el cajón',
};

/**
 * The ways out of a shop database that cannot be reached or entered any more (its server off, this
 * register removed from it): who is signed in cannot be read there, so they are answered as the
 * host answers them when the store could not open at all (main/unavailable-store.ts); back on this
 * equipment's own data, its own administrators guard everything again.
 */
const WAYS_OUT = new Set(['database.check', 'database.use', 'database.useLocal', 'shopServer.start', 'shopServer.join']);

/** The handlers, each guarded method refusing anyone but an administrator. */
export function guardAdminOnly<H extends Record<string, (input: never) => unknown>>(handlers: H, cashiers: Cashiers): H {
  const guarded: Record<string, (input: never) => unknown> = { ...handlers };
  for (const [name, what] of Object.entries(ADMIN_ONLY)) {
    const handler = handlers[name];
    if (!handler) continue;
    guarded[name] = async (input: never) => {
      try {
        await cashiers.requireAdmin(what);
      } catch (error) {
        if (!(WAYS_OUT.has(name) && isAppError(error) && error.code === 'store_unavailable')) throw error;
      }
      return handler(input);
    };
  }
  return guarded as H;
}
