// What a refused call said: the AppError's code and Spanish message, for tests that check a refusal
// and go on. Anything else thrown fails the test as it is; a call that is not refused fails it too.
import { AppError } from '#shared/rpc/errors';

export async function refusal(work: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
