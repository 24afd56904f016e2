import type { outboxMethods } from '#shared/rpc/methods/outbox';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function outboxHandlers({ submissions }: CoreParts): Handlers<typeof outboxMethods> {
  return {
    'outbox.status': () => submissions.outboxStatus(),
    'outbox.transmit': () => submissions.transmitOutbox(),
    'outbox.setWindow': ({ hours }) => submissions.setOutboxWindow(hours),
  };
}
