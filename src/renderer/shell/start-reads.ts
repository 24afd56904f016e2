// What the shell shows around every screen (the signed-in cashier, the keychain notice, the outbox
// banner, the status bar, the settlement notices), asked for by start.ts with the first screen's
// data, before the app's code is evaluated, instead of by each part once React has mounted it. The
// answers are in the query cache at the first render (prefetchShell, from main.tsx): the shell is
// drawn whole at once instead of growing a notice above the screen a round trip later, which moved
// the whole screen down under the user's eyes, and the first screen does not wait behind these reads.
// This module imports nothing but the RPC client (start.ts's chunk must stay small).
import type { QueryClient } from '@tanstack/react-query';
import type { MethodName } from '#shared/rpc/contract';
import type { RegisterList } from '#shared/rpc/methods/registers';
import { invoke } from '#renderer/rpc/client';
import { rememberKeyRegister } from '#renderer/rpc/key-register';

/** Each read: its method and input exactly as the shell's parts ask for them (the query key). */
export const SHELL_READS = [
  ['cashiers.state', {}],
  ['connections.keychain', {}],
  ['outbox.status', {}],
  ['connections.list', {}],
  ['app.info', {}],
  ['submissions.list', { open: true, limit: 500 }],
  ['registers.list', {}],
  ['offline.status', {}],
] as const satisfies readonly (readonly [MethodName, object])[];

let started: Promise<unknown>[] | null = null;

/** Asks core for the shell's data now; a failure is left to the part's own query (it asks again). */
export function startShell(): void {
  started = SHELL_READS.map(([method, input]) => {
    const answer: Promise<unknown> = invoke(method, input);
    answer.catch(() => undefined);
    return answer;
  });
}

/**
 * Hands what start asked for to the query cache under the parts' own keys, once; nothing when start
 * did not ask. Settles (never rejects) once those answers are in the cache.
 */
export function prefetchShell(client: QueryClient): Promise<void> {
  const answers = started;
  started = null;
  if (!answers) return Promise.resolve();
  const cached = SHELL_READS.map(([method, input], i) =>
    client.prefetchQuery({ queryKey: [method, input], queryFn: () => answers[i]! }),
  );
  return Promise.all(cached).then(() => {
    // Before the first form draws its key.
    rememberKeyRegister(client.getQueryData<RegisterList>(['registers.list', {}]));
  });
}
