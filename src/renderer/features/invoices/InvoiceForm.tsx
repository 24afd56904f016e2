// The FE form: receiver, lines, live totals, payment and the optional sections, submitted once
// through the core's exactly-once submission (`fe.submit`) under the form's draft_key.
import { useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { PaymentMethod } from '../../../shared/api/fe';
import type { Submission } from '../../../shared/rpc/methods/submissions';
import { invoke, RpcClientError } from '../../rpc/client';
import { Alert } from '../../ui/Alert';
import { CounterShortcuts } from '../counter/CounterShortcuts';
import { AiuSection } from './AiuSection';
import { buildRequest, computeFormTotals } from './calc';
import { CurrencySection } from './CurrencySection';
import { InvoiceBar } from './InvoiceBar';
import { ItemsGrid } from './ItemsGrid';
import { LiveTotalsContext, LiveTotalsStore } from './live-totals';
import type { FeFormValues, WithholdingTypes } from './model';
import { MoreSection } from './MoreSection';
import { PaymentSection } from './PaymentSection';
import { ReceiverSection } from './ReceiverSection';
import { feResolver } from './resolver';
import { applyFieldErrors } from './server-errors';
import type { ValidationContext } from './validation';
import { WithholdingsSection } from './WithholdingsSection';

export interface InvoiceFormProps {
  initialValues: FeFormValues;
  draftKey: string;
  today: string;
  paymentMethods: readonly PaymentMethod[] | undefined;
  paymentMethodsError: string | null;
  withholdingTypes: WithholdingTypes | undefined;
  withholdingTypesError: string | null;
  /** A submission the server refused before creating anything: the corrected invoice needs a new key. */
  onRefused: (values: FeFormValues) => void;
  onSubmitted: (submission: Submission, values: FeFormValues) => void;
  onDiscard: () => void;
}

export function InvoiceForm(props: InvoiceFormProps) {
  const { draftKey, today, paymentMethods, withholdingTypes } = props;
  const types = useMemo(() => withholdingTypes ?? [], [withholdingTypes]);
  const context: ValidationContext = useMemo(
    () => ({ today, paymentMethods: paymentMethods ?? [], withholdingTypes: types }),
    [today, paymentMethods, types],
  );
  const form = useForm<FeFormValues, ValidationContext>({
    defaultValues: props.initialValues,
    resolver: feResolver,
    context,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // Nothing here watches the form's values: the bar does, so that a keystroke does not re-render the
  // whole form (see live-totals.ts).
  const [liveTotals] = useState(
    () => new LiveTotalsStore(computeFormTotals(props.initialValues, types), props.initialValues.items),
  );
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; list: string[] } | null>(null);

  const send = async (values: FeFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setServerError(null);
    try {
      const current = computeFormTotals(values, types);
      const request = buildRequest(values, current, { draftKey, withholdingTypes: types, paymentMethods: paymentMethods ?? [] });
      // The key goes to disk with the form before anything is sent (the ledger also commits it).
      await invoke('drafts.save', {
        kind: 'FE',
        idempotency_key: draftKey,
        data: values as unknown as Record<string, unknown>,
      }).catch(() => undefined);
      const submission = await invoke('fe.submit', { request });
      if (submission.state === 'failed') {
        const issues = await invoke('feForm.submissionFieldErrors', { id: submission.id }).catch(() => []);
        const list = applyFieldErrors(issues, form.setError);
        setServerError({ message: submission.error?.message ?? 'El servicio no aceptó la factura.', list });
        props.onRefused(values);
      } else props.onSubmitted(submission, values);
    } catch (error) {
      if (error instanceof RpcClientError) {
        const issues = Object.entries(error.fields).map(([path, message]) => ({ path, message }));
        setServerError({ message: error.message, list: applyFieldErrors(issues, form.setError) });
      } else
        setServerError({
          message:
            'No se pudo emitir la factura por un error inesperado. Intente de nuevo; si se repite, reinicie la aplicación.',
          list: [],
        });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const errorCount = Object.keys(form.formState.errors).length;
  return (
    <FormProvider {...form}>
      <LiveTotalsContext.Provider value={liveTotals}>
        <form
          className="invoice-form"
          onSubmit={(event) => void form.handleSubmit(send)(event)}
          noValidate
          aria-label="Factura electrónica de venta"
        >
          <div className="invoice-form__main">
            <CounterShortcuts />
            <ReceiverSection />
            <ItemsGrid />
            <PaymentSection methods={paymentMethods} loadError={props.paymentMethodsError} />
            <AiuSection />
            <WithholdingsSection types={withholdingTypes} loadError={props.withholdingTypesError} />
            <CurrencySection />
            <MoreSection />
          </div>
          <InvoiceBar
            types={types}
            draftKey={draftKey}
            sending={sending}
            canSubmit={!sending && Boolean(paymentMethods)}
            onDiscard={props.onDiscard}
          >
            {form.formState.errors.root?.totals?.message && (
              <Alert tone="error">{form.formState.errors.root.totals.message}</Alert>
            )}
            {errorCount > 0 && form.formState.isSubmitted && !serverError && (
              <Alert tone="error">No se emitió: revise los campos marcados en rojo.</Alert>
            )}
            {serverError && (
              <Alert tone="error" title="No se emitió la factura">
                <p>{serverError.message}</p>
                {serverError.list.length > 0 && (
                  <ul>
                    {serverError.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
          </InvoiceBar>
        </form>
      </LiveTotalsContext.Provider>
    </FormProvider>
  );
}
