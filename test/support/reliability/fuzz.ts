// fast-check settings shared by the fuzz suites: a seed from FUZZ_SEED (to replay a failure) or a
// fresh one, always printed, and a run count from FUZZ_RUNS (CI uses the defaults below).
import fc from 'fast-check';

export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) ? fromEnv : Math.floor(Math.random() * 2 ** 31);
}

export function fuzzRuns(fallback: number): number {
  const fromEnv = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/** fc.assert with the seed printed up front and in the failure (replay with FUZZ_SEED=<seed>). */
export async function assertProperty(
  name: string,
  property: fc.IAsyncProperty<[unknown]> | fc.IAsyncPropertyWithHooks<[unknown]>,
  runs: number,
  tally: Map<string, number>,
): Promise<void> {
  const seed = fuzzSeed();
  console.log(`fuzz ${name}: ${runs} runs, seed ${seed} (replay: FUZZ_SEED=${seed})`);
  try {
    await fc.assert(property, { seed, numRuns: runs, endOnFailure: true });
  } catch (error) {
    // No `cause`: Vitest's worker cannot clone fast-check's error; its whole text is kept instead.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `fuzz ${name} failed with seed ${seed} (replay: FUZZ_SEED=${seed})\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
  tally.set(name, (tally.get(name) ?? 0) + runs);
}

/** Text that must never reach a client: stack frames, source or install paths. */
export const LEAK =
  /\bat [\w.<>]+ \(|at file:|node_modules|\/work\/|\/src\/(?:sandbox|core|shared)|\.ts:\d+|SqliteError|TypeError|ReferenceError/;

/** A valid body with random surgery: fields removed, replaced by hostile values, or added. */
export function mutated(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.constant(null),
    fc.constant(''),
    fc.constant(-1),
    fc.constant(1e308),
    fc.constant(Number.MAX_SAFE_INTEGER),
    fc.constant('٣٤٥'),
    fc.constant('__proto__'),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
    fc.constant([]),
    fc.constant({}),
    fc.string({ maxLength: 40 }),
    fc.double(),
    fc.boolean(),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const paths = collectPaths(base);
  const edit = fc.record({
    path: fc.constantFrom(...paths),
    action: fc.constantFrom('delete', 'replace', 'add'),
    value: hostile,
    name: fc.string({ maxLength: 12 }),
  });
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    const copy = structuredClone(base) as Record<string, unknown>;
    // Values are copied: a shared constant edited in place could end up containing itself.
    for (const e of edits)
      applyEdit(copy, e.path, e.action, e.value === undefined ? undefined : JSON.parse(JSON.stringify(e.value)), e.name);
    return copy;
  });
}

function collectPaths(value: unknown, prefix: string[] = []): string[][] {
  const out: string[][] = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) out.push(...collectPaths(child, [...prefix, key]));
  }
  return out;
}

function applyEdit(root: Record<string, unknown>, path: string[], action: string, value: unknown, name: string): void {
  let parent: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (!next || typeof next !== 'object') return;
    parent = next as Record<string, unknown>;
  }
  const last = path.at(-1);
  if (last === undefined) {
    if (action === 'add') root[name] = value;
    return;
  }
  if (action === 'delete') delete parent[last];
  else if (action === 'replace') set(parent, last, value);
  else if (parent[last] && typeof parent[last] === 'object') set(parent[last] as Record<string, unknown>, name, value);
  else set(parent, name, value);
}

/** An array's `length` set to a hostile value throws in the generator (not a body a client could send: JSON has no such key). */
function set(container: Record<string, unknown>, key: string, value: unknown): void {
  if (Array.isArray(container) && key === 'length') return;
  container[key] = value;
}
