// `npm run web`: the same core behind the loopback web bridge, for a normal browser (and for the
// end-to-end tests, and wherever the Electron binary cannot be installed).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebBridge } from '../core/bridge/web-bridge';
import { osKeychain } from '../core/vault/os-keychain';
import { resolveHome } from '../core/home';
import { startServedHost } from './host';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const { home, rest } = resolveHome(process.argv.slice(2));
  const portIndex = rest.indexOf('--port');
  const port = portIndex >= 0 ? Number(rest[portIndex + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('--port debe ser un número de puerto válido\n');
    process.exit(2);
  }
  const host = await startServedHost({ home, secrets: osKeychain, transport: 'web' });
  if (host.startupError?.code === 'folder_in_use') {
    // Another process already works on this folder: refused at once, nothing served.
    process.stderr.write(`${host.startupError.message}\n`);
    process.exit(1);
  }
  if (host.startupError) process.stderr.write(`${host.startupError.message}\n`);
  if (host.storeNotice) process.stderr.write(`${host.storeNotice}\n`);
  const bridge = await startWebBridge({
    dispatcher: host.dispatcher,
    events: host.events,
    staticDir: join(root, 'out', 'renderer'),
    port,
  });
  // One line of JSON on stdout, so that scripts and tests can read the address.
  process.stdout.write(`${JSON.stringify({ url: bridge.url, home })}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await bridge.close();
    await host.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Factura Desk no pudo iniciar: ${message}\n`);
  process.exit(1);
});
