// What the Facturas form needs from core before it can be used (the saved draft, the company's
// catalogs), asked for as early as the app can: start.ts calls startInvoices while the code is
// still being evaluated, so this module imports nothing but the RPC client. prefetch.ts hands the
// catalogs to the query cache; the screen takes the draft (takeStartDraft, readDraft) and what the
// ledger knows of the draft's key (takeDraftCheck).
import type { Draft } from '#shared/rpc/methods/drafts';
import type { Submission } from '#shared/rpc/methods/submissions';
import { invoke } from '#renderer/rpc/client';

export interface StartCatalogs {
  paymentMethods: Promise<unknown>;
  withholdingTypes: Promise<unknown>;
  terceros: Promise<unknown>;
  /** the issuer's profile (its contingency numbering) and what it lacks, both shown with the form */
  issuer: Promise<unknown>;
  issuerWarnings: Promise<unknown>;
}

/** A read asked for at start: its promise, and its answer once it has arrived. */
export interface StartRead<T> {
  promise: Promise<T>;
  answer?: { value: T };
}

let startDraft: StartRead<Draft | null> | null = null;
/** Settles once the draft asked for at start has arrived and, for a draft, its key's check. */
let startSettled: Promise<void> = Promise.resolve();
let startDraftCheck: (StartRead<Submission | null> & { key: string }) | null = null;
let startCatalogs: StartCatalogs | null = null;

function track<T>(promise: Promise<T>): StartRead<T> {
  const read: StartRead<T> = { promise };
  promise.then(
    (value) => {
      read.answer = { value };
    },
    () => undefined,
  );
  return read;
}

/** Asks core for the draft and the catalogs now; a failure is left to the screen's own queries. */
export function startInvoices(): void {
  startDraft = track(invoke('drafts.get', { kind: 'FE' }));
  // A saved draft opens only once the ledger says whether its key was already sent: asked for as
  // soon as the draft arrives, not after the screen has rendered it.
  startDraft.promise.then(
    (draft) => {
      if (draft) {
        const key = draft.idempotency_key;
        // The tracked read itself, not a copy: its answer is written into it when it arrives.
        startDraftCheck = Object.assign(track(invoke('submissions.byKey', { kind: 'FE', key })), { key });
      }
    },
    () => undefined,
  );
  startCatalogs = {
    paymentMethods: invoke('fe.paymentMethods', {}),
    withholdingTypes: invoke('fe.withholdingTypes', {}),
    terceros: invoke('fe.terceros', {}),
    issuer: invoke('history.issuer', {}),
    issuerWarnings: invoke('history.issuerWarnings', {}),
  };
  for (const answer of Object.values<Promise<unknown>>({ ...startCatalogs })) answer.catch(() => undefined);
  // The check is asked for in the draft's own callback above, which runs first.
  startSettled = startDraft.promise
    .then(() => startDraftCheck?.promise)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** Settles (never rejects) once the draft and its key's check asked for at start have answered; at once when none were. */
export function startReadsSettled(): Promise<void> {
  return startSettled;
}

/** The catalogs asked for at start, once (null when none were). */
export function takeStartCatalogs(): StartCatalogs | null {
  const early = startCatalogs;
  startCatalogs = null;
  return early;
}

/**
 * The draft is read fresh each time the screen opens (its query keeps nothing: gcTime 0), so it is
 * not cached: the first open takes the start read's answer. As initial data when it has already
 * arrived (then the first render shows the form, not "Cargando…"), else undefined.
 *
 * Kept until the screen has mounted (releaseStartDraft), not dropped at the first take: the query
 * is built in the first render and subscribed to only after that render is painted; on a busy
 * machine its gcTime of 0 collects it in between, and the query built again must find the same
 * answer, not ask core once more (and open the draft only after a second round trip).
 */
export function takeStartDraft(): Draft | null | undefined {
  return startDraft?.answer ? startDraft.answer.value : undefined;
}

/** The first open has mounted (its query is subscribed to): later opens read the draft again. */
export function releaseStartDraft(): void {
  startDraft = null;
}

/** What the ledger answered at start for the draft's `key` (its submission, or null), once; null when not asked. */
export function takeDraftCheck(key: string): StartRead<Submission | null> | null {
  const early = startDraftCheck;
  startDraftCheck = null;
  return early?.key === key ? early : null;
}

/** The draft as the screen reads it when it opens: the start read on the first open, else a new read. */
export function readDraft(): Promise<Draft | null> {
  return startDraft ? startDraft.promise : invoke('drafts.get', { kind: 'FE' });
}
