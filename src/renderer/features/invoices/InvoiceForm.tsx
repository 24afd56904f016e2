// The FE form: receiver, lines, live totals, payment and the optional sections, submitted once
// through the core's exactly-once submission (`fe.submit`) under the form's draft_key. Validation,
// the draft, the submit and the server's field errors follow the one form pattern (src/renderer/forms/).
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import type { PaymentMethod } from '#shared/api/fe';
import { colombiaToday } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { useDraftAutosave } from '#renderer/forms/useDraftAutosave';
import { useSteadyFormMethods } from '#renderer/forms/steady-form';
import { useSubmissionForm, type FormProblem } from '#renderer/forms/useSubmissionForm';
import { invoke } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { CounterShortcuts } from '../counter/CounterShortcuts';
import { formPayments } from '../counter/sale-payments';
import { AiuSection } from './AiuSection';
import { buildRequest, computeFormTotals } from './calc';
import { CurrencySection } from './CurrencySection';
import { InvoiceBar } from './InvoiceBar';
import { IssueDateFollowsTheDay, issueDateOn } from './IssueDate';
import { ItemsGrid } from './ItemsGrid';
import { LiveTotalsContext, LiveTotalsStore } from './live-totals';
import type { FeFormValues, WithholdingTypes } from './model';
import { MoreSection } from './MoreSection';
import { PaymentSection } from './PaymentSection';
import { ReceiverSection } from './ReceiverSection';
import { feResolver } from './resolver';
import { feFieldOf, feLabelOf, loadFeRequestSchema, type ValidationContext } from './validation';
import { notIssuedMessage } from './not-issued';
import { WithholdingsSection } from './WithholdingsSection';
import { SubmitProblem } from '#renderer/forms/SubmitProblem';
import { LinesForm } from '#renderer/forms/LinesForm';

export interface InvoiceFormProps {
  initialValues: FeFormValues;
  draftKey: string;
  today: string;
  paymentMethods: readonly PaymentMethod[] | undefined;
  paymentMethodsError: string | null;
  onRetryPaymentMethods?: () => void;
  withholdingTypes: WithholdingTypes | undefined;
  withholdingTypesError: string | null;
  /** A submission the server refused before creating anything: the corrected invoice needs a new key. */
  onRefused: (values: FeFormValues) => void;
  onSubmitted: (submission: Submission, values: FeFormValues) => void;
  onDiscard: () => void;
  /** The product search takes the focus on opening: a new sale after one ended (or was discarded). */
  focusProductSearch?: boolean;
}

export function InvoiceForm(props: InvoiceFormProps) {
  const { draftKey, today, paymentMethods, withholdingTypes } = props;
  const types = useMemo(() => withholdingTypes ?? [], [withholdingTypes]);
  const issuer = useRpcQuery('history.issuer', {});
  const contingencyNumbering = issuer.data?.contingencia ?? null;
  const context: ValidationContext = useMemo(
    () => ({ today, paymentMethods: paymentMethods ?? [], withholdingTypes: types, contingencyNumbering }),
    [today, paymentMethods, types, contingencyNumbering],
  );
  const draft = useDraftAutosave('FE', { delayMs: 500 });
  const { form, onSubmit, sending, problem } = useSubmissionForm<FeFormValues, ValidationContext>({
    form: {
      defaultValues: props.initialValues,
      resolver: feResolver,
      context,
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    },
    submit: async (typed) => {
      // The date of the moment it is sent, even if the form has not seen the day turn yet (a timer
      // late after sleep): never a stale "today".
      const date = issueDateOn(typed, today, colombiaToday(new Date()));
      if (date !== typed.fecha_emision) form.setValue('fecha_emision', date);
      const values = { ...typed, fecha_emision: date };
      const current = computeFormTotals(values, types);
      const request = buildRequest(values, current, {
        draftKey,
        withholdingTypes: types,
        paymentMethods: paymentMethods ?? [],
        contingencyNumbering,
      });
      // The key goes to disk with the form before anything is sent (the ledger also commits it).
      await draft.saveNow(draftKey, values as unknown as Record<string, unknown>).catch(() => undefined);
      // How the buyer paid, recorded with the sale (the resolver has judged it already).
      const { payments } = formPayments(values, paymentMethods ?? [], current.netoPagar);
      return invoke('fe.submit', { request, payments });
    },
    fieldOf: feFieldOf,
    labelOf: feLabelOf,
    refusedMessage: 'El servicio no aceptó la factura.',
    unexpectedMessage:
      'No se pudo emitir la factura por un error inesperado. Intente de nuevo; si se repite, reinicie la aplicación.',
    onRefused: (_submission, values) => props.onRefused(values),
    onSubmitted: (submission, values) => props.onSubmitted(submission, values),
  });
  // Nothing here watches the form's values: the bar does, so that a keystroke does not re-render the
  // whole form (see live-totals.ts).
  const [liveTotals] = useState(
    () => new LiveTotalsStore(computeFormTotals(props.initialValues, types), props.initialValues.items, types),
  );

  // The request's schema is loaded once the form is up and the window idle, so that the first
  // "Emitir factura" does not wait for it (the resolver loads it itself when it is still missing).
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => void loadFeRequestSchema());
    return () => cancelIdleCallback(idle);
  }, []);

  // The parts get the form through one steady context value (steady-form.ts), and the sections are
  // memoized: the form's own state changing (marked ready after its first render, submitted) renders
  // this component again, not every section and line with it.
  const methods = useSteadyFormMethods(form);
  const linesForm = useId();
  // The product search's field has an empty form of its own too: while it sat in the invoice's form,
  // the browser (its form filling) went over every field of that form again after each key typed in
  // it, as a scanner types a code's 13 digits.
  const searchForm = useId();

  return (
    <FormProvider {...methods}>
      <LiveTotalsContext.Provider value={liveTotals}>
        <form
          className="invoice-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Factura electrónica de venta"
        >
          <InvoiceSections
            today={today}
            linesForm={linesForm}
            searchForm={searchForm}
            focusProductSearch={props.focusProductSearch ?? false}
            paymentMethods={paymentMethods}
            paymentMethodsError={props.paymentMethodsError}
            onRetryPaymentMethods={props.onRetryPaymentMethods}
            withholdingTypes={withholdingTypes}
            withholdingTypesError={props.withholdingTypesError}
          />
          <InvoiceBar
            types={types}
            draftKey={draftKey}
            draft={draft}
            sending={sending}
            canSubmit={!sending && Boolean(paymentMethods)}
            onDiscard={props.onDiscard}
          >
            <InvoiceMessages problem={problem} />
          </InvoiceBar>
        </form>
        <LinesForm id={linesForm} />
        <LinesForm id={searchForm} />
      </LiveTotalsContext.Provider>
    </FormProvider>
  );
}

interface InvoiceSectionsProps {
  today: string;
  linesForm: string;
  searchForm: string;
  focusProductSearch: boolean;
  paymentMethods: readonly PaymentMethod[] | undefined;
  paymentMethodsError: string | null;
  onRetryPaymentMethods: (() => void) | undefined;
  withholdingTypes: WithholdingTypes | undefined;
  withholdingTypesError: string | null;
}

/** The form's sections, rendered again only when what they are given changes. */
const InvoiceSections = memo(function InvoiceSections(props: InvoiceSectionsProps) {
  return (
    <div className="invoice-form__main">
      <CounterShortcuts />
      <IssueDateFollowsTheDay today={props.today} />
      <ReceiverSection />
      <ItemsGrid controlsForm={props.linesForm} searchForm={props.searchForm} focusSearch={props.focusProductSearch} />
      <PaymentSection
        methods={props.paymentMethods}
        loadError={props.paymentMethodsError}
        {...(props.onRetryPaymentMethods ? { onRetry: props.onRetryPaymentMethods } : {})}
      />
      <AiuSection />
      <WithholdingsSection types={props.withholdingTypes} loadError={props.withholdingTypesError} />
      <CurrencySection />
      <MoreSection />
    </div>
  );
});

/**
 * The form's messages under its actions. The form's state is read here, not in InvoiceForm: a part
 * that reads `formState.errors` through the form's own object re-renders the whole form whenever
 * the errors may have changed, which includes every line added (each scan at the counter).
 */
function InvoiceMessages({ problem }: { problem: FormProblem | null }) {
  const { errors, isSubmitted } = useFormState<FeFormValues>();
  return (
    <>
      {errors.root?.totals?.message && <Alert tone="error">{errors.root.totals.message}</Alert>}
      {Object.keys(errors).length > 0 && isSubmitted && !problem && <Alert tone="error">{notIssuedMessage(errors)}</Alert>}
      <SubmitProblem problem={problem} title="No se emitió la factura" />
    </>
  );
}
