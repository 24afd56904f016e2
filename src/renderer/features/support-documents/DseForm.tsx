// The DSE form: react-hook-form holds what the user types; the shared DSE rules judge it on every
// change; "Emitir documento soporte" submits once through the core's exactly-once dse.submit with the
// Idempotency-Key kept in the draft.
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { colombiaToday, toColombia } from '../../../shared/dates';
import { invoke, RpcClientError } from '../../rpc/client';
import { useRpcQuery } from '../../rpc/hooks';
import { Alert } from '../../ui/Alert';
import type { DseFormValues } from './model/form-values';
import { newIdempotencyKey } from './model/keys';
import { fieldsFromResponse, fieldsFromRpc } from './model/server-fields';
import { toRawRequest } from './model/to-request';
import { validateDseForm } from './model/validate';
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
  const form = useForm<DseFormValues>({ defaultValues: draft.values });
  const values = useWatch({ control: form.control }) as DseFormValues;
  const serialized = JSON.stringify(values);
  const [key, setKey] = useState(draft.key);
  const [submissionId, setSubmissionId] = useState<number | null>(draft.submissionId);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const centersQuery = useRpcQuery('dseCatalog.costCenters', {});
  const costCenters = useMemo(() => centersQuery.data ?? [], [centersQuery.data]);
  const now = new Date();
  const today = colombiaToday(now);
  const nowTime = toColombia(now).time;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `serialized` stands for `values`, whose identity does not change
  const validation = useMemo(() => validateDseForm(values, { today, nowTime, costCenters }), [serialized, today, costCenters]);
  const { touchedFields, dirtyFields } = form.formState;
  const locked = submissionId !== null;

  useEffect(() => {
    saveLater({ values: JSON.parse(serialized) as DseFormValues, key, submissionId, corrects });
  }, [serialized, key, submissionId, saveLater, corrects]);

  const context: DseFormContextValue = {
    validation,
    today,
    costCenters,
    locked,
    err: (path) => {
      if (serverFields[path]) return serverFields[path];
      const message = validation.errors[path];
      if (!message) return undefined;
      const isSection = !path.includes('.') && get(values, path) === undefined;
      const shown =
        attempted ||
        isSection ||
        Boolean(get(touchedFields, path)) ||
        Boolean(get(dirtyFields, path)) ||
        visibleValue(get(values, path));
      return shown ? message : undefined;
    },
  };

  const emit = async () => {
    if (busyRef.current || locked) return;
    busyRef.current = true;
    setBusy(true);
    setAttempted(true);
    setFailure(null);
    setServerFields({});
    try {
      const current = form.getValues();
      const verdict = validateDseForm(current, {
        today: colombiaToday(new Date()),
        nowTime: toColombia(new Date()).time,
        costCenters,
      });
      if (!verdict.request) {
        setFailure('Hay datos por corregir; están marcados en rojo junto a cada campo.');
        const first = Object.keys(verdict.errors)[0];
        if (first) {
          try {
            form.setFocus(first as Parameters<typeof form.setFocus>[0]);
          } catch {
            // a section-level message has no control to focus
          }
        }
        return;
      }
      // The key and the values are on disk before anything is sent.
      await saveNow({ values: current, key, submissionId: null, corrects });
      // The link to the rejected document is on disk before its correction's first byte is sent.
      if (corrects) await invoke('dseCorrections.link', { rejected_submission_id: corrects.submission_id, key });
      const submission = await invoke('dse.submit', { request: verdict.request, key });
      if (submission.state === 'failed') {
        // Refused before anything was created: the corrected document goes under a new key.
        const info = await invoke('submissions.supportInfo', { id: submission.id }).catch(() => null);
        if (info) setServerFields(fieldsFromResponse(info, toRawRequest(current, today).withholdingRows));
        setFailure(submission.error?.message ?? 'El servicio no aceptó los datos. Corríjalos y vuelva a emitir.');
        const next = newIdempotencyKey();
        setKey(next);
        await saveNow({ values: current, key: next, submissionId: null, corrects });
        return;
      }
      setSubmissionId(submission.id);
      await saveNow({ values: current, key, submissionId: submission.id, corrects });
    } catch (error) {
      const known = error instanceof RpcClientError ? error.details?.submission_id : undefined;
      if (typeof known === 'number') {
        // This key already has a submission (sent before a restart): show it, never "No se emitió".
        setSubmissionId(known);
        await saveNow({ values: form.getValues(), key, submissionId: known }).catch(() => undefined);
      } else if (error instanceof RpcClientError) {
        if (error.code === 'invalid_input') setServerFields(fieldsFromRpc(error.fields));
        setFailure(error.message);
      } else
        setFailure(
          'No se pudo emitir el documento por un error inesperado. Vuelva a intentarlo; si se repite, reinicie la aplicación.',
        );
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const fix = () => {
    const next = newIdempotencyKey();
    setKey(next);
    setSubmissionId(null);
  };

  const errorCount = Object.keys(validation.errors).length;
  return (
    <FormProvider {...form}>
      <DseFormContext.Provider value={context}>
        <form
          className="dse-layout"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void emit();
          }}
        >
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
                {failure && (
                  <Alert tone="error" title="No se emitió">
                    {failure}
                  </Alert>
                )}
                <button type="submit" className="button dse-submit__button" disabled={busy}>
                  {busy ? 'Emitiendo…' : 'Emitir documento soporte'}
                </button>
                <p className="muted dse-submit__hint">
                  {errorCount > 0
                    ? `${errorCount} ${errorCount === 1 ? 'dato por corregir' : 'datos por corregir'}.`
                    : 'Todo listo para emitir.'}{' '}
                  El borrador se guarda solo.
                </p>
              </div>
            )}
          </div>
        </form>
      </DseFormContext.Provider>
    </FormProvider>
  );
}
