// Run in its own process by the reports benchmark (tsx bench/lib/report-export-child.ts <home> <from> <to> [xlsx|csv]):
// core opened on <home>, then one export made through the RPC dispatcher as the screens make it, and
// one JSON line printed with the process's memory (VmRSS, VmHWM) before, at its peak and after, so
// the export's peak is this process's own:
// - xlsx: the XLSX report exported and read chunk by chunk (Informes);
// - csv: the history's CSV (Historial, no filter) asked for chunk by chunk until the last one; and
//   the RSS once idle again (two seconds after the export).
import { readFileSync, writeFileSync } from 'node:fs';
import { call, openCore } from './core';

function status(name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

const [home, from, to, mode = 'xlsx'] = process.argv.slice(2);
const core = openCore(home!);
const idle = () => new Promise((resolve) => setTimeout(resolve, 1000));
let written: number;
let total: number;
let rows = 0;
let bytes = 0;
let chunks = 0;
let before: number;
if (mode === 'csv') {
  // core's first answer (the host has started), as when the Historial is opened
  await call(core, 'history.list', { filter: {}, offset: 0, limit: 50 });
  await idle();
  before = status('VmRSS');
  // The peak from here on is the export's own (clear_refs 5 sets VmHWM back to the current RSS).
  writeFileSync('/proc/self/clear_refs', '5');
  const started = performance.now();
  let after: unknown;
  do {
    const chunk: { chunk: string; rows: number; next: unknown } = await call(
      core,
      'history.exportCsv',
      after ? { filter: {}, after } : { filter: {} },
    );
    rows += chunk.rows;
    bytes += Buffer.byteLength(chunk.chunk);
    chunks += 1;
    after = chunk.next;
  } while (after);
  written = performance.now() - started;
  total = written;
} else {
  // core's first answer (the host has started), and the report facts already computed, as after a first report
  await call(core, 'reports.period', { from, to });
  await idle();
  before = status('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5');
  const started = performance.now();
  const file = await call<{ export_id: string; rows: number; bytes: number }>(core, 'reports.exportXlsx', { from, to });
  written = performance.now() - started;
  let offset: number | null = 0;
  while (offset !== null) {
    const chunk: { data: string; next: number | null } = await call(core, 'reports.exportChunk', {
      export_id: file.export_id,
      offset,
    });
    offset = chunk.next;
    chunks += 1;
  }
  total = performance.now() - started;
  rows = file.rows;
  bytes = file.bytes;
}
const peak = status('VmHWM');
const after = status('VmRSS');
await new Promise((resolve) => setTimeout(resolve, 2000));
const idleAfter = status('VmRSS');
process.stdout.write(`${JSON.stringify({ mode, before, peak, after, idle: idleAfter, written, total, rows, bytes, chunks })}\n`);
await core.close();
