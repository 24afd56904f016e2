import { existsSync } from 'node:fs';
import { createHistoryHome } from './generator';
import { openCore, call } from './lib/core';
import { searches } from './scenarios/history-search';
import { median } from './lib/stats';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
const home = '/tmp/bt/h100k';
let docs;
if (!existsSync(join(home, 'docs.json'))) { const g = await createHistoryHome(home, { count: 100_000, seed: 20261120 }); writeFileSync(join(home,'docs.json'), JSON.stringify(g.docs)); docs = g.docs; }
else docs = JSON.parse(readFileSync(join(home, 'docs.json'), 'utf8'));
const core = openCore(home);
const qs = searches({ home, connectionId: 1, docs }, 60);
const res: [number, unknown, number][] = [];
for (const q of qs) await call(core, 'history.list', { filter: q, offset: 0, limit: 50 });
for (const q of qs) {
  const t: number[] = [];
  let total = 0;
  for (let k = 0; k < 3; k++) { const s = performance.now(); const r = await call<{ total: number }>(core, 'history.list', { filter: q, offset: 0, limit: 50 }); t.push(performance.now() - s); total = r.total; }
  res.push([median(t), q, total]);
}
res.sort((a, b) => b[0] - a[0]);
for (const r of res.slice(0, 20)) console.log(r[0].toFixed(1), JSON.stringify(r[1]), r[2]);
console.log('median', median(res.map(r => r[0])));
await core.close();
