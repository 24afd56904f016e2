// `npm run --silent cli -- [--home DIR] [--database ADDRESS] <command>`: the same core as the app,
// on the same database (the data folder's SQLite file, or the shop's PostgreSQL), printing JSON.
// Exit codes: 0 accepted / done, 3 pending or in doubt, 4 rejected, 2 invalid input, 1 anything else.
import { openCore, type Core } from '../core';
import { resolveHome } from '../home';
import { DATABASE_VARIABLE, readDatabaseChoice, takeDatabaseArgument } from '../store/database-choice';
import { takeRegisterArgument } from '../registers/register-argument';
import { osKeychain } from '../vault/os-keychain';
import { isAppError } from '#shared/rpc/errors';
import { parseArgs } from './args';
import { askWithoutEcho, PIN_VARIABLE, refusePinInArgs, signInForCommand } from './pin';
import {
  call,
  connect,
  history,
  release,
  resume,
  RpcFailure,
  status,
  submit,
  sync,
  type CommandContext,
  type CommandResult,
} from './commands';
import { EXIT, exitForError } from './exit-codes';
import { cliSecrets, refuseBackupsOnShopDatabase, withPasswordHint } from './database';
import { MOVE_USAGE, moveToPostgresCommand, PASSWORD_VARIABLE } from './move-to-postgres';
import { backupsCommand, restoreCommand } from './restore';
import { SANDBOX_OUTAGE_USAGE, sandboxOutageCommand } from './sandbox-outage';
import { cashiersCommand, SHIFT_USAGE, shiftCommand } from './shift-commands';

const USAGE = `Uso: npm run --silent cli -- [--home DIR] [--database postgres://USUARIO@SERVIDOR:PUERTO/BASE] [--register NOMBRE] [--pin] <comando>
  --database   la base de datos del negocio (PostgreSQL), o sqlite para los datos de este equipo; sin ella:
               ${DATABASE_VARIABLE}, o la elegida en Ajustes, o los datos de este equipo. La contraseña se lee
               del llavero del sistema (guárdela en Ajustes), o de ${PASSWORD_VARIABLE} solo para esa orden
  --register   la caja con la que trabaja esta carpeta de datos, por su nombre («Caja 2»): la del negocio con
               ese nombre, o una nueva con él; sin ella, la caja de esta carpeta
  --pin   actuar como un cajero de la caja (las acciones de administrador lo piden cuando hay cajeros):
          el PIN de ${PIN_VARIABLE}, o escrito cuando se pida, o la primera línea de la entrada estándar
  connect --base-url URL --company ID [--label NOMBRE] [--kind sandbox|production] [--ca ARCHIVO.pem] [--replace-token]   (token por stdin; --ca: autoridad de certificación propia del proveedor)
  dse submit ARCHIVO.json [--key CLAVE] [--new-document]
  fe submit ARCHIVO.json [--new-document]
  resume
  release ID --confirmar   (envío retenido por cambio de token: solo si el portal del proveedor muestra que no existe)
  status
  history [--json] [--q TEXTO] [--kind FE|DSE] [--limit N]
  sync
  backup    (solo con los datos de este equipo: la base de datos del negocio la respalda su servidor)
  backups
  restore NOMBRE --confirmar   (con la aplicación cerrada; solo con los datos de este equipo)
  ${MOVE_USAGE}
  ${SANDBOX_OUTAGE_USAGE}
  ${SHIFT_USAGE}`;

async function run(context: CommandContext): Promise<CommandResult> {
  const [command, sub] = context.args.positional;
  if (command === 'connect') return connect(context);
  if ((command === 'dse' || command === 'fe') && sub === 'submit') return submit(context, command);
  if (command === 'resume') return resume(context);
  if (command === 'status') return status(context);
  if (command === 'history') return history(context);
  if (command === 'sync') return sync(context);
  if (command === 'release') return release(context);
  if (command === 'cajeros') return cashiersCommand(context);
  if (command === 'turno') return shiftCommand(context);
  if (command === 'backup') return { output: await call(context.core, 'app.backup', {}), exitCode: EXIT.ok };
  return { output: { error: { code: 'invalid_input', message: USAGE } }, exitCode: EXIT.invalid, text: USAGE };
}

let stdinText: Promise<string> | null = null;

/** The whole standard input, read once (the PIN's line and the token may share it). */
function readAllStdin(): Promise<string> {
  stdinText ??= new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
  return stdinText;
}

function readStdin(): Promise<string> {
  if (!process.stdin.isTTY) return readAllStdin();
  return new Promise((resolve, reject) => {
    if (process.stdin.isTTY) {
      process.stderr.write('Escriba el token y presione Ctrl+D:\n');
    }
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

async function main(): Promise<number> {
  const { home, rest: afterHome } = resolveHome(process.argv.slice(2));
  let core: Core | undefined;
  try {
    const { database, rest: afterDatabase } = takeDatabaseArgument(afterHome);
    const { register, rest } = takeRegisterArgument(afterDatabase);
    const args = parseArgs(rest);
    refusePinInArgs(args);
    const command = args.positional[0];
    if (command === 'sandbox-outage') {
      // A standalone sandbox's switch: no data folder is opened.
      const result = await sandboxOutageCommand(args);
      process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
      return result.exitCode;
    }
    if (command === 'move-to-postgres') {
      // Reads the data file itself (read-only), with no core open: the app must be closed.
      const result = await moveToPostgresCommand(
        home,
        args,
        { env: process.env, terminal: process.stdin.isTTY ? { ask: askWithoutEcho } : null, readAll: readAllStdin },
        (line) => process.stderr.write(`${line}\n`),
      );
      process.stdout.write(`${result.text ?? JSON.stringify(result.output, null, 2)}\n`);
      return result.exitCode;
    }
    const choice = readDatabaseChoice({ home, argument: database, env: process.env });
    // Before any connection: the shop database's copies are its server's (nothing to ask it for).
    if (choice.engine === 'postgres' && (command === 'backup' || command === 'backups' || command === 'restore'))
      refuseBackupsOnShopDatabase(choice.address);
    // A restore runs with no core open (and a damaged file cannot open one).
    if (command === 'backups' || command === 'restore') {
      const options = { home, secrets: osKeychain };
      const result = command === 'backups' ? backupsCommand(options) : restoreCommand(options, args, new Date());
      process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
      return result.exitCode;
    }
    core = await openCore({
      home,
      secrets: cliSecrets(osKeychain, choice, process.env),
      transport: 'cli',
      choice,
      registerName: register,
    });
    if (core.parts.store?.notice) process.stderr.write(`${core.parts.store.notice}\n`);
    const signedIn = await signInForCommand(core, args, {
      env: process.env,
      terminal: process.stdin.isTTY ? { ask: askWithoutEcho } : null,
      readAll: readAllStdin,
    });
    const result = await run({
      core,
      args,
      readStdin: signedIn.rest ?? readStdin,
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${result.text ?? JSON.stringify(result.output, null, 2)}\n`);
    return result.exitCode;
  } catch (error) {
    const found = error instanceof RpcFailure ? error.shape : isAppError(error) ? error.toShape() : null;
    // A damaged file: the command line's own way to restore.
    const shape =
      found &&
      found.code === 'store_unavailable' &&
      (/^SQLITE_(NOTADB|CORRUPT)/.test(String(found.details?.sqlite ?? '')) || found.details?.reason === 'missing')
        ? {
            ...found,
            message: `${found.message} Con la aplicación cerrada: «backups» lista las copias y «restore NOMBRE --confirmar» restaura una (el archivo actual se conserva aparte).`,
          }
        : found && withPasswordHint(found);
    // Refused for want of a cashier: the command line's own way to be one.
    if (shape?.code === 'not_allowed' && !process.argv.includes('--pin')) {
      shape.message = `${shape.message} Desde la línea de comandos: agregue --pin (el PIN de ${PIN_VARIABLE} o escrito cuando se pida).`;
    }
    if (!shape) {
      process.stderr.write(`Error inesperado: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT.failure;
    }
    process.stdout.write(`${JSON.stringify({ error: shape }, null, 2)}\n`);
    process.stderr.write(`${shape.message}\n`);
    return exitForError(shape.code);
  } finally {
    await core?.close();
  }
}

// Ctrl+C or a SIGTERM while a command runs: the command ends its step (a submission already on its
// way gets its answer recorded) and core closes, so the last commit reaches the main file and the
// folder's lock is given back. A second signal ends at once; the ledger's write-ahead record makes
// that safe too (`resume` finishes the job).
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) process.exit(EXIT.failure);
    signalled = true;
    process.stderr.write('Cerrando: se termina el paso en curso y se guardan los datos. Repita para salir de inmediato.\n');
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.failure;
  },
);
