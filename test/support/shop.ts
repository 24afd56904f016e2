// The set-up most end-to-end tests share: a shop's app in the browser (the web bridge over a real
// core on a temporary data folder), optionally the sandbox as its API with the demo company's
// connection active, products in its catalog, and Chromium. `rpc` calls core directly, for set-up
// and for checks that need no screen.
import type { Browser } from 'playwright-core';
import type { ProductInput } from '#shared/catalog/product';
import type { RpcReply } from '#shared/rpc/envelope';
import { launchBrowser } from './browser';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { tempDir } from './temp';
import { startWebApp, type WebApp } from './web-app';

export interface Shop {
  app: WebApp;
  /** null when the shop works on the embedded sandbox connection */
  sandbox: SandboxProcess | null;
  browser: Browser;
  rpc: Rpc;
  close(): Promise<void>;
}

export interface ShopOptions {
  /** Start the sandbox as a separate process (the demo seed, company 101 with its full token). Default: yes, settling in 200 ms. */
  sandbox?: { settleMs: number } | false;
  /** The connection's name in Ajustes. */
  label?: string;
  products?: readonly ProductInput[];
}

/** Calls core directly, as the app's host would (set-up and checks that need no screen). */
export function coreRpc(app: Pick<WebApp, 'host'>): Rpc {
  let nextId = 1;
  return async <T>(method: string, input: unknown): Promise<T> => {
    const reply: RpcReply = await app.host.core.dispatch({ id: nextId++, method, input });
    if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
}

export type Rpc = <T>(method: string, input: unknown) => Promise<T>;

export interface ConnectionInput {
  label: string;
  kind: 'sandbox' | 'production';
  base_url: string;
  company_id: number;
}

/** A connection with its token stored, made the active one. */
export async function connect(rpc: Rpc, connection: ConnectionInput, token: string): Promise<number> {
  const { id } = await rpc<{ id: number }>('connections.create', connection);
  await rpc('connections.setToken', { id, token });
  await rpc('connections.activate', { id });
  return id;
}

/** The demo company's connection to a sandbox (company 101, its full token), made the active one. */
export async function connectDemo(rpc: Rpc, baseUrl: string, label = 'Demo'): Promise<number> {
  return connect(rpc, { label, kind: 'sandbox', base_url: baseUrl, company_id: 101 }, 'sbx_101_full');
}

export async function openShop(options: ShopOptions = {}): Promise<Shop> {
  const dir = tempDir();
  const sandbox =
    options.sandbox === false
      ? null
      : await startSandboxProcess({ seed: 'resources/demo-seed.json', settleMs: options.sandbox?.settleMs ?? 200 });
  const app = await startWebApp(dir.path);
  const rpc = coreRpc(app);
  if (sandbox) await connectDemo(rpc, sandbox.baseUrl, options.label);
  for (const product of options.products ?? []) await rpc('catalog.save', { product });
  const browser = await launchBrowser();
  return {
    app,
    sandbox,
    browser,
    rpc,
    async close() {
      await browser.close();
      await app.close();
      await sandbox?.stop();
      dir.remove();
    },
  };
}
