// The Electronegativity scan of the app source, as CI runs it: `npm run security:scan`
// must find no HIGH or MEDIUM finding that security/electronegativity-explained.json does not
// explain, and must work offline (its Electron-release check fails gracefully). SECURITY.md has the
// reasons.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'electronegativity.mjs');

interface Summary {
  electron: string;
  findings: number;
  by_severity: Record<string, number>;
  explained: number;
  unexplained: string[];
}

function scan(env: Record<string, string> = {}): { status: number | null; summary: Summary } {
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 280_000 });
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  return { status: run.status, summary: JSON.parse(last) as Summary };
}

describe('Electronegativity scan of src/', () => {
  it('leaves no HIGH or MEDIUM finding unexplained', () => {
    const { status, summary } = scan();
    console.log(`electronegativity: ${JSON.stringify(summary)}`);
    expect(summary.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(summary.by_severity.HIGH).toBe(0);
    expect(summary.unexplained).toEqual([]);
    expect(status).toBe(0);
  });

  it('fails the build when a finding is not explained (the gate itself works)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eneg-'));
    try {
      const empty = join(dir, 'explained.json');
      writeFileSync(empty, JSON.stringify({ explained: {} }));
      // A deliberately unsafe window, so the gate is proven whatever src/ holds at the moment.
      const unsafe = join(dir, 'src');
      mkdirSync(unsafe);
      writeFileSync(
        join(unsafe, 'unsafe-window.js'),
        "const { BrowserWindow } = require('electron');\n" +
          'new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } });\n',
      );
      const { status, summary } = scan({ ELECTRONEGATIVITY_EXPLAINED: empty, ELECTRONEGATIVITY_INPUT: unsafe });
      console.log(`electronegativity (unsafe fixture): ${JSON.stringify(summary)}`);
      expect(summary.unexplained.length).toBeGreaterThan(0);
      expect(status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
