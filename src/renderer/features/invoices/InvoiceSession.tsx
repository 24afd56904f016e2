// One invoice at a time: its draft_key (created once per form, kept in the draft), the form, and the
// result after submitting. A reopened draft whose key was already submitted shows that submission.
// The submission is followed through forms/useFollowedSubmission (core's events refresh it).
// Once the ledger holds a submission (whatever its state) the draft goes: an uncertain invoice is
// confirmed from the ledger with its own key and listed as pending, and the counter sells on.
import { useCallback, useEffect, useState } from 'react';
import type { Draft } from '#shared/rpc/methods/drafts';
import type { Submission } from '#shared/rpc/methods/submissions';
import { useFollowedSubmission } from '#renderer/forms/useFollowedSubmission';
import { invoke } from '#renderer/rpc/client';
import { PendingInvoices } from '../counter/PendingInvoices';
import { SaveCustomerOffer } from '../counter/SaveCustomer';
import { InvoiceForm } from './InvoiceForm';
import { defaultValues, newDraftKey, valuesFromDraft, type FeFormValues } from './model';
import { SubmissionResult } from './SubmissionResult';
import { usePaymentMethods, useWithholdingTypes } from './useInvoiceData';

export function InvoiceSession({ draft, today }: { draft: Draft | null; today: string }) {
  const [draftKey, setDraftKey] = useState(() => draft?.idempotency_key ?? newDraftKey());
  const [values, setValues] = useState<FeFormValues>(() => (draft ? valuesFromDraft(draft.data, today) : defaultValues(today)));
  const [formId, setFormId] = useState(0);
  // The submission as the submit (or the ledger, after a restart) answered it, then followed.
  const [sent, setSent] = useState<Submission | null>(null);
  const followed = useFollowedSubmission(sent?.id ?? null, sent);
  const submission = sent && followed.data?.id === sent.id ? followed.data : sent;
  const [resolvingDraft, setResolvingDraft] = useState(draft !== null);
  const methods = usePaymentMethods();
  const types = useWithholdingTypes();

  // A draft reopened after closing the app may already have been sent under its key.
  useEffect(() => {
    if (!draft) return;
    let live = true;
    // Looked up by its key, not among the latest submissions: after a restart the ledger is the only
    // witness of what this key did.
    invoke('submissions.byKey', { kind: 'FE', key: draft.idempotency_key })
      .then((known) => {
        if (live && known && known.state !== 'failed') setSent(known);
      })
      .catch(() => undefined)
      .finally(() => live && setResolvingDraft(false));
    return () => {
      live = false;
    };
  }, [draft]);

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
        <SubmissionResult
          submission={submission}
          onNew={() => startNew(defaultValues(today))}
          onCorrect={() => startNew({ ...values, fecha_emision: today })}
        />
        {submission.state !== 'failed' && submission.state !== 'rejected' && (
          <SaveCustomerOffer key={submission.id} receptor={values.receptor} />
        )}
        <PendingInvoices exclude={submission.id} />
      </>
    );
  }

  return (
    <>
      <PendingInvoices />
      <InvoiceForm
        key={formId}
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
    </>
  );
}
