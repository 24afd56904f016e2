// The FE form: receiver, lines, live totals, payment and the optional sections, submitted once
// through the core's exactly-once submission (`fe.submit`) under the form's draft_key.
import { useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { PaymentMethod } from '../../../shared/api/fe';
import type { Submission } from '../../../shared/rpc/methods/submissions';
import { invoke, RpcClientError } from '../../rpc/client';
import { Alert } from '../../ui/Alert';
import { AiuSection } from './AiuSection';
import { buildRequest, computeFormTotals } from './calc';
import { CurrencySection } from './CurrencySection';
import { ItemsGrid } from './ItemsGrid';
import type { FeFormValues, WithholdingTypes } from './model';
import { MoreSection } from './MoreSection';
import { PaymentSection } from './PaymentSection';
import { ReceiverSection } from './ReceiverSection';
import { feResolver } from './resolver';
import { applyFieldErrors } from './server-errors';
import { TotalsPanel } from './TotalsPanel';
import { useDraftAutosave } from './useInvoiceData';
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

const timeFormat = new Intl.DateTimeFormat('es-CO', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Bogota' });

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
  const watched = useWatch({ control: form.control }) as FeFormValues;
  const totals = useMemo(() => computeFormTotals(watched, types), [watched, types]);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; list: string[] } | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const draftStatus = useDraftAutosave(watched, draftKey, !sending);

  const send = async (values: FeFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setServerError(null);
    try {
      const current = computeFormTotals(values, types);
      const request = buildRequest(values, current, { draftKey, withholdingTypes: types, paymentMethods: paymentMethods ?? [] });
      // The key goes to disk with the form before anything is sent (the ledger also commits it).
      await invoke('drafts.save', { kind: 'FE', idempotency_key: draftKey, data: values as unknown as Record<string, unknown> }).catch(() => undefined);
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
      } else setServerError({ message: 'No se pudo emitir la factura por un error inesperado. Intente de nuevo; si se repite, reinicie la aplicación.', list: [] });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const errorCount = Object.keys(form.formState.errors).length;
  return (
    <FormProvider {...form}>
      <form className="invoice-form" onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate aria-label="Factura electrónica de venta">
        <div className="invoice-form__main">
          <ReceiverSection />
          <ItemsGrid lines={totals.lines} taxIncluded={watched.items.map((i) => Boolean(i.iva_incluido))} currency={totals.currency} />
          <PaymentSection methods={paymentMethods} loadError={props.paymentMethodsError} />
          <AiuSection aiu={totals.aiu} currency={totals.currency} />
          <WithholdingsSection types={withholdingTypes} loadError={props.withholdingTypesError} computed={totals.withholdings} currency={totals.currency} />
          <CurrencySection />
          <MoreSection />
        </div>
        <div className="invoice-form__bar">
          <TotalsPanel totals={totals} />
          <div className="invoice-form__actions">
            <button type="submit" className="button button--primary-large" disabled={sending || !paymentMethods}>
              {sending ? 'Emitiendo…' : 'Emitir factura'}
            </button>
            {confirmDiscard ? (
              <div className="button-row button-row--tight" role="group" aria-label="Confirmar descarte">
                <span>¿Descartar sin emitir?</span>
                <button type="button" className="button button--danger" onClick={props.onDiscard}>
                  Sí, descartar
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirmDiscard(false)}>
                  No
                </button>
              </div>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => setConfirmDiscard(true)} disabled={sending}>
                Descartar borrador
              </button>
            )}
            <p className="muted draft-status" role="status">
              {draftStatus.state === 'saved' && `Borrador guardado (${timeFormat.format(draftStatus.at)})`}
              {draftStatus.state === 'error' && `No se pudo guardar el borrador: ${draftStatus.message}`}
            </p>
          </div>
          {form.formState.errors.root?.totals?.message && <Alert tone="error">{form.formState.errors.root.totals.message}</Alert>}
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
        </div>
      </form>
    </FormProvider>
  );
}
