// The app as the end-to-end tests see it: the real core on a real SQLite file, behind the real
// web bridge, serving the renderer that `electron-vite build` produced (npm test builds it first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { startHost, type Host, type HostOptions } from '#main/host';
import { realKeychain } from './keychain';

export const RENDERER_DIR = join(import.meta.dirname, '..', '..', 'out', 'renderer');

export interface WebApp {
  host: Host;
  bridge: WebBridge;
  close(): Promise<void>;
}

/**
 * What a test hands the host instead of the real thing: its secret store, its network, no embedded
 * sandbox; and core's pace (the outbox's probe, the API's time limits) for an outage a test can wait out.
 */
export type WebAppOptions = Partial<
  Pick<HostOptions, 'secrets' | 'fetch' | 'embeddedSandbox' | 'outboxProbeMs' | 'writeTimeoutMs' | 'readTimeoutMs'>
>;

export async function startWebApp(home: string, options: WebAppOptions = {}): Promise<WebApp> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is missing: run `npx electron-vite build` (npm test does it)');
  }
  const host = await startHost({ home, secrets: realKeychain(), transport: 'web', ...options });
  const bridge = await startWebBridge({ dispatcher: host.dispatcher, events: host.core.events, staticDir: RENDERER_DIR });
  return {
    host,
    bridge,
    async close() {
      await bridge.close();
      await host.close();
    },
  };
}
