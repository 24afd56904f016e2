import { useState } from 'react';
import { outboxMethods } from '#shared/rpc/methods/outbox';
import { typedNumber, useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { OfflineLock } from '#renderer/shell/OfflineLock';

/**
 * Ajustes › Contingencia: how long a sale recorded while the service could not be
 * reached may wait to be transmitted. 48 hours is what the DIAN gave merchants in past outages; an
 * announced outage may come with another term, so the shop can set it.
 */
export function ContingencyPanel() {
  const status = useRpcQuery('outbox.status', {});
  if (status.isError) return <Alert tone="error">No se pudo leer la cola de contingencia: {status.error.message}</Alert>;
  return status.data ? (
    <>
      <ContingencyForm initialHours={status.data.window_hours} />
      {status.data.numbering_notice && (
        <Alert tone="warn" title="Numeración de contingencia">
          {status.data.numbering_notice}
        </Alert>
      )}
    </>
  ) : null;
}

const WindowInput = outboxMethods['outbox.setWindow'].input;

function ContingencyForm({ initialHours }: { initialHours: number }) {
  const save = useRpcMutation('outbox.setWindow', ['outbox.status']);
  const form = useSchemaForm(WindowInput, { defaultValues: { hours: initialHours } });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit((input) => save.mutate(input, { onSuccess: () => setSaved(true) }));

  return (
    <form
      className="panel"
      aria-labelledby="contingency-settings-title"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
    >
      <h2 id="contingency-settings-title">Contingencia</h2>
      <OfflineLock method="outbox.setWindow">
        <p className="muted">
          Si el servicio de facturación no responde, las ventas salen como «Factura de contingencia» y se transmiten solas cuando
          vuelva. Aquí se fija cuánto tiempo pueden esperar; la aplicación avisa cuando falten 24 y 4 horas.
        </p>
        <div className="form-grid">
          <Field
            label="Plazo para transmitir (horas)"
            hint="La DIAN ha dado 48 horas en las contingencias anunciadas. Las ventas que ya están en cola conservan su plazo."
            error={form.formState.errors.hours?.message}
          >
            <input
              inputMode="numeric"
              {...form.register('hours', { setValueAs: typedNumber, onChange: () => setSaved(false) })}
            />
          </Field>
        </div>
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        {saved && <Alert tone="ok">Plazo de contingencia guardado.</Alert>}
        <button type="submit" className="button" disabled={save.isPending}>
          Guardar plazo
        </button>
      </OfflineLock>
    </form>
  );
}
