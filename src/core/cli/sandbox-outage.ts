// `sandbox-outage --admin URL [MODO] [--minutes N]`: reads or sets the simulated outage of a
// standalone sandbox (`npm run sandbox`) through its admin port (src/sandbox/admin.ts), which answers
// while the API port refuses connections. Needs no data folder: it runs without opening core.
import { AppError } from '#shared/rpc/errors';
import { isLoopbackUrl } from '#shared/rpc/methods/connections';
import { OUTAGE_DESCRIPTIONS, OutageRequest, OutageStatus, SimulatedOutage } from '#shared/rpc/methods/sandbox';
import { flag, type ParsedArgs } from './args';
import { EXIT } from './exit-codes';
import type { CommandResult } from './commands';

export const SANDBOX_OUTAGE_USAGE =
  'sandbox-outage --admin URL [none|refuse|unavailable|gateway|authority] [--minutes N]   (URL: el admin_url que imprime `npm run sandbox`)';

export async function sandboxOutageCommand(
  args: ParsedArgs,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<CommandResult> {
  const admin = flag(args, 'admin');
  const [, mode, extra] = args.positional;
  const minutesText = flag(args, 'minutes');
  if (!admin || !isLoopbackUrl(admin) || extra !== undefined || args.flags.get('minutes') === true) {
    throw new AppError('invalid_input', `Uso: ${SANDBOX_OUTAGE_USAGE}. La dirección debe ser de este equipo (127.0.0.1).`);
  }
  let body: OutageRequest | null = null;
  if (mode !== undefined) {
    const request = OutageRequest.safeParse({
      mode,
      ...(minutesText !== undefined ? { minutes: /^\d+$/.test(minutesText) ? Number(minutesText) : minutesText } : {}),
    });
    if (!request.success) {
      const modeWrong = !SimulatedOutage.safeParse(mode).success;
      throw new AppError(
        'invalid_input',
        modeWrong
          ? `Modo desconocido «${mode}». Use uno de: ${SimulatedOutage.options.join(', ')}.`
          : request.error.issues.map((issue) => issue.message).join(' '),
      );
    }
    body = request.data;
  } else if (minutesText !== undefined) {
    throw new AppError('invalid_input', '--minutes va con un modo: sandbox-outage --admin URL refuse --minutes 5');
  }
  const url = `${admin.replace(/\/+$/, '')}/outage`;
  let answer: Response;
  try {
    answer = await fetch(
      url,
      body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : { method: 'GET' },
    );
  } catch {
    throw new AppError(
      'api_unreachable',
      `No se pudo contactar el interruptor de cortes del sandbox en ${admin}. Compruebe que el sandbox está en marcha y use el admin_url que imprimió al iniciar.`,
    );
  }
  const payload: unknown = await answer.json().catch(() => null);
  const status = OutageStatus.safeParse(payload);
  if (!answer.ok || !status.success) {
    const reason =
      typeof payload === 'object' && payload !== null && 'error' in payload ? String(payload.error) : `HTTP ${answer.status}`;
    throw new AppError(answer.status === 400 ? 'invalid_input' : 'api_unexpected', `El sandbox no aceptó el cambio: ${reason}.`);
  }
  return { output: { ...status.data, description: OUTAGE_DESCRIPTIONS[status.data.mode] }, exitCode: EXIT.ok };
}
