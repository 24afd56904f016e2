// The DSE form: react-hook-form holds what the user types; the shared DSE rules judge it after every
// change (followed through the form's public subscribe, forms/useFormVersion.ts, as the FE bar does); "Emitir documento soporte" submits once through the core's exactly-once dse.submit with the
// Idempotency-Key kept in the draft. The submit, the server's field errors and the draft follow the
// one form pattern (src/renderer/forms/).
import { useEffect, useId, useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { colombiaToday, toColombia } from '#shared/dates';
import type { Submission } from '#shared/rpc/methods/submissions';
import { flatResolver } from '#renderer/forms/flat-resolver';
import { useFormVersion } from '#renderer/forms/useFormVersion';
import { useSubmissionForm } from '#renderer/forms/useSubmissionForm';
import { invoke } from '#renderer/rpc/client';
import { useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import type { DseFormValues } from './model/form-values';
import { newIdempotencyKey } from './model/keys';
import { dseFieldOf, dseLabelOf, validateDseForm } from './model/validate';
import { CostCentersEditor } from './parts/CostCentersEditor';
import { DseFormContext, type DseFormContextValue } from './parts/form-context';
import { ItemsSection } from './parts/ItemsSection';
import { ModeSection } from './parts/ModeSection';
import { OutcomePanel } from './parts/OutcomePanel';
import { PaymentSection } from './parts/PaymentSection';
import { SupplierSection } from './parts/SupplierSection';
import { TotalsPanel } from './parts/TotalsPanel';
import { WithholdingsSection } from './parts/WithholdingsSection';
import type { DseDraftState } from './useDseDraft';
import { SubmitProblem } from '#renderer/forms/SubmitProblem';
import { LinesForm } from '#renderer/forms/LinesForm';
import { countOf } from '#shared/format';

interface Props {
  draft: DseDraftState;
  saveLater: (state: DseDraftState) => void;
  saveNow: (state: DseDraftState) => Promise<void>;
  discard: () => Promise<void>;
  /** opens the correction of a rejected document as the form's new draft */
  onCorrected: (state: DseDraftState) => void;
}

function get(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

const visibleValue = (value: unknown) =>
  typeof value === 'string' ? value.trim() !== '' : value !== undefined && typeof value !== 'object';

export function DseForm({ draft, saveLater, saveNow, discard, onCorrected }: Props) {
  const corrects = draft.corrects ?? null;
  const [key, setKey] = useState(draft.key);
  const [submissionId, setSubmissionId] = useState<number | null>(draft.submissionId);
  const locked = submissionId !== null;
  const centersQuery = useRpcQuery('dseCatalog.costCenters', {});
  const costCenters = useMemo(() => centersQuery.data ?? [], [centersQuery.data]);
  const now = new Date();
  const today = colombiaToday(now);
  const nowTime = toColombia(now).time;
  const judge = (current: DseFormValues) =>
    validateDseForm(current, { today: colombiaToday(new Date()), nowTime: toColombia(new Date()).time, costCenters });

  const {
    form,
    onSubmit,
    sending: busy,
    problem,
    showRefusal,
  } = useSubmissionForm<DseFormValues>({
    form: {
      defaultValues: draft.values,
      // The same rules judge the values live (below, for what each field shows) and at the submit,
      // here; after a refused submit the live judgement shows the errors, so the resolver waits for
      // the next submit instead of judging every keystroke twice.
      resolver: flatResolver((current: DseFormValues) => {
        const verdict = judge(current);
        if (verdict.request) return {};
        return Object.keys(verdict.errors).length > 0 ? verdict.errors : { body: 'Revise los datos.' };
      }),
      reValidateMode: 'onSubmit',
    },
    blocked: locked,
    invalidMessage: 'Hay datos por corregir; están marcados en rojo junto a cada campo.',
    submit: async (current) => {
      const request = judge(current).request;
      if (!request) throw new Error('Hay datos por corregir.');
      // The key and the values are on disk before anything is sent.
      await saveNow({ values: current, key, submissionId: null, corrects });
      // The link to the rejected document is on disk before its correction's first byte is sent.
      if (corrects) await invoke('dseCorrections.link', { rejected_submission_id: corrects.submission_id, key });
      return invoke('dse.submit', { request, key });
    },
    fieldOf: (path, current) => dseFieldOf(path, current, today),
    labelOf: dseLabelOf,
    refusedMessage: 'El servicio no aceptó los datos. Corríjalos y vuelva a emitir.',
    unexpectedMessage:
      'No se pudo emitir el documento por un error inesperado. Vuelva a intentarlo; si se repite, reinicie la aplicación.',
    onRefused: async (_submission, current) => {
      // Refused before anything was created: the corrected document goes under a new key.
      const next = newIdempotencyKey();
      setKey(next);
      await saveNow({ values: current, key: next, submissionId: null, corrects });
    },
    onSubmitted: async (submission, current) => {
      setSubmissionId(submission.id);
      await saveNow({ values: current, key, submissionId: submission.id, corrects });
    },
    onExisting: async (known, current) => {
      // This key already has a submission (sent before a restart): show it, never "No se emitió".
      setSubmissionId(known);
      await saveNow({ values: current, key, submissionId: known }).catch(() => undefined);
    },
  });
  // The form's current values, read again after each change of a value (useFormVersion.ts); the
  // verdict below shows what each field may say, the totals and the withholdings.
  const version = useFormVersion(form.subscribe);
  const { getValues } = form;
  const values = getValues();
  const validation = useMemo(
    () => validateDseForm(getValues(), { today, nowTime, costCenters }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the values read here; the clock's minute alone does not judge again
    [version, today, costCenters, getValues],
  );
  const { touchedFields, dirtyFields, errors: formErrors, isSubmitted } = form.formState;

  // The draft is saved shortly after each change; what waits is a copy of the values of this change.
  useEffect(() => {
    saveLater({ values: structuredClone(getValues()), key, submissionId, corrects });
  }, [version, key, submissionId, saveLater, corrects, getValues]);

  const linesForm = useId();
  const context: DseFormContextValue = {
    validation,
    linesForm,
    today,
    costCenters,
    locked,
    err: (path) => {
      // What the server said of this field (placed by the form pattern) comes first.
      const server = get(formErrors, path) as { type?: unknown; message?: unknown } | undefined;
      if (server?.type === 'server' && typeof server.message === 'string') return server.message;
      const message = validation.errors[path];
      if (!message) return undefined;
      const isSection = !path.includes('.') && get(values, path) === undefined;
      const shown =
        isSubmitted ||
        isSection ||
        Boolean(get(touchedFields, path)) ||
        Boolean(get(dirtyFields, path)) ||
        visibleValue(get(values, path));
      return shown ? message : undefined;
    },
  };

  const fix = (refused: Submission) => {
    const next = newIdempotencyKey();
    setKey(next);
    setSubmissionId(null);
    showRefusal(refused, form.getValues());
  };

  const errorCount = Object.keys(validation.errors).length;
  return (
    <FormProvider {...form}>
      <DseFormContext.Provider value={context}>
        <form className="dse-layout" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="dse-main">
            {corrects && (
              <Alert tone="warn" title={`Corrección del documento soporte ${corrects.number ?? ''} rechazado`}>
                <p data-testid="dse-correction-of">
                  Los datos vienen del documento rechazado{corrects.reason ? ` (motivo: ${corrects.reason})` : ''}. Corrija lo
                  necesario y emítalo: se enviará como un documento nuevo, con su propia clave; el rechazado queda en el
                  Historial, enlazado a esta corrección.
                </p>
              </Alert>
            )}
            {locked && <OutcomePanel id={submissionId} onNew={() => void discard()} onFix={fix} onCorrected={onCorrected} />}
            <fieldset disabled={locked} className="dse-fieldset">
              <SupplierSection />
              <ModeSection />
              <ItemsSection />
              <PaymentSection />
              <WithholdingsSection />
            </fieldset>
            {!locked && <CostCentersEditor key={JSON.stringify(costCenters)} centers={costCenters} />}
          </div>
          <div className="dse-side">
            <TotalsPanel />
            {!locked && (
              <div className="panel dse-submit">
                <SubmitProblem problem={problem} title="No se emitió" />
                <button type="submit" className="button dse-submit__button" disabled={busy}>
                  {busy ? 'Emitiendo…' : 'Emitir documento soporte'}
                </button>
                <p className="muted dse-submit__hint">
                  {errorCount > 0
                    ? `${countOf(errorCount, 'dato por corregir', 'datos por corregir')}.`
                    : 'Todo listo para emitir.'}{' '}
                  El borrador se guarda solo.
                </p>
              </div>
            )}
          </div>
        </form>
        <LinesForm id={linesForm} />
      </DseFormContext.Provider>
    </FormProvider>
  );
}
