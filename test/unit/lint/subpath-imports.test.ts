// The subpath imports (`#core/...`) have two readers that cannot share one file: Node, tsx, Vite and
// the layer rule read package.json's `imports`; TypeScript reads tsconfig's `paths`, because it will
// not add `.ts` to an extensionless package import. The two must name the same folders. The layer
// rule's reading of them is probed in layers.test.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string): unknown => JSON.parse(readFileSync(resolve(ROOT, file), 'utf8'));
const imports = (read('package.json') as { imports: Record<string, string> }).imports;
const paths = (read('tsconfig.base.json') as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;

describe('subpath imports', () => {
  it('tsconfig maps every pattern of package.json to the same folder, and nothing else', () => {
    expect(paths).toEqual(Object.fromEntries(Object.entries(imports).map(([key, target]) => [key, [target]])));
  });

  it.each(Object.entries(imports))('%s points at a folder of the repository', (key, target) => {
    expect(key).toMatch(/^#[a-z]+\/\*$/);
    const folder = resolve(ROOT, target.replace(/\/\*$/, ''));
    expect(existsSync(folder) && statSync(folder).isDirectory(), folder).toBe(true);
  });
});
