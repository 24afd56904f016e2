import type { registerMethods } from '#shared/rpc/methods/registers';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function registerHandlers({ registers, events }: CoreParts): Handlers<typeof registerMethods> {
  // Said once the write is committed: this window and, on the shop's database, the other registers refresh.
  const changed = <T>(id: string, result: T): T => {
    events.emit('registers.changed', { id });
    return result;
  };
  return {
    'registers.list': () => registers.list(),
    'registers.rename': async ({ id, name }) => changed(id, await registers.rename(id, name)),
    'registers.remove': async ({ id }) => changed(id, await registers.remove(id)),
    'registers.rejoin': async () => changed(await registers.id(), await registers.rejoin()),
  };
}
