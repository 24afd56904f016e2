// startSandbox: the sandbox as a library, for tests and for the app's embedded default.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Settler } from './authority/settler';
import { frozenClock, realClock, type Clock } from './clock';
import type { SandboxContext } from './context';
import { DseSigning } from './dse/dse-signing';
import { settleDse, transmitStored } from './dse/dse-transmit';
import { BASE_PATH, createSandboxServer, type HostCheck } from './http/server';
import { ROUTES } from './routes';
import { loadSeedFile, parseSeed, type Seed } from './seed';
import { CompanyStore } from './storage/company-store';
import { flushCommits, openDatabase } from './storage/database';
import { DseStore } from './storage/dse-store';
import { FaultStore } from './storage/fault-store';
import { FeStore } from './storage/fe-store';
import { importSeed } from './storage/seed-import';
import { loadOrCreateCertificate } from './xml/certificate';
import { createXmlSigning } from './xml/signing';
import { OutageState, type OutageMode } from './outage';
import type { OutageStatus } from '../shared/rpc/methods/sandbox';

export interface SandboxOptions {
  /** path of a seed JSON file, or the seed itself */
  seed: string | Seed | Record<string, unknown>;
  /** 0 (default): a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** keeps the SQLite file, certificate and XML here across restarts; default: a temporary folder removed on close */
  dataDir?: string;
  /** freezes the clock, e.g. "2026-11-20T10:00:00-05:00" */
  now?: string;
  /** the server's clock, when a test moves it by hand (settableClock); wins over `now` */
  clock?: Clock;
  /** how long the simulated tax authority takes to settle an uncertain transmission; default 3000 */
  settleMs?: number;
  /** diagnostics (never to stdout in the CLI); default: silent */
  log?: (message: string) => void;
  /**
   * worker threads that build and sign DSE XML ('cores': one per available core). Default 0: on the
   * event loop, as the app's embedded sandbox runs (its bundle has no separate worker file).
   */
  signingThreads?: number | 'cores';
  /**
   * Which Host headers are answered (http/server.ts): default 'loopback' when it listens on a loopback
   * address (any port: tests reach it through a proxy), 'any' otherwise; the app's embedded sandbox
   * asks for 'exact' (its own address and port).
   */
  hostCheck?: HostCheck;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:43123/api/v1 */
  baseUrl: string;
  /**
   * Starts an outage (docs/SANDBOX.md, "Outages"): 'refuse' (nothing listens on the port), 'unavailable' (503
   * to every request), 'gateway' (503 with a proxy's HTML page), 'authority' (documents created but pending until settle-ms), for `forMs` of
   * real time or until the next call; 'none' ends it.
   */
  outage(mode: OutageMode, options?: { forMs?: number }): Promise<void>;
  /** The outage in force now, and when a timed one ends. */
  outageStatus(): OutageStatus;
  close(): Promise<void>;
}

export { SeedError } from './seed';
export { OUTAGE_MODES, type OutageMode } from './outage';

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const seed = typeof options.seed === 'string' ? loadSeedFile(options.seed) : parseSeed(options.seed);
  const clock = options.clock ?? (options.now ? frozenClock(options.now) : realClock());
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'factura-desk-sandbox-'));
  mkdirSync(dataDir, { recursive: true });
  const certificate = await loadOrCreateCertificate(dataDir);
  const { db, fresh } = openDatabase(join(dataDir, 'sandbox.sqlite'));
  // Sandbox decision: the seed is applied when the database is created; later starts keep the data.
  if (fresh) importSeed(db, seed);
  const fe = new FeStore(db);
  const dse = new DseStore(db);
  const ctxRef: { ctx?: SandboxContext } = {};
  const settler = new Settler(
    fe,
    dse,
    {
      settleFe: (id, to) => fe.setState(id, to),
      settleDse: (id, to) => settleDse(ctxRef.ctx as SandboxContext, id, to),
    },
    options.log,
  );
  const log = options.log ?? (() => undefined);
  const xmlDir = join(dataDir, 'xml');
  const xml = createXmlSigning({ xmlDir, certificate, threads: options.signingThreads ?? 0, log });
  const ctx: SandboxContext = {
    db,
    clock,
    fe,
    dse,
    settler,
    xml,
    xmlDir,
    log,
    dseSigning: new DseSigning({ db, dse, xml, log }, { resumed: (id, violations) => transmitStored(ctx, id, violations) }),
    companies: new CompanyStore(db),
    faults: new FaultStore(db),
    settleMs: options.settleMs ?? 3000,
    outage: new OutageState((mode) => listening(mode !== 'refuse'), clock),
  };
  ctxRef.ctx = ctx;
  settler.settleDue();
  settler.schedule();
  // Documents a previous run numbered but did not sign (it was killed meanwhile) are finished first;
  // those it signed but did not finish transmitting are transmitted again with their outcome.
  ctx.dseSigning.resumeAll();
  for (const id of dse.sendingIds()) transmitStored(ctx, id);

  const listenHost = options.host ?? '127.0.0.1';
  const loopback = listenHost === 'localhost' || listenHost === '::1' || /^127\./.test(listenHost);
  const server = createSandboxServer(ctx, ROUTES, options.hostCheck ?? (loopback ? 'loopback' : 'any'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, listenHost, () => resolve());
  });
  const address = server.address() as AddressInfo;
  let closed = false;
  // 'refuse': the port stops listening (connections refused) and listens again, on the same port, after.
  async function listening(on: boolean): Promise<void> {
    if (closed || on === server.listening) return;
    if (!on) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return;
    }
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.port, address.address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    baseUrl: `http://${host}:${address.port}${BASE_PATH}`,
    outage: (mode, outageOptions = {}) => ctx.outage.set(mode, outageOptions.forMs),
    outageStatus: () => ctx.outage.status,
    close() {
      closed = true;
      ctx.outage.stop();
      closing ??= new Promise<void>((resolve) => {
        settler.stop();
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(async () => {
        await xml.close();
        flushCommits(db);
        db.close();
        if (temporary) rmSync(dataDir, { recursive: true, force: true });
      });
      return closing;
    },
  };
}
