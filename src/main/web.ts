// `npm run web [-- --home DIR --port N --database postgres://… --register NAME]`: the same core behind the loopback web bridge, for a normal browser (and for the
// end-to-end tests, and wherever the Electron binary cannot be installed).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebBridge, type WebBridge } from '../core/bridge/web-bridge';
import { osKeychain } from '../core/vault/os-keychain';
import { resolveHome } from '../core/home';
import { takeDatabaseArgument } from '../core/store/database-choice';
import { takeRegisterArgument } from '../core/registers/register-argument';
import { keychainWarning, startServedHost, type ServedHost } from './host';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const { home, rest: afterHome } = resolveHome(process.argv.slice(2));
  // `--database postgres://…` (or FACTURA_DESK_DATABASE, or Ajustes' choice): the shop's database.
  const { database: databaseArgument, rest: afterDatabase } = takeDatabaseArgument(afterHome);
  // `--register "Caja 2"`: the register this folder works as, by name (scripts drive a shop so).
  const { register: registerName, rest } = takeRegisterArgument(afterDatabase);
  const portIndex = rest.indexOf('--port');
  const port = portIndex >= 0 ? Number(rest[portIndex + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('--port debe ser un número de puerto válido\n');
    process.exit(2);
  }
  // Listening before anything opens: a SIGINT or SIGTERM at any moment, even while core is still
  // starting, waits for core to close (the last commit in the main file, the folder's lock given back).
  let host: ServedHost | undefined;
  let bridge: WebBridge | undefined;
  let starting: Promise<void> = Promise.resolve();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await starting.catch(() => undefined);
    await bridge?.close();
    await host?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  starting = (async () => {
    host = await startServedHost({ home, secrets: osKeychain, transport: 'web', databaseArgument, registerName });
    if (host.startupError?.code === 'folder_in_use') {
      // Another process already works on this folder: refused at once, nothing served.
      process.stderr.write(`${host.startupError.message}\n`);
      process.exit(1);
    }
    if (host.startupError) process.stderr.write(`${host.startupError.message}\n`);
    if (host.storeNotice) process.stderr.write(`${host.storeNotice}\n`);
    const keychain = await keychainWarning(host);
    if (keychain) process.stderr.write(`${keychain}\n`);
    bridge = await startWebBridge({
      dispatcher: host.dispatcher,
      events: host.events,
      staticDir: join(root, 'out', 'renderer'),
      port,
    });
  })();
  await starting;
  if (stopping) return;
  // One line of JSON on stdout, so that scripts and tests can read the address.
  process.stdout.write(`${JSON.stringify({ url: bridge!.url, home })}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Factura Desk no pudo iniciar: ${message}\n`);
  process.exit(1);
});
