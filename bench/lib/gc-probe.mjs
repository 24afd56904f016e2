// Loaded into a host process by the memory benchmark (node --expose-gc --import this-file): on SIGUSR2
// it runs a full GC and appends the process's memory to FACTURA_DESK_GC_PROBE, one JSON line, so
// that garbage not yet collected can be told apart from memory that is held.
import { appendFileSync } from 'node:fs';

const file = process.env.FACTURA_DESK_GC_PROBE;
if (file && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ rss, heapUsed, heapTotal, external })}\n`);
  });
}
