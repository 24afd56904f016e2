// The embedded test environment's simulated outages: what the app's Ajustes, the standalone
// sandbox's admin port and the command line switch (docs/SANDBOX.md, "Outages"). Only the host that
// runs the embedded sandbox answers these methods (src/main/sandbox-outage.ts); core refuses them.
import { z } from 'zod';
import { method } from '../define';

/**
 * 'refuse': nothing listens (connections refused); 'unavailable': 503 with the sandbox's JSON error;
 * 'gateway': 503 with an HTML page, as a reverse proxy answers when the service behind it is down;
 * 'authority': the simulated DIAN does not answer (documents stay pending); 'none': normal service.
 */
export const SimulatedOutage = z.enum(['none', 'refuse', 'unavailable', 'gateway', 'authority']);
export type SimulatedOutage = z.infer<typeof SimulatedOutage>;

export const OutageStatus = z.object({
  mode: SimulatedOutage,
  /** When a timed simulation ends by itself (an instant); null while it lasts until ended, or with none. */
  until: z.string().nullable(),
});
export type OutageStatus = z.infer<typeof OutageStatus>;

/** At most a day: a rehearsal, not a way to leave the test environment broken. */
export const MAX_OUTAGE_MINUTES = 1440;

export const OutageRequest = z
  .object({
    mode: SimulatedOutage,
    /** For how long; absent: until ended. Ignored for 'none'. */
    minutes: z
      .number({ message: 'Indique los minutos con números.' })
      .int('Indique minutos enteros.')
      .min(1, 'La simulación dura al menos 1 minuto.')
      .max(MAX_OUTAGE_MINUTES, `La simulación dura como máximo ${MAX_OUTAGE_MINUTES} minutos (un día).`)
      .optional(),
  })
  .strict();
export type OutageRequest = z.infer<typeof OutageRequest>;

/** Each mode in the shop's words (Ajustes, the command line). */
export const OUTAGE_DESCRIPTIONS: Record<SimulatedOutage, string> = {
  none: 'Funcionamiento normal: no hay ninguna simulación en curso.',
  refuse: 'El servicio no responde (conexión rechazada).',
  unavailable: 'El servicio responde que no está disponible (503).',
  gateway: 'Una pasarela responde 503 con una página de error.',
  authority: 'La DIAN no responde: los documentos quedan pendientes.',
};

export const sandboxMethods = {
  /** The embedded test environment's current simulation. */
  'sandbox.outage': method(z.object({}).strict(), OutageStatus),
  /** Starts a simulation (for `minutes`, or until ended) or ends it ('none'). */
  'sandbox.setOutage': method(OutageRequest, OutageStatus),
};
