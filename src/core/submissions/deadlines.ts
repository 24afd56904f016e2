// The transmission window of a contingency document: 48 hours by default from the
// sale, warnings when 24 h and 4 h are left, and a message when it was missed. Pure: table-tested.
import { formatDateTime } from '#shared/dates';

export const DEFAULT_WINDOW_HOURS = 48;
const HOUR = 3_600_000;

export type DeadlineLevel = 'ok' | '24h' | '4h' | 'missed';

export function deadlineOf(queuedAt: Date, windowHours: number): Date {
  return new Date(queuedAt.getTime() + windowHours * HOUR);
}

/** How close a deadline is: `24h` once 24 hours or less are left, `4h` at 4 hours or less, `missed` at or past it. */
export function deadlineLevel(now: Date, deadline: Date): DeadlineLevel {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return 'missed';
  if (left <= 4 * HOUR) return '4h';
  if (left <= 24 * HOUR) return '24h';
  return 'ok';
}

const ORDER: Record<DeadlineLevel, number> = { ok: 0, '24h': 1, '4h': 2, missed: 3 };

/** Whether `level` is a warning not given yet (levels only get worse; each is given once). */
export function isNewWarning(level: DeadlineLevel, warned: DeadlineLevel | 'none'): boolean {
  return level !== 'ok' && ORDER[level] > (warned === 'none' ? 0 : ORDER[warned]);
}

/** "quedan 23 h 5 min" in Spanish, from milliseconds left. */
export function timeLeftText(leftMs: number): string {
  if (leftMs <= 0) return 'plazo vencido';
  const minutes = Math.floor(leftMs / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `quedan ${rest} min`;
  return rest === 0 ? `quedan ${hours} h` : `quedan ${hours} h ${rest} min`;
}

/** The Spanish message of a level for one document (null when nothing is to be said). */
export function deadlineMessage(level: DeadlineLevel, localRef: string, deadline: Date, windowHours: number): string | null {
  const when = formatDateTime(deadline);
  switch (level) {
    case 'ok':
      return null;
    case '24h':
      return `El documento ${localRef} debe transmitirse antes del ${when}: quedan menos de 24 horas.`;
    case '4h':
      return `Urgente: el documento ${localRef} debe transmitirse antes del ${when}: quedan menos de 4 horas.`;
    case 'missed':
      return (
        `Venció el plazo de ${windowHours} horas para transmitir el documento ${localRef} (${when}). ` +
        'Sigue en la cola y se transmitirá en cuanto el servicio responda; no lo anule ni lo vuelva a emitir. ' +
        'Informe la contingencia a su proveedor de facturación y a su contador.'
      );
  }
}
