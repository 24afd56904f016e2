// The table printed after a run and the README's "Rendimiento" table (between markers, so that
// `npm run bench -- --readme` replaces only its own lines).
import { readFileSync, writeFileSync } from 'node:fs';
import type { ResultRow } from './figure';

interface Row extends ResultRow {
  load1: number;
}

export function formatNumber(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '—';
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function verdict(row: ResultRow): string {
  if (row.met === null) return row.target ? '?' : '';
  return row.met ? 'met' : 'MISSED';
}

function cells(row: Row): string[] {
  return [
    row.name,
    row.unit,
    formatNumber(row.min),
    formatNumber(row.median),
    formatNumber(row.max),
    formatNumber(row.p95),
    row.target ?? '',
    verdict(row),
    String(row.runs),
    row.load1.toFixed(2),
  ];
}

const HEADER = ['scenario', 'unit', 'min', 'median', 'max', 'p95', 'target', '', 'runs', 'load'];

export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

export function markdownTable(rows: readonly Row[]): string {
  const head = '| escenario | unidad | mín | mediana | máx | p95 | meta | | carga |';
  const rule = '|---|---|--:|--:|--:|--:|---|---|--:|';
  const lines = rows.map((row) => {
    const c = cells(row);
    return `| ${c[0]} | ${c[1]} | ${c[2]} | ${c[3]} | ${c[4]} | ${c[5]} | ${c[6]} | ${c[7] === 'met' ? 'cumple' : c[7] === 'MISSED' ? '**no cumple**' : c[7]} | ${c[9]} |`;
  });
  return [head, rule, ...lines].join('\n');
}

/** What bounds a missed target, and how a figure was taken: one line per row that has a note. */
function notes(rows: readonly Row[]): string[] {
  const noted = rows.filter((row) => row.note);
  if (noted.length === 0) return [];
  return ['', ...noted.map((row) => `- ${row.name}${row.met === false ? ' (**no cumple**)' : ''}: ${row.note}`)];
}

export function writeReadme(
  file: string,
  rows: readonly Row[],
  skipped: readonly { id: string; reason: string }[],
  meta: { cores: number; runs: number },
): void {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block to update`);
  const loads = rows.map((r) => r.load1);
  const block = [
    START,
    `Tomado el ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC en ${meta.cores} núcleos, ${meta.runs} corridas por cifra tras un calentamiento; carga (loadavg de 1 min) entre ${Math.min(...loads).toFixed(1)} y ${Math.max(...loads).toFixed(1)}.`,
    '',
    markdownTable(rows),
    ...notes(rows),
    ...(skipped.length > 0 ? ['', ...skipped.map((s) => `- sin medir: \`${s.id}\` (${s.reason})`)] : []),
    END,
  ].join('\n');
  writeFileSync(file, text.slice(0, from) + block + text.slice(to + END.length));
}
