// The data folder's lock inside one process (the real processes are in
// test/reliability/one-writer.test.ts): a second core is refused naming the holder, the folder is
// free again once the first closes, a lock file that is not a lock database is replaced, and a
// holder file left by a dead process never names it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { HOLDER_FILE, LOCK_FILE } from '#core/store/folder-lock';
import { memorySecrets } from '#test/core/memory-secrets';
import { tempDir } from '#test/temp';

const dirs: ReturnType<typeof tempDir>[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

function open(home: string, transport: 'cli' | 'web' = 'cli'): Core {
  const core = createCore({ home, secrets: memorySecrets(), transport, logger: new FileLogger(null) });
  cores.push(core);
  return core;
}

function home(): string {
  const dir = tempDir('factura-desk-lock-');
  dirs.push(dir);
  return dir.path;
}

describe('the data folder lock', () => {
  it('refuses a second core naming the first, and frees the folder when the first closes', async () => {
    const folder = home();
    const first = open(folder, 'web');
    await first.parts.connections.create({
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 1,
    });

    let refusal: unknown;
    try {
      open(folder);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: 'folder_in_use',
      details: { dataFolder: folder, holder: { transport: 'web', pid: process.pid } },
    });
    expect((refusal as Error).message).toMatch(
      new RegExp(
        `^Factura Desk ya está trabajando con esta carpeta de datos: la aplicación en el navegador \\(proceso ${process.pid}, abierta desde el `,
      ),
    );

    await first.close();
    const second = open(folder);
    expect(await second.parts.connections.list()).toHaveLength(1);
  });

  it('a holder file left by a process that is gone never names it', () => {
    const folder = home();
    open(folder);
    writeFileSync(
      join(folder, HOLDER_FILE),
      JSON.stringify({ transport: 'electron', pid: 2 ** 22 + 17, since: new Date().toISOString() }),
    );
    expect(() => open(folder)).toThrow(/ya está trabajando con esta carpeta de datos: otro programa de Factura Desk\./);
  });

  it('a lock file that is not a lock database is replaced: it holds nothing', async () => {
    const folder = home();
    writeFileSync(join(folder, LOCK_FILE), 'basura que dejó un programa de sincronización');
    const core = open(folder);
    expect(await core.parts.connections.list()).toEqual([]);
    expect(() => open(folder)).toThrow(expect.objectContaining({ code: 'folder_in_use' }));
  });
});
