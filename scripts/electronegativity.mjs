#!/usr/bin/env node
// `npm run security:scan`: Electronegativity (@doyensec/electronegativity) over the app source, with
// the Electron version from package.json (it cannot be detected from source). Offline it cannot
// fetch Electron's release list and says so; the checks still run. Exits 1 when a HIGH or MEDIUM
// finding is not explained in security/electronegativity-explained.json. Prints a JSON summary last.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

// The tool is called as a library, which returns its findings. Its CLI's CSV report is written by
// two unawaited fs.writeFile calls (the header truncates, the rows append), which race: some runs
// left only the header and the gate saw 0 findings. Its console output goes to stderr,
// so that the JSON summary stays the last line on stdout.
const runElectronegativity = createRequire(import.meta.url)('@doyensec/electronegativity');
const said = [];
const original = { log: console.log, warn: console.warn, info: console.info };
for (const name of Object.keys(original)) {
  console[name] = (...args) => {
    said.push(args.join(' '));
    process.stderr.write(`${args.join(' ')}\n`);
  };
}
let result;
try {
  result = await runElectronegativity({ input, electronVersionOverride: electronVersion, isRelative: true });
} catch (error) {
  process.stderr.write(`electronegativity failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
} finally {
  Object.assign(console, original);
}
const findings = result.issues.map((issue) => ({
  check: issue.id,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  file: issue.file,
  location: `${issue.location.line}:${issue.location.column}`,
}));
const fatal = result.errors.filter((error) => !error.tolerable);
if (fatal.length > 0) {
  process.stderr.write(`electronegativity could not parse: ${fatal.map((e) => `${e.file}: ${e.message}`).join('; ')}\n`);
  process.exit(2);
}

const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
const unexplained = serious.filter((f) => !explained[`${f.check} ${f.file}`]);
for (const f of findings) {
  const why = explained[`${f.check} ${f.file}`];
  process.stderr.write(
    `${f.severity.padEnd(6)} ${f.check} ${f.file}:${f.location} ${why ? '(explained)' : f.severity === 'LOW' || f.severity === 'INFORMATIONAL' ? '(low)' : 'UNEXPLAINED'}\n`,
  );
}
process.stdout.write(
  `${JSON.stringify({
    electron: electronVersion,
    offline: said.some((line) => /No connectivity/.test(line)),
    findings: findings.length,
    by_severity: Object.fromEntries(
      ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].map((s) => [s, findings.filter((f) => f.severity === s).length]),
    ),
    explained: serious.length - unexplained.length,
    unexplained: unexplained.map((f) => `${f.check} ${f.file}:${f.location}`),
  })}\n`,
);
process.exit(unexplained.length > 0 ? 1 : 0);
