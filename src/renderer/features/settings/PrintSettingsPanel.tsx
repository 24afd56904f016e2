import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PRINT_LAYOUTS } from '#shared/print/paper';
import { PrintSettings } from '#shared/rpc/methods/print';
import { useSchemaForm } from '#renderer/forms/useSchemaForm';
import { useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { LAYOUT_LABELS } from '#renderer/features/print/layouts';
import { PageTestButton } from '#renderer/features/print/PageTestButton';
import { ReceiptPrinterForm } from './ReceiptPrinterForm';
import { useOfflineRefusal } from '#renderer/shell/offline';
import { OfflineNote } from '#renderer/ui/OfflineNote';

/**
 * Ajustes › Impresión: the layout the counter prints (A4, letter or an 80/58 mm ticket), printing
 * by itself after acceptance, and in the desktop app the printer it prints to without a dialog; a
 * test page of the page path with those values.
 */
export function PrintSettingsPanel() {
  const current = useRpcQuery('print.settings', {});
  const thermal = useRpcQuery('print.thermal', {});
  return (
    <>
      {current.isError && <Alert tone="error">No se pudieron leer los ajustes de impresión: {current.error.message}</Alert>}
      {current.data ? <PrintSettingsForm initial={current.data} /> : null}
      {thermal.isError && <Alert tone="error">No se pudo leer la impresora de tirilla: {thermal.error.message}</Alert>}
      {thermal.data ? <ReceiptPrinterForm initial={thermal.data} /> : null}
    </>
  );
}

function PrintSettingsForm({ initial }: { initial: PrintSettings }) {
  const info = useRpcQuery('app.info', {});
  const desktop = info.data?.transport === 'electron';
  const printers = useRpcQuery('print.printers', {}, { enabled: desktop });
  const save = useRpcMutation('print.setSettings', ['print.settings']);
  // Without the caja principal the settings are only read here; the test page still prints.
  const offline = useOfflineRefusal('print.setSettings');
  const form = useSchemaForm(PrintSettings, { defaultValues: initial });
  const printer = useWatch({ control: form.control, name: 'printer' });
  const layout = useWatch({ control: form.control, name: 'layout' });
  const [saved, setSaved] = useState(false);
  const changed = { onChange: () => setSaved(false) };
  const submit = form.handleSubmit((input) => save.mutate(input, { onSuccess: () => setSaved(true) }));

  return (
    <form
      className="panel"
      aria-labelledby="print-settings-title"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
    >
      <h2 id="print-settings-title">Impresión</h2>
      <div className="form-grid">
        <Field label="Formato al imprimir desde Facturas" error={form.formState.errors.layout?.message}>
          <select {...form.register('layout', changed)}>
            {PRINT_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {LAYOUT_LABELS[layout]}
              </option>
            ))}
          </select>
        </Field>
        {desktop ? (
          <Field
            label="Impresora"
            hint="Se imprime en ella sin abrir el diálogo de impresión."
            error={form.formState.errors.printer?.message}
          >
            <select {...form.register('printer', changed)} value={printer}>
              <option value="">La predeterminada del sistema</option>
              {printers.data?.map((printer) => (
                <option key={printer.name} value={printer.name}>
                  {printer.label}
                  {printer.is_default ? ' (predeterminada)' : ''}
                </option>
              ))}
              {printer !== '' && !printers.data?.some((p) => p.name === printer) && (
                <option value={printer}>{printer} (no disponible ahora)</option>
              )}
            </select>
          </Field>
        ) : (
          <p className="muted">En el navegador, la impresora se elige en el diálogo de impresión, que se abre al imprimir.</p>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" {...form.register('auto_print', changed)} />
        Imprimir la factura apenas la DIAN la acepte
      </label>
      {printers.isError && <Alert tone="warn">No se pudo leer la lista de impresoras: {printers.error.message}</Alert>}
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {saved && <Alert tone="ok">Ajustes de impresión guardados.</Alert>}
      <OfflineNote note={offline} />
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending || offline !== null}>
          Guardar impresión
        </button>
        {/* The page as the form has it, saved or not: what a sale prints without a receipt printer. */}
        <PageTestButton layout={layout} printer={printer} desktop={desktop} />
      </div>
    </form>
  );
}
