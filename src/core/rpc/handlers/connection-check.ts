import type { connectionCheckMethods } from '../../../shared/rpc/methods/connection-check';
import { checkConnection } from '../../connections/check';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function connectionCheckHandlers({ connections, fetch, clock }: CoreParts): Handlers<typeof connectionCheckMethods> {
  return {
    'connections.test': ({ id }) => checkConnection(connections, id, fetch, clock),
  };
}
