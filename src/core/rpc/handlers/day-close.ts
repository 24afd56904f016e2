import type { dayCloseMethods } from '#shared/rpc/methods/day-close';
import { DayCloseReader } from '#core/day-close/day-close';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function dayCloseHandlers({ reads, connections, clock }: CoreParts): Handlers<typeof dayCloseMethods> {
  const reader = new DayCloseReader(reads, clock);
  return {
    'dayClose.get': ({ date }) => reader.read(connections.requireActive().id, date),
  };
}
