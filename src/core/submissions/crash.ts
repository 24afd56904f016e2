// Crash points for the SIGKILL tests: FACTURA_DESK_CRASH_AT=<point> makes the process kill itself
// at that stage of a submission, as a power cut or a killed app would. Inert unless the variable
// is set; read at each call so one process can be told exactly where to die.
export const CRASH_POINTS = [
  'before-ledger-commit',
  'after-ledger-commit',
  'while-sending',
  'after-server-commit',
  'before-outcome-commit',
] as const;
/**
 * Apart from the stages every submission passes: a sale queued in contingency (its ticket number
 * committed) before the counter prints it; reached only while the service is unreachable.
 */
export const OUTBOX_CRASH_POINT = 'after-outbox-commit';
export type CrashPoint = (typeof CRASH_POINTS)[number] | typeof OUTBOX_CRASH_POINT;

export const CRASH_ENV = 'FACTURA_DESK_CRASH_AT';

export function crashPoint(point: CrashPoint): void {
  if (process.env[CRASH_ENV] !== point) return;
  if (point === 'while-sending') {
    // The request has been handed to the network: die a moment later, so that the bytes may or may
    // not have reached the server, as in a real crash.
    const delay = Number(process.env.FACTURA_DESK_CRASH_DELAY_MS ?? Math.floor(Math.random() * 20));
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), delay);
    return;
  }
  process.kill(process.pid, 'SIGKILL');
}
