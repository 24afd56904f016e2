import type { historyMethods } from '../../../shared/rpc/methods/history';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function historyHandlers({ history }: CoreParts): Handlers<typeof historyMethods> {
  return {
    'history.sync': () => history.sync(),
    'history.status': () => history.status(),
  };
}
