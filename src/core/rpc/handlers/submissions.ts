import type { submissionMethods } from '#shared/rpc/methods/submissions';
import type { CoreParts } from '#core/parts';
import type { Handlers } from '../registry';

export function submissionHandlers({ submissions }: CoreParts): Handlers<typeof submissionMethods> {
  return {
    'submissions.list': (input) => submissions.list(input),
    'submissions.get': ({ id }) => submissions.get(id),
    'submissions.byKey': ({ kind, key }) => submissions.byKey(kind, key),
    'submissions.resume': () => submissions.resumeAll(),
    'submissions.check': ({ id }) => submissions.check(id),
    'submissions.supportInfo': ({ id }) => submissions.supportInfo(id),
    'submissions.release': ({ id }) => submissions.release(id),
  };
}
