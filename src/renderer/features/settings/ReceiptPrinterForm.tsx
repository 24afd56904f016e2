import { useState } from 'react';
import { TICKET_WIDTH_MM, ticketLayoutOfColumns } from '#shared/print/paper';
import { CODE_PAGE_LABELS, CODE_PAGES, ThermalSettings, type CodePage } from '#shared/rpc/methods/print';
import { useRpcMutation } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';
import { OpenDrawerButton } from '#renderer/features/print/OpenDrawerButton';

/**
 * What the app can know of the printer's state (paper, cover, drawer): a network printer is asked
 * (DLE EOT) before each print; the system's spooler takes the job and answers nothing about the
 * printer, so the shop is told plainly rather than left with a silence (docs/CLIENT-DECISIONS.md).
 */
const STATUS_NOTES: Record<Exclude<ThermalSettings['connection'], 'none'>, string> = {
  network:
    'Antes de cada impresión se le pregunta a la impresora cómo está (papel, tapa, cuchilla, errores); si algo impide imprimir, se avisa qué hacer y no se imprime. Si no responde (muchas genéricas no lo hacen), se imprime igual.',
  system:
    'Por el sistema de impresión no se puede leer el estado de la impresora (sin papel, tapa abierta, cajón): el sistema solo recibe el trabajo. Si la tirilla no sale, revise la impresora. Conectada por red (IP y puerto 9100) sí avisa cuando no tiene papel o tiene la tapa abierta.',
};

const paperOf = (columns: ThermalSettings['columns']) => `${TICKET_WIDTH_MM[ticketLayoutOfColumns(columns)]} mm`;
const COLUMN_LABELS: Record<ThermalSettings['columns'], string> = {
  48: `${paperOf(48)} · 48 columnas (la mayoría)`,
  42: `${paperOf(42)} · 42 columnas`,
  32: `${paperOf(32)} · 32 columnas`,
};

/**
 * Ajustes › Impresora: the receipt printer (ESC/POS) of this equipment, on the network or known to
 * the system by name, its paper and code page, whether it draws QR codes itself, and the cash
 * drawer wired to it. The test page prints with the values on screen, saved or not.
 */
export function ReceiptPrinterForm({ initial }: { initial: ThermalSettings }) {
  const save = useRpcMutation('print.setThermal', ['print.thermal']);
  const test = useRpcMutation('print.test');
  const [values, setValues] = useState<ThermalSettings>(initial);
  const [saved, setSaved] = useState(false);
  // Checked here with the contract's own schema first, so a missing host is said before anything is sent.
  const [local, setLocal] = useState<{ path: string; message: string }[]>([]);
  const change = (next: Partial<ThermalSettings>) => {
    setSaved(false);
    setLocal([]);
    test.reset();
    setValues((before) => ({ ...before, ...next }));
  };
  const checked = (then: (settings: ThermalSettings) => void) => {
    const parsed = ThermalSettings.safeParse(values);
    if (parsed.success) then(parsed.data);
    else setLocal(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  };
  const fieldError = (name: string) =>
    [...local, ...((save.error ?? test.error)?.details?.fields ?? [])].find((f) => f.path === name)?.message;

  return (
    <form
      className="panel"
      aria-labelledby="receipt-printer-title"
      onSubmit={(event) => {
        event.preventDefault();
        checked((settings) => save.mutate(settings, { onSuccess: () => setSaved(true) }));
      }}
    >
      <h2 id="receipt-printer-title">Impresora de tirilla</h2>
      <p className="muted">
        Una impresora térmica (ESC/POS) imprime la tirilla directamente, sin diálogo, y abre el cajón monedero conectado a ella.
      </p>
      <div className="form-grid">
        <Field label="Conexión de la impresora">
          <select
            value={values.connection}
            onChange={(event) => change({ connection: event.target.value as ThermalSettings['connection'] })}
            data-testid="thermal-connection"
          >
            <option value="none">Sin impresora de tirilla (se imprime la página)</option>
            <option value="network">En la red (IP y puerto)</option>
            <option value="system">Instalada en este equipo (por su nombre)</option>
          </select>
        </Field>
        {values.connection === 'network' && (
          <>
            <Field label="IP o nombre de la impresora" error={fieldError('host')}>
              <input value={values.host} onChange={(event) => change({ host: event.target.value })} placeholder="192.168.1.50" />
            </Field>
            <Field label="Puerto" hint="Casi siempre 9100." error={fieldError('port')}>
              <input
                inputMode="numeric"
                value={String(values.port)}
                onChange={(event) => change({ port: Number(event.target.value.replace(/\D/g, '') || '0') })}
              />
            </Field>
          </>
        )}
        {values.connection === 'system' && (
          <Field
            label="Nombre de la impresora en el sistema"
            hint="En Linux y macOS, el de CUPS (lpstat -p). En Windows, el nombre con que está compartida."
            error={fieldError('queue')}
          >
            <input value={values.queue} onChange={(event) => change({ queue: event.target.value })} />
          </Field>
        )}
        {values.connection !== 'none' && (
          <>
            <Field label="Papel">
              <select
                value={values.columns}
                onChange={(event) => change({ columns: Number(event.target.value) as ThermalSettings['columns'] })}
              >
                {([48, 42, 32] as const).map((n) => (
                  <option key={n} value={n}>
                    {COLUMN_LABELS[n]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Página de códigos" hint="Si la ñ o las tildes salen mal en la página de prueba, pruebe otra.">
              <select value={values.code_page} onChange={(event) => change({ code_page: event.target.value as CodePage })}>
                {CODE_PAGES.map((page) => (
                  <option key={page} value={page}>
                    {CODE_PAGE_LABELS[page]}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
      </div>
      {values.connection !== 'none' && (
        <>
          <p className="muted" data-testid="thermal-status-note">
            {STATUS_NOTES[values.connection]}
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={values.native_qr} onChange={(event) => change({ native_qr: event.target.checked })} />
            La impresora dibuja el código QR (desmarque si en la prueba no sale el QR)
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.drawer_on_cash}
              onChange={(event) => change({ drawer_on_cash: event.target.checked })}
            />
            Abrir el cajón en cada venta en efectivo (nunca en ventas con tarjeta)
          </label>
        </>
      )}
      {save.isError && !fieldError('host') && !fieldError('queue') && !fieldError('port') && (
        <Alert tone="error">{save.error.message}</Alert>
      )}
      {test.isError && (
        <Alert tone="error" title="No se imprimió la página de prueba">
          {test.error.message}
        </Alert>
      )}
      {test.isSuccess && (
        <Alert tone={test.data.warning ? 'warn' : 'ok'}>
          {test.data.warning ??
            (values.connection === 'system'
              ? 'Página de prueba entregada al sistema de impresión. Su estado no se puede leer desde aquí: revise que la tirilla haya salido.'
              : 'Página de prueba enviada a la impresora.')}
        </Alert>
      )}
      {saved && <Alert tone="ok">Impresora de tirilla guardada.</Alert>}
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          Guardar impresora
        </button>
        {values.connection !== 'none' && (
          <button
            type="button"
            className="button button--secondary"
            disabled={test.isPending}
            onClick={() => checked((settings) => test.mutate(settings))}
          >
            Imprimir página de prueba
          </button>
        )}
        {initial.connection !== 'none' && <OpenDrawerButton />}
      </div>
    </form>
  );
}
