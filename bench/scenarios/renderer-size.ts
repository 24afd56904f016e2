// The renderer's initial JavaScript: what index.html loads before the first screen (its module
// scripts and modulepreloads), gzip-compressed as a server would send it. Reads the last
// `npx electron-vite build` output (out/renderer); lazily loaded screens are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Skip, type Scenario } from '../lib/scenario';

const RENDERER = resolve(import.meta.dirname, '..', '..', 'out', 'renderer');

export const rendererSizeScenario: Scenario = {
  id: 'renderer-size',
  title: 'renderer initial JavaScript (gzip)',
  async run() {
    const index = join(RENDERER, 'index.html');
    if (!existsSync(index)) throw new Skip('out/renderer is missing: run `npx electron-vite build` first');
    const html = readFileSync(index, 'utf8');
    const sources = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*modulepreload[^>]*\shref)="([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    const kb = sources.reduce((total, src) => total + gzipSync(readFileSync(join(RENDERER, src)), { level: 9 }).length, 0) / 1024;
    return [
      {
        name: 'renderer initial JS (gzip)',
        unit: 'KB',
        runs: [kb],
        target: { on: 'median', op: '<=', value: 300 },
        note: `${sources.length} file(s) from index.html`,
      },
    ];
  },
};
