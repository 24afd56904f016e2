// What the app's first screen (Facturas) loads before it can be used, read from the build that the
// e2e tests run (out/renderer): the scripts index.html names and every module they import statically.
// The heavy libraries of other screens and of later steps (the charts of Informes, the QR code of a
// printout) are not among them; each is found in some other file of the same build, so that a
// library renamed or dropped makes this test fail instead of pass for nothing. No time is measured.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_DIR } from '../support/web-app';

const ASSETS = join(RENDERER_DIR, 'assets');

/** Text only the library's code holds (an error message or a class name it writes), minified or not. */
const HEAVY: Record<string, string> = {
  'recharts (Informes)': 'recharts-surface',
  'qrcode (the printout)': 'Invalid QR Code version',
};

function html(): string {
  const index = join(RENDERER_DIR, 'index.html');
  if (!existsSync(index)) throw new Error('out/renderer is missing: run `npx electron-vite build` (npm test does it)');
  return readFileSync(index, 'utf8');
}

function scriptsOf(page: string): string[] {
  return [...page.matchAll(/<script type="module"[^>]*\ssrc="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

/** The files a module imports statically (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` loads later. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** Every file evaluated before the first screen renders: the page's scripts and, transitively, their static imports. */
function initialFiles(): Set<string> {
  const seen = new Set<string>();
  const queue = scriptsOf(html());
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(readFileSync(join(ASSETS, file), 'utf8')));
  }
  return seen;
}

/**
 * The shell's parts that only some states show (shell/ShellParts.tsx), by text only their code holds:
 * their forms and those forms' zod schemas are loaded when the state shows them.
 */
const STATE_PARTS: Record<string, string> = {
  'the notice of a shop database out of reach': 'No se pudo abrir la base de datos del negocio',
  'the cashier switch': 'Nadie en caja',
};

/**
 * The FE contract's zod schemas (shared/api/fe.ts), by a field only they name: the invoice form
 * loads them when it first judges an invoice (or once the first screen is idle), not before.
 */
const FE_SCHEMAS: Record<string, string> = {
  "the FE contract's schemas (the acquirer lookup's request)": 'force_refresh',
};

function expectLoadedLater(marks: Record<string, string>): void {
  const initial = initialFiles();
  const all = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  for (const [name, mark] of Object.entries(marks)) {
    const holders = all.filter((file) => readFileSync(join(ASSETS, file), 'utf8').includes(mark));
    expect(holders, `${name} is in the build`).not.toEqual([]);
    expect(
      holders.filter((file) => initial.has(file)),
      `${name} is loaded before the first screen`,
    ).toEqual([]);
  }
}

describe("the first screen's code (the built renderer)", () => {
  it('does not hold the charts or the QR code library, which the build has in files loaded later', () => {
    expectLoadedLater(HEAVY);
  });

  it("does not hold the shell's parts that only some states show (a database out of reach, cashiers)", () => {
    expectLoadedLater(STATE_PARTS);
  });

  it("does not build the FE contract's schemas, which the invoice form loads to judge an invoice", () => {
    expectLoadedLater(FE_SCHEMAS);
  });

  it('starts with a script of its own that imports nothing, ahead of the app', () => {
    // The start script asks core for the first screen's data; imports would make it wait for them.
    const [start, app, ...rest] = scriptsOf(html());
    expect(rest).toEqual([]);
    expect(start).toMatch(/^start-/);
    expect(app).toMatch(/^index-/);
    const code = readFileSync(join(ASSETS, start!), 'utf8');
    expect(staticImports(code)).toEqual([]);
    expect(code).toContain('drafts.get');
    expect(staticImports(readFileSync(join(ASSETS, app!), 'utf8'))).toContain(start);
  });

  it("runs the start script as soon as it arrives (async), not after the app's deferred script is fetched", () => {
    const tags = [...html().matchAll(/<script type="module"[^>]*>/g)].map((m) => m[0]);
    expect(tags[0]).toMatch(/\sasync[\s>]/);
    expect(tags[0]).toMatch(/start-/);
    expect(tags[1]).not.toMatch(/\sasync[\s>]/);
  });
});
