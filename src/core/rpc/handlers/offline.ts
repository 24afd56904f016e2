import type { offlineMethods } from '#shared/rpc/methods/offline';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function offlineHandlers({ offline }: CoreParts): Handlers<typeof offlineMethods> {
  return {
    'offline.status': () => offline,
  };
}
