import type { registerMethods } from '#shared/rpc/methods/registers';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function registerHandlers({ registers }: CoreParts): Handlers<typeof registerMethods> {
  return {
    'registers.list': () => registers.list(),
    'registers.rename': ({ id, name }) => registers.rename(id, name),
    'registers.remove': ({ id }) => registers.remove(id),
    'registers.rejoin': () => registers.rejoin(),
  };
}
