// The command line's commands, each over the same RPC contract the renderer uses.
import { readFileSync, statSync } from 'node:fs';
import type { InputOf, OutputOf } from '#shared/rpc/define';
import type { MethodName, RpcContract } from '#shared/rpc/contract';
import { AppError, type RpcErrorShape } from '#shared/rpc/errors';
import { TRUSTED_CA_MAX_CHARS } from '#shared/rpc/methods/connections';
import { OPEN_SUBMISSION_STATES, type Submission } from '#shared/rpc/methods/submissions';
import type { Core } from '../core';
import { flag, type ParsedArgs } from './args';
import { EXIT, exitForState } from './exit-codes';
import { estadoLabel } from '#shared/estados';
import { stateCounts } from '../ledger-reads/state-counts';

export interface CommandResult {
  output: unknown;
  exitCode: number;
  /** Plain text instead of JSON (`history` without --json). */
  text?: string;
}

export class RpcFailure extends Error {
  constructor(readonly shape: RpcErrorShape) {
    super(shape.message);
  }
}

export async function call<K extends MethodName>(
  core: Core,
  method: K,
  input: InputOf<RpcContract, K>,
): Promise<OutputOf<RpcContract, K>> {
  const reply = await core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw new RpcFailure(reply.error);
  return reply.output as OutputOf<RpcContract, K>;
}

export interface CommandContext {
  core: Core;
  args: ParsedArgs;
  readStdin(): Promise<string>;
  progress(line: string): void;
}

export async function connect({ core, args, readStdin }: CommandContext): Promise<CommandResult> {
  const baseUrl = flag(args, 'base-url');
  const company = Number(flag(args, 'company'));
  if (!baseUrl || !Number.isInteger(company) || company <= 0) {
    throw new AppError(
      'invalid_input',
      'Uso: connect --base-url URL --company ID [--label NOMBRE] [--kind sandbox|production] [--ca ARCHIVO.pem] [--replace-token] (token por la entrada estándar)',
    );
  }
  if (args.flags.get('ca') === true)
    throw new AppError('invalid_input', '--ca va con el archivo del certificado: --ca autoridad.pem');
  const caFile = flag(args, 'ca');
  // Read before anything is stored: a file that cannot be read changes nothing.
  const ca = caFile === undefined ? null : readCaFile(caFile);
  const token = (await readStdin()).trim();
  // A test connection unless production is asked for by name, as in Ajustes: a production
  // connection's documents go to the DIAN with fiscal effect.
  const kind = flag(args, 'kind') ?? 'sandbox';
  if (kind !== 'sandbox' && kind !== 'production')
    throw new AppError('invalid_input', `--kind es sandbox (pruebas) o production (producción), no «${kind}».`);
  const label = flag(args, 'label') ?? (kind === 'sandbox' ? `Pruebas — empresa ${company}` : `Empresa ${company}`);
  const find = async () =>
    (await call(core, 'connections.list', {})).find(
      (c) => c.company_id === company && c.base_url === baseUrl.trim().replace(/\/+$/, ''),
    );
  let connection = await find();
  try {
    connection ??= await call(core, 'connections.create', { label, kind, base_url: baseUrl, company_id: company });
  } catch (error) {
    // Another register of the shop made the same connection a moment ago (its row is the shop's; the
    // refusal is core's check or the database's unique index, whichever saw it): this folder adds its
    // own token to that one. Any other refusal stands.
    const made = error instanceof RpcFailure ? await find() : undefined;
    if (!made) throw error;
    connection = made;
  }
  await call(core, 'connections.setToken', {
    id: connection.id,
    token,
    ...(args.flags.has('replace-token') ? { replace_unresolved: true } : {}),
  });
  if (ca !== null) await call(core, 'connections.trustCa', { id: connection.id, pem: ca });
  const active = await call(core, 'connections.activate', { id: connection.id });
  const check = await call(core, 'connections.test', { id: connection.id });
  return { output: { connection: active, check }, exitCode: check.ok ? EXIT.ok : EXIT.failure };
}

/** The provider's certificate authority file of `connect --ca` (core checks what it holds). */
function readCaFile(file: string): string {
  try {
    if (statSync(file).size > TRUSTED_CA_MAX_CHARS) {
      throw new AppError('invalid_input', `${file} es demasiado grande para ser un certificado (máximo 64 KB).`);
    }
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_input', `No se pudo leer el archivo del certificado ${file}.`);
  }
}

/**
 * `dse submit` / `fe submit`. Running the same command again is the natural recovery after a crash,
 * so a key is never drawn blindly: the same data already in the ledger under another key is
 * confirmed under that key (no second document) unless --new-document asks for another one; the
 * key is printed before anything is sent.
 */
export async function submit({ core, args, progress }: CommandContext, kind: 'dse' | 'fe'): Promise<CommandResult> {
  const file = args.positional[2];
  if (!file)
    throw new AppError(
      'invalid_input',
      `Uso: ${kind} submit ARCHIVO.json ${kind === 'dse' ? '[--key CLAVE] ' : ''}[--new-document]`,
    );
  let request: unknown;
  try {
    request = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    throw new AppError('invalid_input', `No se pudo leer ${file} como JSON.`);
  }
  const given = kind === 'dse' ? flag(args, 'key') : draftKeyOf(request);
  let key = given;
  if (!args.flags.has('new-document')) {
    const same =
      kind === 'dse'
        ? await call(core, 'dse.findSame', { request: request as never })
        : await call(core, 'fe.findSame', { request: request as never });
    if (same && same.idempotency_key !== given) {
      progress(
        `Estos datos ya se enviaron con la clave ${same.idempotency_key} (envío ${same.id}, estado ${same.state}). ` +
          'Se confirma ese envío; no se crea otro documento. Para emitir otro documento con los mismos datos use --new-document.',
      );
      key = same.idempotency_key;
    }
  }
  key ??= await core.parts.submissions.newKey(kind);
  progress(`Clave de envío: ${key}`);
  const submission =
    kind === 'dse'
      ? await call(core, 'dse.submit', { request: request as never, key })
      : await call(core, 'fe.submit', { request: { ...(request as object), draft_key: key } as never });
  return { output: submission, exitCode: exitForState(submission.state, submission.error?.code ?? null) };
}

function draftKeyOf(request: unknown): string | undefined {
  const value = (request as { draft_key?: unknown } | null)?.draft_key;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export async function resume({ core }: CommandContext): Promise<CommandResult> {
  const outcomes = await call(core, 'submissions.resume', {});
  const open = outcomes.filter((s) => isOpen(s));
  return {
    output: { resumed: outcomes.length, still_open: open.length, outcomes },
    exitCode: open.length > 0 ? EXIT.pending : EXIT.ok,
  };
}

/**
 * `release ID --confirmar`: a submission held by a token change sent under the current token with the
 * same key, once the user has checked in the provider's portal that the document does not exist.
 */
export async function release({ core, args }: CommandContext): Promise<CommandResult> {
  const id = Number(args.positional[1]);
  if (!Number.isInteger(id) || id <= 0 || !args.flags.has('confirmar')) {
    throw new AppError(
      'invalid_input',
      'Uso: release ID --confirmar. Antes, busque la clave de envío en el portal de su proveedor: use esta orden solo si el documento no existe.',
    );
  }
  const submission = await call(core, 'submissions.release', { id, confirm_not_created: true });
  return { output: submission, exitCode: exitForState(submission.state, submission.error?.code ?? null) };
}

export async function status({ core }: CommandContext): Promise<CommandResult> {
  const connections = await call(core, 'connections.list', {});
  const recent = await call(core, 'submissions.list', { limit: 500 });
  const open = await call(core, 'submissions.list', { open: true, limit: 500 });
  const counts = await stateCounts(core.parts.engine.db);
  return {
    output: {
      connection: connections.find((c) => c.active) ?? null,
      submissions: { counts, total: Object.values(counts).reduce((a, b) => a + b, 0), recent: recent.slice(0, 20) },
      pending: open,
    },
    exitCode: EXIT.ok,
  };
}

export async function history({ core, args }: CommandContext): Promise<CommandResult> {
  const kind = flag(args, 'kind');
  const limit = flag(args, 'limit');
  const result = await call(core, 'history.list', {
    filter: {
      ...(flag(args, 'q') ? { q: flag(args, 'q') } : {}),
      ...(kind === 'FE' || kind === 'DSE' ? { kind } : {}),
    },
    offset: 0,
    limit: limit ? Number(limit) : 50,
  });
  if (args.flags.has('json')) return { output: result, exitCode: EXIT.ok };
  const lines = result.items.map((d) =>
    [
      d.issue_date,
      d.kind.padEnd(3),
      d.number.padEnd(14),
      estadoLabel(d.estado_dian).padEnd(12),
      d.total.padStart(16),
      d.counterpart_name,
    ].join('  '),
  );
  return { output: result, exitCode: EXIT.ok, text: [`${result.total} documento(s)`, ...lines].join('\n') };
}

export async function sync({ core, progress }: CommandContext): Promise<CommandResult> {
  const unsubscribe = core.events.subscribe((event, payload) => {
    if (event === 'sync.progress') progress(JSON.stringify(payload));
  });
  try {
    return { output: await call(core, 'history.sync', {}), exitCode: EXIT.ok };
  } finally {
    unsubscribe();
  }
}

function isOpen(submission: Submission): boolean {
  return OPEN_SUBMISSION_STATES.includes(submission.state);
}
