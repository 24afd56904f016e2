// Run in its own process by the reports benchmark (tsx bench/lib/report-export-child.ts <home> <from> <to>):
// core opened on <home>, then the XLSX report exported and read chunk by chunk through the RPC
// dispatcher as the Informes screen does; prints one JSON line with the process's memory (VmRSS,
// VmHWM) before and after, so the export's peak is this process's own.
import { readFileSync, writeFileSync } from 'node:fs';
import { call, openCore } from './core';

function status(name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

const [home, from, to] = process.argv.slice(2);
const core = openCore(home!);
// core's first answer (the host has started), and the report facts already computed, as after a first report
await call(core, 'reports.period', { from, to });
await new Promise((resolve) => setTimeout(resolve, 1000));
const before = status('VmRSS');
// The peak from here on is the export's own (clear_refs 5 sets VmHWM back to the current RSS).
writeFileSync('/proc/self/clear_refs', '5');
const started = performance.now();
const file = await call<{ export_id: string; rows: number; bytes: number }>(core, 'reports.exportXlsx', { from, to });
const written = performance.now() - started;
let offset: number | null = 0;
let chunks = 0;
while (offset !== null) {
  const chunk: { data: string; next: number | null } = await call(core, 'reports.exportChunk', { export_id: file.export_id, offset });
  offset = chunk.next;
  chunks += 1;
}
const total = performance.now() - started;
process.stdout.write(`${JSON.stringify({ before, peak: status('VmHWM'), after: status('VmRSS'), written, total, rows: file.rows, bytes: file.bytes, chunks })}\n`);
await core.close();
