// The command line on a read-only data folder answers the same Spanish message
// the app gives (store_unavailable), exit code 1, instead of crashing. Needs root for the mount, as
// disk-faults.test.ts does.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { runCli } from '../support/core/cli';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
const mounts: string[] = [];

function readOnlyFolder(name: string, prepare?: (path: string) => Promise<void>): Promise<string> {
  const path = join(dir.path, name);
  mkdirSync(path, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', path]);
  mounts.push(path);
  return (prepare ? prepare(path) : Promise.resolve()).then(() => {
    execFileSync('mount', ['-o', 'remount,ro', path]);
    return path;
  });
}

beforeAll(() => {
  dir = tempDir('factura-desk-cli-ro-');
});
afterAll(() => {
  for (const path of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', path]);
    } catch {
      // already gone
    }
  }
  dir?.remove();
});

describe('the command line on a read-only data folder', { timeout: 120_000 }, () => {
  it.each([
    ['an empty folder', undefined],
    [
      'a folder with data',
      async (path: string) => {
        const core = createCore({
          home: path,
          secrets: memorySecrets(),
          transport: 'cli',
          logger: new FileLogger(join(path, 'logs', 'x.log')),
        });
        await core.parts.connections.create({
          label: 'Pruebas',
          kind: 'sandbox',
          base_url: 'http://127.0.0.1:9/api/v1',
          company_id: 1,
        });
        await core.close();
      },
    ],
  ] as const)('%s: the Spanish message and exit code 1, no crash', async (name, prepare) => {
    const home = await readOnlyFolder(name.replace(/\s/g, '-'), prepare);
    const run = await runCli(home, ['status']);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(run.stderr).toMatch(/No se puede escribir en la carpeta de datos|No se pudo abrir el archivo de datos/);
    expect(run.stderr).not.toMatch(/Error inesperado|EROFS|at /);
  });
});
