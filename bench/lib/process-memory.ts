// Resident memory of another process as the kernel counts it (/proc/<pid>/status), with the peak
// (VmHWM) that can be reset between steps, so that each step's own peak is read (Linux only).
import { readFileSync, writeFileSync } from 'node:fs';

export interface ProcessMemory {
  /** resident set now, MB */
  rss: number;
  /** highest resident set since start or since the last resetPeak, MB */
  peak: number;
  /** anonymous pages (heaps, buffers), MB */
  anon: number;
  /** file-backed pages (code, mapped files), MB */
  file: number;
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${name}`);
  return Number(match[1]) / 1024;
}

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rss: field(status, 'VmRSS'),
    peak: field(status, 'VmHWM'),
    anon: field(status, 'RssAnon'),
    file: field(status, 'RssFile'),
  };
}

/** Sets VmHWM back to the current RSS (clear_refs value 5, Linux ≥ 4.0). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
