// Exit codes of `npm run cli`: scripts branch on these, never on the printed text.
import type { ErrorCode } from '#shared/rpc/errors';
import type { SubmissionState } from '#shared/rpc/methods/submissions';

export const EXIT = {
  ok: 0,
  failure: 1,
  invalid: 2,
  pending: 3,
  rejected: 4,
} as const;

export function exitForState(state: SubmissionState, errorCode: string | null): number {
  switch (state) {
    case 'accepted':
      return EXIT.ok;
    case 'sending':
    case 'in_doubt':
    case 'pending':
      return EXIT.pending;
    case 'rejected':
      return EXIT.rejected;
    case 'failed':
      return errorCode === 'api_invalid' ? EXIT.invalid : EXIT.failure;
    case 'conflict':
      return EXIT.failure;
  }
}

export function exitForError(code: ErrorCode): number {
  return code === 'invalid_input' || code === 'api_invalid' ? EXIT.invalid : EXIT.failure;
}
