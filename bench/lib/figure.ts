// What a scenario reports: one figure per measured run (each after the scenario's warm-up), and,
// where the issue asks for a tail, each run's p95. The harness turns them into table rows.
import { median, percentile } from './stats';

export interface Target {
  /** which statistic the target applies to */
  on: 'median' | 'p95';
  op: '<=' | '>=';
  value: number;
}

export interface Figure {
  name: string;
  unit: string;
  /** one value per measured run */
  runs: number[];
  /** each run's p95, when the scenario measures a tail */
  p95s?: number[];
  target?: Target;
  /** what bounds it, or how it was measured */
  note?: string;
}

export interface ResultRow {
  name: string;
  unit: string;
  median: number;
  p95: number | null;
  min: number;
  max: number;
  runs: number;
  cores: number;
  target: string | null;
  met: boolean | null;
  note: string | null;
}

export function toRow(figure: Figure, cores: number): ResultRow {
  const med = median(figure.runs);
  const p95 = figure.p95s && figure.p95s.length > 0 ? median(figure.p95s) : null;
  const target = figure.target ?? null;
  let met: boolean | null = null;
  if (target) {
    const value = target.on === 'p95' ? p95 : med;
    met = value === null || Number.isNaN(value) ? null : target.op === '<=' ? value <= target.value : value >= target.value;
  }
  return {
    name: figure.name,
    unit: figure.unit,
    median: med,
    p95,
    min: Math.min(...figure.runs),
    max: Math.max(...figure.runs),
    runs: figure.runs.length,
    cores,
    target: target
      ? `${target.on === 'p95' ? 'p95 ' : ''}${target.op === '<=' ? '≤' : '≥'} ${target.value} ${figure.unit}`
      : null,
    met,
    note: figure.note ?? null,
  };
}

/** Times `work` and returns each call's duration in ms. */
export async function timeEach(count: number, work: (i: number) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await work(i);
    out.push(performance.now() - started);
  }
  return out;
}

/** Per-run summary of a run's samples: its median and its p95. */
export function summarise(samples: readonly number[]): { median: number; p95: number } {
  return { median: median(samples), p95: percentile(samples, 95) };
}

/**
 * Per-call time in ms of a fast synchronous function: calls are timed in batches long enough for
 * the timer's resolution not to matter, and each batch gives one sample (total / calls).
 */
export function perCall(work: () => unknown, options: { samples: number; minBatchMs?: number }): number[] {
  const minBatch = options.minBatchMs ?? 5;
  let calls = 1;
  for (;;) {
    const started = performance.now();
    for (let i = 0; i < calls; i += 1) work();
    if (performance.now() - started >= minBatch) break;
    calls *= 2;
  }
  const out: number[] = [];
  for (let s = 0; s < options.samples; s += 1) {
    const started = performance.now();
    for (let i = 0; i < calls; i += 1) work();
    out.push((performance.now() - started) / calls);
  }
  return out;
}
