// One invoice at a time: its draft_key (created once per form, kept in the draft), the form, and the
// result after submitting. A reopened draft whose key was already submitted shows that submission.
// The submission is followed through forms/useFollowedSubmission (core's events refresh it).
// Once the ledger holds a submission (whatever its state) the draft goes: an uncertain invoice is
// confirmed from the ledger with its own key and listed as pending, and the counter sells on.
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { Draft } from '#shared/rpc/methods/drafts';
import type { Submission } from '#shared/rpc/methods/submissions';
import { useFollowedSubmission } from '#renderer/forms/useFollowedSubmission';
import { lazyPart } from '#renderer/lazy';
import { invoke } from '#renderer/rpc/client';
import { PendingInvoices } from '../counter/PendingInvoices';
import { SaveCustomerOffer } from '../counter/SaveCustomer';
import { InvoiceForm } from './InvoiceForm';
import { defaultValues, newDraftKey, valuesFromDraft, type FeFormValues } from './model';
import { takeDraftCheck } from './start-reads';
import { usePaymentMethods, useWithholdingTypes } from './useInvoiceData';

// What a submit shows (the answer, its printout with the QR code, a rejection's reasons) is not part of
// the start's code: loaded once the form is up and the window idle, long before a first submit.
const submissionResult = lazyPart('SubmissionResult', () =>
  import('./SubmissionResult').then((module) => ({ default: module.SubmissionResult })),
);
const SubmissionResult = submissionResult.Component;

/** Loads what a submit shows once the window has nothing else to do (at once where it cannot tell). */
function preloadSubmissionResult(): () => void {
  const load = () => void submissionResult.load().catch(() => undefined);
  if (typeof requestIdleCallback !== 'function') {
    load();
    return () => undefined;
  }
  const idle = requestIdleCallback(load, { timeout: 2000 });
  return () => cancelIdleCallback(idle);
}

/** The submission a draft's key already made, shown instead of the form (a failed one is not: the form is). */
function sentUnder(known: Submission | null): Submission | null {
  return known && known.state !== 'failed' ? known : null;
}

export function InvoiceSession({ draft, today }: { draft: Draft | null; today: string }) {
  const [draftKey, setDraftKey] = useState(() => draft?.idempotency_key ?? newDraftKey());
  const [values, setValues] = useState<FeFormValues>(() => (draft ? valuesFromDraft(draft.data, today) : defaultValues(today)));
  const [formId, setFormId] = useState(0);
  // The submission as the submit (or the ledger, after a restart) answered it, then followed.
  const [sent, setSent] = useState<Submission | null>(null);
  const followed = useFollowedSubmission(sent?.id ?? null, sent);
  const submission = sent && followed.data?.id === sent.id ? followed.data : sent;
  // The ledger's answer for the draft's key, when start asked for it (start-reads.ts). When it says
  // nothing was sent under the key (the usual case), the form opens in the first render, with no
  // "Abriendo el borrador…" in between.
  const [early] = useState(() => (draft ? takeDraftCheck(draft.idempotency_key) : null));
  const nothingSent = early?.answer !== undefined && sentUnder(early.answer.value) === null;
  const [resolvingDraft, setResolvingDraft] = useState(draft !== null && !nothingSent);
  const methods = usePaymentMethods();
  const types = useWithholdingTypes();

  // A draft reopened after closing the app may already have been sent under its key.
  useEffect(() => {
    if (!draft || nothingSent) return;
    let live = true;
    // Looked up by its key, not among the latest submissions: after a restart the ledger is the only
    // witness of what this key did.
    (early?.promise ?? invoke('submissions.byKey', { kind: 'FE', key: draft.idempotency_key }))
      .then(async (known) => {
        const found = sentUnder(known);
        if (!found) return;
        // Shown once its code is here: "Abriendo el borrador…" until then, not a second loading
        // notice. Code that failed to load shows its error when rendered, never the form.
        await submissionResult.load().catch(() => undefined);
        if (live) setSent(found);
      })
      .catch(() => undefined)
      .finally(() => live && setResolvingDraft(false));
    return () => {
      live = false;
    };
  }, [draft, early, nothingSent]);

  useEffect(preloadSubmissionResult, []);

  const submitted = submission !== null && submission.state !== 'failed';
  useEffect(() => {
    if (submitted) void invoke('drafts.discard', { kind: 'FE' }).catch(() => undefined);
  }, [submitted]);

  const startNew = useCallback((next: FeFormValues) => {
    setValues(next);
    setDraftKey(newDraftKey());
    setSent(null);
    setFormId((n) => n + 1);
  }, []);

  const discard = useCallback(() => {
    void invoke('drafts.discard', { kind: 'FE' }).catch(() => undefined);
    startNew(defaultValues(today));
  }, [startNew, today]);

  if (resolvingDraft) return <p className="muted">Abriendo el borrador…</p>;

  if (submission) {
    return (
      <>
        {/* Only when a submit answers before the code has arrived (it is preloaded once the form is up). */}
        <Suspense fallback={<p className="muted">Cargando…</p>}>
          <SubmissionResult
            submission={submission}
            onNew={() => startNew(defaultValues(today))}
            onCorrect={() => startNew({ ...values, fecha_emision: today })}
          />
        </Suspense>
        {submission.state !== 'failed' && submission.state !== 'rejected' && (
          <SaveCustomerOffer key={submission.id} receptor={values.receptor} />
        )}
        <PendingInvoices exclude={submission.id} />
      </>
    );
  }

  // The pending list goes under the sale: above it, it pushed the product search under the totals
  // bar at 1366×768 (the shell's notice says when each one settles).
  return (
    <>
      <InvoiceForm
        key={formId}
        focusProductSearch={formId > 0}
        initialValues={values}
        draftKey={draftKey}
        today={today}
        paymentMethods={methods.data}
        paymentMethodsError={methods.isError ? methods.error.message : null}
        onRetryPaymentMethods={() => void methods.refetch()}
        withholdingTypes={types.data}
        withholdingTypesError={types.isError ? types.error.message : null}
        onRefused={(submitted) => {
          // Nothing was created under this key; the corrected invoice goes under a new one.
          setValues(submitted);
          setDraftKey(newDraftKey());
        }}
        onSubmitted={(answer, submitted) => {
          setValues(submitted);
          setSent(answer);
        }}
        onDiscard={discard}
      />
      <PendingInvoices />
    </>
  );
}
