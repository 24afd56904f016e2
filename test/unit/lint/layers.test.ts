// The layer allow-lists (eslint/layers.js) hold: each deliberate violation is refused by the linter,
// and what each layer is meant to import passes, whether it is spelled as a relative path or as a
// subpath of package.json's `imports` (`#core/...`).
import { ESLint } from 'eslint';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
// The probe files below exist nowhere on disk, so the type-aware rules (which need each file in a
// TypeScript project) are switched off for them; TYPED checks those rules on files of the project.
const TYPED_RULES = [
  'no-floating-promises',
  'no-unsafe-assignment',
  'no-unsafe-member-access',
  'no-unsafe-call',
  'no-unsafe-return',
  'no-unsafe-argument',
].map((rule) => `@typescript-eslint/${rule}`);
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(TYPED_RULES.map((rule) => [rule, 'off'])),
  },
});
const typedEslint = new ESLint({ cwd: ROOT });

async function errors(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const VIOLATIONS: [string, string, string, RegExp][] = [
  [
    'bare fs in shared',
    'src/shared/probe.ts',
    "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n",
    /layers\/allowed-imports.*'fs'/,
  ],
  [
    'bare crypto in shared',
    'src/shared/probe.ts',
    "import { createHash } from 'crypto';\nexport const x = createHash;\n",
    /layers\/allowed-imports.*'crypto'/,
  ],
  [
    'node: built-in in shared',
    'src/shared/probe.ts',
    "import { join } from 'node:path';\nexport const x = join;\n",
    /layers\/allowed-imports.*'node:path'/,
  ],
  [
    'better-sqlite3 in the renderer',
    'src/renderer/probe.ts',
    "import Database from 'better-sqlite3';\nexport const x = Database;\n",
    /layers\/allowed-imports.*'better-sqlite3'/,
  ],
  [
    'electron/main in core',
    'src/core/probe.ts',
    "import { app } from 'electron/main';\nexport const x = app;\n",
    /layers\/allowed-imports.*'electron\/main'/,
  ],
  [
    'react-dom in core',
    'src/core/probe.ts',
    "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n",
    /layers\/allowed-imports.*'react-dom\/client'/,
  ],
  [
    'core importing the sandbox by its index',
    'src/core/probe.ts',
    "import { startSandbox } from '../sandbox';\nexport const x = startSandbox;\n",
    /may not import sandbox/,
  ],
  [
    'core importing the renderer',
    'src/core/history/probe.ts',
    "import { App } from '../../renderer/App';\nexport const x = App;\n",
    /may not import renderer/,
  ],
  [
    'main importing the renderer',
    'src/main/probe.ts',
    "import { App } from '../renderer/App';\nexport const x = App;\n",
    /may not import renderer/,
  ],
  [
    'preload importing main',
    'src/preload/probe.ts',
    "import { start } from '../main/host';\nexport const x = start;\n",
    /may not import main/,
  ],
  [
    'the sandbox importing core',
    'src/sandbox/probe.ts',
    "import { createCore } from '../core/core';\nexport const x = createCore;\n",
    /may not import core/,
  ],
  [
    'the renderer importing core by a dynamic import',
    'src/renderer/probe.ts',
    "export const x = () => import('../core/core');\n",
    /may not import core/,
  ],
  ['shared re-exporting core', 'src/shared/probe.ts', "export * from '../core/core';\n", /may not import core/],
  [
    'core importing the renderer by its subpath',
    'src/core/history/probe.ts',
    "import { App } from '#renderer/App';\nexport const x = App;\n",
    /may not import renderer/,
  ],
  [
    'the renderer importing core by a subpath dynamic import',
    'src/renderer/probe.ts',
    "export const x = () => import('#core/core');\n",
    /may not import core/,
  ],
  [
    'the sandbox importing core by its subpath',
    'src/sandbox/probe.ts',
    "import { createCore } from '#core/core';\nexport const x = createCore;\n",
    /may not import core/,
  ],
  [
    'shared re-exporting the sandbox by its subpath',
    'src/shared/probe.ts',
    "export * from '#sandbox/index';\n",
    /may not import sandbox/,
  ],
  [
    'src importing test helpers by their subpath',
    'src/core/probe.ts',
    "import { seed } from '#test/seed';\nexport const x = seed;\n",
    /may not import outside src/,
  ],
  [
    'a subpath that names a folder (Node resolves subpaths to files only)',
    'src/core/probe.ts',
    "import { migrations } from '#core/store/migrations';\nexport const x = migrations;\n",
    /names a folder/,
  ],
  [
    'a subpath no pattern of package.json maps',
    'src/core/probe.ts',
    "import { x as y } from '#nowhere/probe';\nexport const x = y;\n",
    /no pattern of the `imports` field/,
  ],
  ['an unknown package in core', 'src/core/probe.ts', "import left from 'left-pad';\nexport const x = left;\n", /'left-pad'/],
  ['process in the renderer', 'src/renderer/probe.ts', 'export const x = process.env.HOME;\n', /no-restricted-globals/],
  ['Buffer in the renderer', 'src/renderer/probe.ts', "export const x = Buffer.from('a');\n", /no-restricted-globals/],
  ['a folder of src/ that is no layer', 'src/widgets/probe.ts', 'export const x = 1;\n', /not a layer/],
];

const ALLOWED: [string, string, string][] = [
  [
    'core imports shared and node built-ins',
    'src/core/probe.ts',
    "import { join } from 'node:path';\nimport { AppError } from '../shared/rpc/errors';\nexport const x = [join, AppError];\n",
  ],
  [
    'the renderer imports react and shared',
    'src/renderer/probe.ts',
    "import { useState } from 'react';\nimport { formatCop } from '../shared/money';\nexport const x = [useState, formatCop];\n",
  ],
  [
    'main imports core, the sandbox and electron',
    'src/main/probe.ts',
    "import { app } from 'electron';\nimport { createCore } from '../core/core';\nimport { startSandbox } from '../sandbox/index';\nexport const x = [app, createCore, startSandbox];\n",
  ],
  [
    'preload imports electron and shared',
    'src/preload/probe.ts',
    "import { contextBridge } from 'electron';\nimport { AppError } from '../shared/rpc/errors';\nexport const x = [contextBridge, AppError];\n",
  ],
  [
    'main imports core, the sandbox and shared by their subpaths',
    'src/main/probe.ts',
    "import { createCore } from '#core/core';\nimport { startSandbox } from '#sandbox/index';\nimport { AppError } from '#shared/rpc/errors';\nexport const x = [createCore, startSandbox, AppError];\n",
  ],
  [
    'the renderer imports shared and reference data by their subpaths',
    'src/renderer/features/probe.ts',
    "import { formatCop } from '#shared/money';\nexport const x = [formatCop, () => import('#resources/divipola.json')];\n",
  ],
];

// Type-aware rules, fed as the text of files that belong to the project.
const TYPED: [string, string, string, RegExp][] = [
  [
    'a floating promise in core',
    'src/core/events.ts',
    'export async function f(): Promise<void> {}\nexport function g(): void {\n  f();\n}\n',
    /no-floating-promises/,
  ],
  [
    'a floating promise in a test',
    'test/unit/lint/layers.test.ts',
    'async function f(): Promise<void> {}\nf();\n',
    /no-floating-promises/,
  ],
  [
    'an any flowing into a typed value',
    'src/shared/money.ts',
    'export const x: string = JSON.parse(\'"a"\');\n',
    /no-unsafe-assignment/,
  ],
  [
    'a member of an any',
    'src/renderer/App.tsx',
    "export const x = (JSON.parse('{}') as never as ReturnType<typeof JSON.parse>).a;\n",
    /no-unsafe-member-access/,
  ],
];

describe('type-aware rules', () => {
  it.each(TYPED)(
    'refuses %s',
    async (_name, file, code, expected) => {
      const found = await errors(file, code, typedEslint);
      expect(
        found.some((message) => expected.test(message)),
        found.join('\n'),
      ).toBe(true);
    },
    120_000,
  );

  it('allows a handled promise', async () => {
    const code = 'export async function f(): Promise<void> {}\nexport function g(): void {\n  void f();\n}\n';
    expect(await errors('src/core/events.ts', code, typedEslint)).toEqual([]);
  }, 120_000);
});

describe('layer allow-lists', () => {
  // Loading the config (typescript-eslint, the React plugin) takes seconds on a loaded machine.
  beforeAll(() => errors('src/shared/probe.ts', 'export const x = 1;\n'), 120_000);

  it.each(VIOLATIONS)('refuses %s', async (_name, file, code, expected) => {
    const found = await errors(file, code);
    expect(
      found.some((message) => expected.test(message)),
      found.join('\n'),
    ).toBe(true);
  });

  it.each(ALLOWED)('allows: %s', async (_name, file, code) => {
    expect(await errors(file, code)).toEqual([]);
  });
});
