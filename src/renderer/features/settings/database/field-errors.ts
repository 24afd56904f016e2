import type { UseFormSetError } from 'react-hook-form';
import { placeServerErrors, userSentence } from '#renderer/forms/server-fields';
import { RpcClientError } from '#renderer/rpc/client';

/** What the address and password forms hold, as typed. */
export interface DatabaseValues {
  address: string;
  password?: string | undefined;
}

/** The RPC input: an empty password is left out, so the host uses the one the keychain holds. */
export function databaseInput(values: DatabaseValues): { address: string; password?: string } {
  return values.password ? { address: values.address, password: values.password } : { address: values.address };
}

/**
 * The host's refusal: the fields it names are marked on the form (address, password) and its message
 * is returned to be shown whole; nothing typed is cleared.
 */
export function placeDatabaseError(error: unknown, setError: UseFormSetError<DatabaseValues>): string {
  if (!(error instanceof RpcClientError)) return 'No se pudo hablar con la base de datos. Vuelva a intentarlo.';
  const named = (error.details?.fields ?? []).map((issue) => ({ path: issue.path, code: error.code, message: issue.message }));
  const placed = placeServerErrors(named, (path) => (path === 'address' || path === 'password' ? path : null));
  for (const [path, message] of placed.fields) setError(path as keyof DatabaseValues, { message });
  return userSentence(error.message);
}
