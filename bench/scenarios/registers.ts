// Three registers selling at once against one PostgreSQL on loopback: the shop the issue describes.
// The scenario starts its own PostgreSQL server and the sandbox as its own HTTP server (a process),
// opens the shop database once here to make the sandbox connection and write 50,000 products, then
// forks three registers (register-child.ts), each its own process and data folder with core opened
// on that database. While all three sell (a DSE and an FE per round, plus a bare DSE for the
// overhead), this process runs the counter's product searches on the same database. Figures:
//  - each register's submission overhead over bare HTTP (the submission scenario's measure: median
//    of DSE via core minus median of the bare POST interleaved with it), target 8 ms;
//  - a sale's outcome at one register to its row in another register's history.list (the notice
//    received, the list asked again), every sale seen from both other registers, target 1 s (p95);
//  - product search at 50,000 products on PostgreSQL with the registers selling, target 5 ms (p95).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { parsePostgresAddress } from '#core/store/database-choice';
import { startPostgres } from '#test/postgres';
import { memorySecrets } from '../lib/core';
import type { Figure } from '../lib/figure';
import { registerChild, type RegisterChild, type RegisterResult } from '../lib/register-child';
import { connectSandbox, startSandboxChild, unlimitedSeed } from '../lib/sandbox';
import type { BenchContext, Scenario } from '../lib/scenario';
import { median, percentile } from '../lib/stats';
import { searchFigures, seedCatalog } from './catalog-search';

const REGISTERS = 3;
/** Selling time at the least, whatever the searches take: each run is a fifth of it. */
const SELLING_MS = 30_000;

/** The first seconds of selling are the warm-up (connections, JIT, the sandbox's caches): not counted. */
const WARM_UP_MS = 3_000;

/** The samples of `items` from `from` on, split by time into `runs` consecutive windows of equal length. */
function windows<T extends { at: number }>(items: readonly T[], from: number, to: number, runs: number): T[][] {
  const out: T[][] = Array.from({ length: runs }, () => []);
  const span = (to - from) / runs;
  for (const item of items) if (item.at >= from) out[Math.min(runs - 1, Math.floor((item.at - from) / span))]!.push(item);
  return out;
}

function figures(ctx: BenchContext, results: RegisterResult[], from: number, to: number): Figure[] {
  const out: Figure[] = [];
  for (const [i, result] of results.entries()) {
    const measured = windows(result.samples, from, to, ctx.runs).filter((w) => w.length > 0);
    const runs = measured.map((w) => median(w.map((s) => s.viaCore)) - median(w.map((s) => s.bare)));
    out.push({
      name: `three registers: submission overhead at Caja ${i + 1} (DSE via core − bare HTTP)`,
      unit: 'ms',
      runs,
      target: { on: 'median', op: '<=', value: 8 },
      note: `${measured.reduce((sum, w) => sum + w.length, 0)} pairs after the warm-up, in ${ctx.runs} windows while the three registers sell at once (a DSE and an FE each per round) on one PostgreSQL on loopback; bound: the three registers, the sandbox and PostgreSQL share the machine's 2 cores (the run's load is its own), so each register's core waits for CPU; one register alone on PostgreSQL is the «submission overhead on PostgreSQL» row`,
    });
  }
  out.push({
    name: 'three registers: bare HTTP round trip (sandbox DSE), median of the three',
    unit: 'ms',
    runs: Array.from({ length: ctx.runs }, (_, run) =>
      median(results.map((result) => median(windows(result.samples, from, to, ctx.runs)[run]!.map((s) => s.bare)))),
    ).filter((value) => !Number.isNaN(value)),
    note: 'the bare POST each register makes right after its DSE through core: what the machine gives HTTP while all of it runs',
  });
  const sold = results.reduce((sum, result) => sum + result.sales.filter((sale) => sale.at >= from).length, 0);
  out.push({
    name: 'three registers: documents accepted per second, all registers',
    unit: 'docs/s',
    runs: [sold / ((to - from) / 1000)],
    note: 'DSE and FE through core, one register after the other within each process, three processes at once (the bare DSE not counted)',
  });
  // Who sold what: a register's own documents are not counted as seen by it.
  const seller = new Map<string, { register: number; at: number }>();
  for (const [i, result] of results.entries())
    for (const sale of result.sales) seller.set(sale.key, { register: i, at: sale.at });
  const latencies: { at: number; ms: number }[] = [];
  let expected = 0;
  for (const [i, result] of results.entries()) {
    for (const seen of result.shown) {
      const sale = seller.get(seen.key);
      if (sale && sale.register !== i && sale.at >= from) latencies.push({ at: sale.at, ms: seen.at - sale.at });
    }
  }
  for (const result of results) expected += result.sales.filter((sale) => sale.at >= from).length * (REGISTERS - 1);
  const perRun = windows(latencies, from, to, ctx.runs).filter((w) => w.length > 0);
  out.push({
    name: "three registers: a sale's outcome at one register to its row in another's history",
    unit: 'ms',
    runs: perRun.map((w) => median(w.map((l) => l.ms))),
    p95s: perRun.map((w) =>
      percentile(
        w.map((l) => l.ms),
        95,
      ),
    ),
    target: { on: 'p95', op: '<=', value: 1000 },
    note: `${latencies.length} of ${expected} (sale, other register) pairs seen before the stop; the seller's history mirror (FE read back from the service), pg_notify, LISTEN at the other, history.list there; times on one machine's clock across processes`,
  });
  return out;
}

export const registersScenario: Scenario = {
  id: 'registers-postgres',
  title: 'Three registers selling at once against one PostgreSQL on loopback',
  async run(ctx) {
    const server = await startPostgres();
    const sandbox = await startSandboxChild({ dataDir: join(ctx.tmp, 'sandbox-registers'), seed: unlimitedSeed(ctx.tmp) });
    const registers: RegisterChild[] = [];
    try {
      const url = await server.createDatabase();
      // The shop database made once, as Ajustes › Base de datos leaves it: the connection, the products.
      const home = join(ctx.tmp, 'registers-setup');
      const setup = await openCore({
        home,
        secrets: memorySecrets(),
        transport: 'cli',
        logger: new FileLogger(join(home, 'logs', 'factura-desk.log')),
        choice: { engine: 'postgres', address: parsePostgresAddress(url), from: 'argument' },
      });
      try {
        const connectionId = await connectSandbox(setup, sandbox.baseUrl);
        let started = performance.now();
        const catalog = await seedCatalog(setup.parts.engine, connectionId);
        ctx.log(`50,000 products written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        for (let i = 0; i < REGISTERS; i += 1) {
          const folder = join(ctx.tmp, `caja-${i + 1}`);
          mkdirSync(folder, { recursive: true });
          registers.push(await registerChild(folder, url, sandbox.baseUrl, i));
        }
        for (const register of registers) register.go();
        const from = performance.timeOrigin + performance.now() + WARM_UP_MS;
        started = performance.now();
        const search = await searchFigures(
          ctx,
          catalog,
          'a real PostgreSQL server on loopback while three registers (three processes) sell on the same database',
          ' on PostgreSQL, three registers selling',
        );
        const left = SELLING_MS - (performance.now() - started);
        if (left > 0) await new Promise((done) => setTimeout(done, left));
        const to = performance.timeOrigin + performance.now();
        const results: RegisterResult[] = [];
        for (const register of registers) results.push(await register.stop());
        registers.length = 0;
        const sold = results.reduce((sum, r) => sum + r.sales.length, 0);
        ctx.log(`${sold} documents sold by three registers in ${((to - from + WARM_UP_MS) / 1000).toFixed(1)} s`);
        return [...figures(ctx, results, from, to), ...search];
      } finally {
        await setup.close();
      }
    } finally {
      for (const register of registers) register.kill();
      await sandbox.stop();
      await server.stop();
    }
  },
};
