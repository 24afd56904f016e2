// `npm start [-- --web] [--home DIR] [--port N] [--database postgres://…] [--register NAME]`: Factura Desk in its desktop window where Electron
// can start; wherever it cannot (no binary offline, no display, a start-up failure), the same app
// through the loopback web bridge (src/main/web.ts), opened in the system's browser, with the
// embedded sandbox and the OS keychain as usual. It never leaves the user at an error with nothing
// running. Messages are Spanish: this is the first thing a shop owner sees.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { electronBinaryPath, prepareElectron } from './electron-natives.mjs';
import { ensureBuilt, root } from './renderer-build.mjs';

/** An Electron that exits with an error this soon never showed a usable window: fall back to the browser. */
const EARLY_EXIT_MS = 20_000;

const args = process.argv.slice(2);
const webOnly = args.includes('--web');
const hostArgs = args.filter((arg) => arg !== '--web');
/** `--database ADDRESS` and `--register NAME` (or `=`), as the window's process reads them. */
const databaseArgs = hostArgs.flatMap((arg, i) =>
  ['--database', '--register'].some((name) => arg.startsWith(`${name}=`))
    ? [arg]
    : arg === '--database' || arg === '--register'
      ? [arg, ...hostArgs.slice(i + 1, i + 2)]
      : [],
);

function say(line) {
  console.log(`[Factura Desk] ${line}`);
}

function hasDisplay() {
  if (process.platform !== 'linux' && process.platform !== 'freebsd' && process.platform !== 'openbsd') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Runs the desktop app; resolves its exit code and whether it failed before it could have been used. */
function runDesktop() {
  return new Promise((resolve) => {
    const started = Date.now();
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    delete env.ELECTRON_RENDERER_URL;
    // The shop's database goes to the window as to the browser's host (src/main/index.ts reads it).
    const electron = spawn(electronBinaryPath(), [root, ...databaseArgs], { cwd: root, env, stdio: 'inherit' });
    electron.on('error', () => resolve({ code: 1, early: true }));
    electron.on('exit', (code, signal) => {
      const failed = code !== 0 && signal === null;
      resolve({ code: code ?? 1, early: failed && Date.now() - started < EARLY_EXIT_MS });
    });
  });
}

/** The system's way to open an address in the default browser; resolves false where there is none. */
function openInBrowser(url) {
  const [command, commandArgs] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const opener = spawn(command, commandArgs, { stdio: 'ignore', detached: process.platform !== 'win32' });
    opener.on('error', () => resolve(false));
    opener.on('exit', (code) => resolve(code === 0));
    opener.unref();
  });
}

function serveInBrowser(reason) {
  say(`Se abre en el navegador y no en la ventana de escritorio: ${reason}.`);
  const host = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main/web.ts'), ...hostArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => host.kill('SIGTERM'));
  host.on('error', (error) => {
    say(`No se pudo iniciar el servidor local de la aplicación: ${error.message}`);
    process.exit(1);
  });
  host.on('exit', (code) => process.exit(code ?? 0));

  let announced = false;
  createInterface({ input: host.stdout }).on('line', (line) => {
    if (announced) return void process.stdout.write(`${line}\n`);
    announced = true;
    let url;
    try {
      ({ url } = JSON.parse(line));
    } catch {
      return void process.stdout.write(`${line}\n`);
    }
    void announce(url);
  });
}

async function announce(url) {
  const opened = hasDisplay() && (await openInBrowser(url));
  say(opened ? `Abierta en su navegador: ${url}` : `Abra esta dirección en un navegador de este equipo: ${url}`);
  say('La aplicación funciona mientras esta terminal siga abierta. Presione Ctrl+C para cerrarla.');
}

async function main() {
  if (!ensureBuilt()) {
    say('No se pudo preparar la aplicación (los errores están arriba). Ejecute `npm install` y vuelva a intentarlo.');
    process.exit(1);
  }
  let reason = webOnly
    ? 'así se pidió (--web)'
    : hasDisplay()
      ? null
      : 'este equipo no tiene pantalla gráfica (no hay DISPLAY ni WAYLAND_DISPLAY)';
  if (reason === null) {
    const electron = prepareElectron();
    if (electron.ready) {
      const desktop = await runDesktop();
      if (!desktop.early) process.exit(desktop.code);
      reason = `la ventana de escritorio no pudo iniciar (Electron terminó con el código ${desktop.code})`;
    } else {
      reason = electron.reason;
    }
  }
  serveInBrowser(reason);
}

await main();
