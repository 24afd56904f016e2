import type { dseCorrectionMethods } from '#shared/rpc/methods/dse-corrections';
import { DseCorrections } from '#core/dse-corrections/corrections';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function dseCorrectionHandlers(parts: CoreParts): Handlers<typeof dseCorrectionMethods> {
  const corrections = new DseCorrections(parts.engine, parts.clock);
  const active = () => parts.connections.requireActive().id;
  return {
    'dseCorrections.start': ({ submission_id }) => corrections.start(active(), submission_id),
    'dseCorrections.link': async ({ rejected_submission_id, key }) => ({
      linked: await corrections.link(active(), rejected_submission_id, key),
    }),
    'dseCorrections.of': ({ submission_id }) => corrections.of(active(), submission_id),
  };
}
