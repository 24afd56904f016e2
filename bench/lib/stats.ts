// Order statistics for benchmark samples. Percentiles use the nearest-rank method, so a p95 is
// always a value that was actually observed.

export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const ordered = sorted(values);
  const rank = Math.ceil((p / 100) * ordered.length);
  return ordered[Math.min(ordered.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const ordered = sorted(values);
  const mid = ordered.length >> 1;
  return ordered.length % 2 === 1 ? ordered[mid]! : (ordered[mid - 1]! + ordered[mid]!) / 2;
}

export function mean(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0) / values.length;
}
