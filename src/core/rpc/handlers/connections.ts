import { AppError } from '#shared/rpc/errors';
import type { connectionMethods } from '#shared/rpc/methods/connections';
import { checkConnection } from '#core/connections/check';
import { normaliseBaseUrl } from '#core/connections/connections';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';
import { countOf } from '#shared/format';

export function connectionHandlers({ connections, submissions, fetch, clock }: CoreParts): Handlers<typeof connectionMethods> {
  return {
    'connections.list': () => connections.list(),
    'connections.keychain': () => connections.keychain(),
    'connections.create': (draft) => connections.create(draft),
    'connections.update': async ({ id, ...draft }) => {
      const current = await connections.get(id);
      const company = current.company_id !== draft.company_id || current.kind !== draft.kind;
      // Sales that never left follow a new address of the same company; anything that may have reached
      // the server is confirmed only where it was sent, and no sale goes to another company or from
      // tests to production.
      const bound = await (company ? submissions.ledger.openOf(id) : submissions.ledger.sentOpenOf(id));
      if (bound > 0 && (company || current.base_url !== normaliseBaseUrl(draft.base_url))) {
        throw new AppError(
          'conflict',
          `No se puede cambiar ${company ? 'la empresa o el tipo' : 'la URL'} de esta conexión: tiene ${plural(bound)} ` +
            (company
              ? 'que pertenecen a esta empresa (en la cola de contingencia, en duda o pendientes). '
              : 'que pudieron llegar al servicio y se confirman en esta dirección. ') +
            'Espere a que se transmitan y confirmen (Pendientes, cola de contingencia) o cree otra conexión para el cambio.',
          { unresolved: bound },
        );
      }
      return connections.update(id, draft);
    },
    'connections.activate': ({ id }) => connections.activate(id),
    'connections.remove': async ({ id }) => {
      // Its token and address are what confirms them: removing it would leave them unresolvable.
      const open = await submissions.ledger.openOf(id);
      if (open > 0) {
        throw new AppError(
          'conflict',
          `No se puede eliminar esta conexión: tiene ${plural(open)} ` +
            '(en duda o pendientes) que se confirman con ella. Espere a que se resuelvan o consúltelos en «Pendientes» y vuelva a intentarlo.',
          { unresolved: open },
        );
      }
      await connections.remove(id);
      return { removed: true as const };
    },
    'connections.setToken': async ({ id, token, replace_unresolved }) => {
      const unresolved = await submissions.unresolvedUnderOtherCredentials(id, token);
      if (unresolved > 0 && !replace_unresolved) {
        throw new AppError(
          'credentials_changed',
          `Esta conexión tiene ${plural(unresolved)} hechos con el token actual. ` +
            'Con otro token no se reenviarán, para no crear duplicados: se consultarán si se conoce el documento y, si no, quedarán en espera ' +
            'hasta que vuelva el token anterior o hasta que usted confirme, tras revisar el portal de su proveedor, que no se crearon. ' +
            'Confírmelos primero en «Pendientes» o confirme el cambio de token.',
          { unresolved },
        );
      }
      return connections.setToken(id, token);
    },
    'connections.forgetToken': ({ id }) => connections.forgetToken(id),
    'connections.trustCa': ({ id, pem }) => connections.trustCa(id, pem),
    'connections.forgetCa': ({ id }) => connections.forgetCa(id),
    'connections.test': ({ id }) => checkConnection(connections, id, fetch, clock),
  };
}

function plural(count: number): string {
  return countOf(count, 'envío sin confirmar', 'envíos sin confirmar');
}
