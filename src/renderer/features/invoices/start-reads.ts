// What the Facturas form needs from core before it can be used (the saved draft, the company's
// catalogs), asked for as early as the app can: start.ts calls startInvoices while the code is
// still being evaluated, so this module imports nothing but the RPC client. prefetch.ts hands the
// catalogs to the query cache; the screen takes the draft (takeStartDraft, readDraft).
import type { Draft } from '#shared/rpc/methods/drafts';
import { invoke } from '#renderer/rpc/client';

export interface StartCatalogs {
  paymentMethods: Promise<unknown>;
  withholdingTypes: Promise<unknown>;
  terceros: Promise<unknown>;
}

let startDraft: { promise: Promise<Draft | null>; answer?: { value: Draft | null } } | null = null;
let startCatalogs: StartCatalogs | null = null;

/** Asks core for the draft and the catalogs now; a failure is left to the screen's own queries. */
export function startInvoices(): void {
  const read: NonNullable<typeof startDraft> = { promise: invoke('drafts.get', { kind: 'FE' }) };
  read.promise.then(
    (value) => {
      read.answer = { value };
    },
    () => undefined,
  );
  startDraft = read;
  startCatalogs = {
    paymentMethods: invoke('fe.paymentMethods', {}),
    withholdingTypes: invoke('fe.withholdingTypes', {}),
    terceros: invoke('fe.terceros', {}),
  };
  const { paymentMethods, withholdingTypes, terceros } = startCatalogs;
  for (const answer of [paymentMethods, withholdingTypes, terceros]) answer.catch(() => undefined);
}

/** The catalogs asked for at start, once (null when none were). */
export function takeStartCatalogs(): StartCatalogs | null {
  const early = startCatalogs;
  startCatalogs = null;
  return early;
}

/**
 * The draft is read fresh each time the screen opens (its query keeps nothing: gcTime 0), so it is
 * not cached: the first open takes the start read's answer, once. As initial data when it has
 * already arrived (then the first render shows the form, not "Cargando…"), else undefined.
 */
export function takeStartDraft(): Draft | null | undefined {
  if (!startDraft?.answer) return undefined;
  const { value } = startDraft.answer;
  startDraft = null;
  return value;
}

/** The draft as the screen reads it when it opens: the start read the first time, else a new read. */
export function readDraft(): Promise<Draft | null> {
  const early = startDraft;
  startDraft = null;
  return early ? early.promise : invoke('drafts.get', { kind: 'FE' });
}
