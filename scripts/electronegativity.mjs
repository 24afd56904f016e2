#!/usr/bin/env node
// `npm run security:scan`: Electronegativity (@doyensec/electronegativity) over the app source, with
// the Electron version from package.json (it cannot be detected from source). Offline it cannot
// fetch Electron's release list and says so; the checks still run. Exits 1 when a HIGH or MEDIUM
// finding is not explained in security/electronegativity-explained.json. Prints a JSON summary last.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion = String(pkg.devDependencies.electron).replace(/^[^\d]*/, '');
// ELECTRONEGATIVITY_EXPLAINED: another explanations file (the test proves the gate with an empty one).
const explainedFile = process.env.ELECTRONEGATIVITY_EXPLAINED ?? join(root, 'security', 'electronegativity-explained.json');
const explained = JSON.parse(readFileSync(explainedFile, 'utf8')).explained;
// ELECTRONEGATIVITY_INPUT: another source folder (the test proves the gate on a deliberately unsafe one).
const input = process.env.ELECTRONEGATIVITY_INPUT ?? join(root, 'src');
const out = mkdtempSync(join(tmpdir(), 'electronegativity-'));
const csv = join(out, 'findings.csv');

const run = spawnSync(join(root, 'node_modules', '.bin', 'electronegativity'), ['-i', input, '-r', '-e', electronVersion, '-o', csv], {
  cwd: root,
  encoding: 'utf8',
  timeout: 240_000,
});
if (run.status !== 0) {
  process.stderr.write(`electronegativity failed (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}\n`);
  process.exit(2);
}
const findings = parseCsv(readFileSync(csv, 'utf8'))
  .slice(1)
  .filter((row) => row.length >= 5)
  .map(([check, severity, confidence, file, location, sample, description]) => ({ check, severity, confidence, file, location, sample, description }));
rmSync(out, { recursive: true, force: true });

const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
const unexplained = serious.filter((f) => !explained[`${f.check} ${f.file}`]);
for (const f of findings) {
  const why = explained[`${f.check} ${f.file}`];
  process.stderr.write(`${f.severity.padEnd(6)} ${f.check} ${f.file}:${f.location} ${why ? '(explained)' : f.severity === 'LOW' || f.severity === 'INFORMATIONAL' ? '(low)' : 'UNEXPLAINED'}\n`);
}
process.stdout.write(
  `${JSON.stringify({
    electron: electronVersion,
    offline: /No connectivity/.test(`${run.stdout}${run.stderr}`),
    findings: findings.length,
    by_severity: Object.fromEntries(['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].map((s) => [s, findings.filter((f) => f.severity === s).length])),
    explained: serious.length - unexplained.length,
    unexplained: unexplained.map((f) => `${f.check} ${f.file}:${f.location}`),
  })}\n`,
);
process.exit(unexplained.length > 0 ? 1 : 0);

/** RFC 4180 rows (the tool quotes fields that hold commas). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}
