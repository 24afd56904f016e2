import type { draftMethods } from '#shared/rpc/methods/drafts';
import { Drafts } from '#core/drafts/drafts';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function draftHandlers(parts: CoreParts): Handlers<typeof draftMethods> {
  const drafts = new Drafts(parts.engine, parts.clock);
  return {
    'drafts.get': ({ kind }) => drafts.get(kind, parts.connections.requireActive().id),
    'drafts.save': ({ kind, idempotency_key, data }) =>
      drafts.save(kind, parts.connections.requireActive().id, idempotency_key, data),
    'drafts.discard': async ({ kind }) => ({ discarded: await drafts.discard(kind, parts.connections.requireActive().id) }),
  };
}
