// The sandbox alone (its own process): DSE creation with UBL XML and signature, at 1, 8 and 32
// requests in flight, in documents per second. The client is this process, over keep-alive.
import { join } from 'node:path';
import type { Figure } from '../lib/figure';
import { dseRequest, postDse, startSandboxChild } from '../lib/sandbox';
import type { Scenario } from '../lib/scenario';

async function burst(baseUrl: string, concurrency: number, count: number, tag: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const { status } = await postDse(baseUrl, dseRequest(i), `${tag}-${i}`);
        if (status !== 201 && status !== 200) throw new Error(`sandbox answered ${status}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export const sandboxThroughputScenario: Scenario = {
  id: 'sandbox',
  title: 'sandbox DSE creation with XML and signature at concurrency 1 / 8 / 32',
  async run(ctx) {
    const sandbox = await startSandboxChild({ dataDir: join(ctx.tmp, 'sandbox-throughput') });
    try {
      await burst(sandbox.baseUrl, 8, 100, 'warm');
      const figures: Figure[] = [];
      for (const concurrency of [1, 8, 32]) {
        const rates: number[] = [];
        for (let run = 0; run < ctx.runs; run += 1) rates.push(await burst(sandbox.baseUrl, concurrency, 200, `c${concurrency}-r${run}`));
        figures.push({
          name: `sandbox DSE create, concurrency ${concurrency}`,
          unit: 'docs/s',
          runs: rates,
          note: '200 documents per run',
          ...(concurrency === 8 ? { target: { on: 'median', op: '>=', value: 300 } as const } : {}),
        });
      }
      return figures;
    } finally {
      await sandbox.stop();
    }
  },
};
