import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';

const RENDERER_START = resolve(__dirname, 'src/renderer/start.ts');

/**
 * The renderer's start module (src/renderer/start.ts: it asks core for the first screen's data and
 * builds the first formatters) as its own entry, loaded by its own `async` script placed before the
 * app's: the browser runs it as soon as its few kilobytes arrive, not after the app's deferred
 * scripts are fetched, so core answers while the app's code still downloads, compiles and runs.
 * The app imports the same module from the same chunk, so both share one instance of it. Vite
 * joins every module script written in index.html into one entry, hence the tag is added here.
 */
function startScriptFirst(): Plugin {
  let base = './';
  return {
    name: 'factura-desk-start-script-first',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const start = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === RENDERER_START,
        );
        if (!start || start.type !== 'chunk') throw new Error('the renderer build has no start chunk');
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script to start before');
        const tags = [
          ...start.imports.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">\n    `),
          `<script type="module" async crossorigin src="${base}${start.fileName}"></script>\n    `,
        ];
        return `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), startScriptFirst()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html'), start: RENDERER_START } },
    },
  },
});
