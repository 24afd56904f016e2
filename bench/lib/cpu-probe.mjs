// Run by the poller benchmark as its own process (`node cpu-probe.mjs <pid> <file> <ms>`): every <ms>
// it appends to <file> one JSON line with the wall clock and the CPU time so far of every thread of
// process <pid> (the sum of /proc/<pid>/task/*/schedstat's first field, on-CPU nanoseconds: the
// main thread, V8's GC helpers, libuv's pool and any other thread alike; a thread that ends keeps
// the time it was last seen with, so the sum never goes down). Sampling from outside
// keeps the sampler's own wake-ups out of the process it measures; in that process they cost more
// than the idle work being measured (a 250 ms timer calling process.cpuUsage(): about 0.06 % of a
// core on the 2-core development machine, measured alone).
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { setInterval } from 'node:timers';

const [pid, file, ms] = process.argv.slice(2);

/** Last on-CPU time read of every thread seen: a thread that ends keeps its time in the sum. */
const seen = new Map();

function cpuMicros() {
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      seen.set(task, Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // A thread that ended between the listing and the read: its last reading stays counted.
    }
  }
  let ns = 0;
  for (const value of seen.values()) ns += value;
  return Math.round(ns / 1000);
}

function take() {
  try {
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), cpuMicros: cpuMicros() })}\n`);
  } catch {
    process.exit(0); // the measured process is gone
  }
}

take();
setInterval(take, Number(ms));
process.on('SIGTERM', () => {
  take();
  process.exit(0);
});
