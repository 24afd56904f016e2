import type { RpcClientError } from '#renderer/rpc/client';

/**
 * Core could not open the shop's database: out of reach or refused, or its schema is newer than this
 * build (another register was updated first). Read by the notice and by the shell, which loads the
 * notice's code only then.
 */
export function databaseFailure(error: RpcClientError | null | undefined): RpcClientError | null {
  return error?.code === 'store_unavailable' || error?.code === 'store_newer_than_app' ? error : null;
}
