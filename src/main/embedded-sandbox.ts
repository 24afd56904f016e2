// First run with no connection: the embedded sandbox on loopback with the demo seed, used as the
// default connection and labelled everywhere as tests that never reach the DIAN.
// Its port changes every run, so the connection keeps a stable identity (EMBEDDED_SANDBOX_IDENTITY)
// and is bound to this run's address once the sandbox listens, with the demo seed's token: a
// published fixture, read from the seed each start and kept in memory only, so the test environment
// works on a machine without an OS keychain (docs/CLIENT-DECISIONS.md, "The embedded sandbox's token").
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_SANDBOX_IDENTITY } from '../core/connections/connections';
import type { Core } from '../core/core';
import { DseCatalog } from '../core/dse-catalog/dse-catalog';
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { loadSeedFile, type Seed } from '../sandbox/seed';

export const EMBEDDED_LABEL = 'Pruebas — no se envía a la DIAN';

/** resources/ beside src/ in the repository, and beside out/ in a build: two levels up either way. */
export const DEFAULT_DEMO_SEED = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'demo-seed.json');

export interface EmbeddedSandboxOptions {
  seedFile?: string;
}

/** Starts the embedded sandbox when this installation has (or, on first run, gets) the embedded connection. */
export async function startEmbeddedSandbox(core: Core, options: EmbeddedSandboxOptions = {}): Promise<RunningSandbox | null> {
  const { connections, logger, home } = core.parts;
  const firstRun = (await connections.list()).length === 0;
  const existing = connections.embedded();
  if (!firstRun && !existing) return null;
  const seedFile = options.seedFile ?? DEFAULT_DEMO_SEED;
  if (!existsSync(seedFile)) {
    logger.warn('embedded sandbox seed missing', { seedFile });
    return null;
  }
  const seed = loadSeedFile(seedFile);
  const demo = demoClient(seed);
  // Only requests addressed to its own loopback address and port: a web page the browser was tricked
  // into sending to 127.0.0.1 under another name (DNS rebinding) is refused.
  const sandbox = await startSandbox({ seed, dataDir: join(home, 'sandbox'), settleMs: 3000, hostCheck: 'exact' });
  let id = existing?.id;
  if (id === undefined) {
    const created = await connections.create(
      { label: EMBEDDED_LABEL, kind: 'sandbox', base_url: EMBEDDED_SANDBOX_IDENTITY, company_id: demo.companyId },
      { embedded: true },
    );
    id = created.id;
  }
  connections.bindEmbedded(id, sandbox.baseUrl, demo.token);
  await seedCostCenters(core, id, seed);
  logger.info('embedded sandbox started', { baseUrl: sandbox.baseUrl });
  return sandbox;
}

/**
 * The embedded connection starts with the sandbox company's own cost centers (the contract lists no
 * endpoint for them, but here the seed is at hand), so its DSE form offers them at once. Only when the
 * connection has none: what the user saved for it is kept.
 */
async function seedCostCenters(core: Core, connectionId: number, seed: Seed): Promise<void> {
  const catalog = new DseCatalog(core.parts.engine);
  if ((await catalog.costCenters(connectionId)).length > 0) return;
  const company =
    seed.companies.find((c) => c.id === core.parts.connections.resolve(connectionId).companyId) ?? seed.companies[0]!;
  if (company.cost_centers.length > 0) await catalog.saveCostCenters(connectionId, company.cost_centers);
}

/** The demo seed's client with every scope, for its first company. */
function demoClient(seed: Seed): { companyId: number; token: string } {
  const companyId = seed.companies[0]!.id;
  const client =
    seed.clients.find(
      (c) => c.company_id === companyId && c.scopes.length === 4 && c.tokens.some((t) => !t.revoked && !t.expires_at),
    ) ?? seed.clients.find((c) => c.company_id === companyId);
  const token = client?.tokens.find((t) => !t.revoked)?.token;
  if (!token) throw new Error('the demo seed has no usable token for its first company');
  return { companyId, token };
}
