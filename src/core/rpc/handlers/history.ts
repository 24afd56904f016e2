import type { historyMethods } from '../../../shared/rpc/methods/history';
import { AppError } from '../../../shared/rpc/errors';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function historyHandlers({ history, connections }: CoreParts): Handlers<typeof historyMethods> {
  return {
    'history.sync': () => history.sync(),
    'history.status': () => history.status(),
    'history.search': (query) => history.mirror.search(connections.requireActive().id, query),
    'history.get': ({ id }) => {
      const found = history.mirror.get(connections.requireActive().id, id);
      if (!found) throw new AppError('not_found', 'El documento no está en el historial local.');
      const { document_json, ...entry } = found;
      return { ...entry, document: JSON.parse(document_json) as Record<string, unknown> };
    },
  };
}
