import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import { OUTAGE_DESCRIPTIONS, type OutageStatus, type SimulatedOutage } from '#shared/rpc/methods/sandbox';
import { rpcQuery, useRpcMutation, useRpcQuery } from '#renderer/rpc/hooks';
import { Alert } from '#renderer/ui/Alert';
import { Field } from '#renderer/ui/Field';

/** What the shop can rehearse, in its words (the sandbox's JSON 503 is left to tests: a shop never sees it). */
const CHOICES: { mode: Exclude<SimulatedOutage, 'none' | 'unavailable'>; label: string }[] = [
  { mode: 'refuse', label: 'El servicio no responde (conexión rechazada)' },
  { mode: 'gateway', label: 'Una pasarela responde 503' },
  { mode: 'authority', label: 'La DIAN no responde (los documentos quedan pendientes)' },
];

/** The current simulation in words: what fails, and until when. */
export function outageStateText(status: OutageStatus): string {
  if (status.mode === 'none') return OUTAGE_DESCRIPTIONS.none;
  const until = status.until ? `Termina sola el ${formatDateTime(status.until)}.` : 'Dura hasta que la termine.';
  return `Simulación en curso: ${OUTAGE_DESCRIPTIONS[status.mode]} ${until}`;
}

/**
 * Ajustes › «Entorno de pruebas integrado»: rehearse an outage on this computer's test environment
 * (the service refusing connections, a gateway's 503, the DIAN not answering), for a while or until
 * ended, and see the counter go on in contingency. Nothing here reaches the DIAN.
 */
export function EmbeddedSandboxPanel() {
  // A timed simulation ends by itself: while one runs, the state is read again.
  const status = useRpcQuery('sandbox.outage', {}, { refetchInterval: (query) => (query.state.data?.until ? 5_000 : false) });
  const change = useRpcMutation('sandbox.setOutage');
  const client = useQueryClient();
  const [mode, setMode] = useState<(typeof CHOICES)[number]['mode']>('refuse');
  const [minutes, setMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = status.data;
  // The answer is the new state: shown at once, and read again from then on.
  const apply = (input: { mode: SimulatedOutage; minutes?: number }) =>
    change.mutate(input, { onSuccess: (next) => client.setQueryData(rpcQuery('sandbox.outage', {}).queryKey, next) });

  const start = () => {
    const value = minutes.trim();
    if (value !== '' && (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1440)) {
      setError('Indique los minutos con un número entero entre 1 y 1440, o deje el campo vacío.');
      return;
    }
    setError(null);
    apply({ mode, ...(value !== '' ? { minutes: Number(value) } : {}) });
  };

  return (
    <section className="panel" aria-labelledby="embedded-sandbox-title" data-testid="embedded-sandbox-panel">
      <h2 id="embedded-sandbox-title">Entorno de pruebas integrado</h2>
      <p className="muted">
        Ensaye en este equipo qué pasa en la caja cuando el servicio de facturación o la DIAN fallan. Solo afecta al entorno de
        pruebas integrado; nada llega a la DIAN.
      </p>
      {status.isError && <Alert tone="error">{status.error.message}</Alert>}
      {current && (
        <p className="outage-state" data-testid="outage-state" aria-live="polite">
          <strong>Estado:</strong> {outageStateText(current)}
        </p>
      )}
      <fieldset className="outage-choices">
        <legend>Simular</legend>
        {CHOICES.map((choice) => (
          <label key={choice.mode} className="outage-choice">
            <input
              type="radio"
              name="simulated-outage"
              value={choice.mode}
              checked={mode === choice.mode}
              onChange={() => setMode(choice.mode)}
            />{' '}
            {choice.label}
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <Field label="Durante (minutos)" hint="Déjelo vacío para que dure hasta que la termine." error={error ?? undefined}>
          <input inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.target.value)} />
        </Field>
      </div>
      {change.isError && <Alert tone="error">{change.error.message}</Alert>}
      <div className="actions">
        <button type="button" className="button" disabled={change.isPending} onClick={start}>
          Iniciar la simulación
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={change.isPending || !current || current.mode === 'none'}
          onClick={() => apply({ mode: 'none' })}
        >
          Terminar la simulación
        </button>
      </div>
    </section>
  );
}
