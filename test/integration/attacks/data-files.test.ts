// Data files and folders are owner-only; twelve backups started at once
// all succeed, each in its own file.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { tempDir } from '#test/temp';
import { memorySecrets } from '#test/core/memory-secrets';

let dir: ReturnType<typeof tempDir>;
let core: Core;
const frozen = new Date('2026-11-20T15:00:00.000Z');
beforeAll(() => {
  dir = tempDir('factura-desk-files-');
  const home = join(dir.path, 'datos');
  // A frozen clock: every backup asks for the same timestamp.
  core = createCore({
    home,
    secrets: memorySecrets(),
    transport: 'cli',
    clock: () => frozen,
    logger: new FileLogger(join(home, 'logs', 'factura-desk.log')),
  });
});
afterAll(async () => {
  await core?.close();
  dir?.remove();
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('data files', () => {
  it('twelve backups started at once all succeed, each in its own file', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => core.dispatch({ id: i, method: 'app.backup', input: {} })),
    );
    expect(replies.filter((r) => !r.ok)).toEqual([]);
    const files = replies.map((r) => (r as { output: { file: string } }).output.file);
    expect(new Set(files).size).toBe(12);
    expect(readdirSync(join(core.parts.home, 'backups'))).toHaveLength(12);
  });

  it.skipIf(process.platform === 'win32')('are readable by their owner only', async () => {
    await core.parts.connections.create({
      label: 'Pruebas',
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 1,
    });
    core.parts.logger.info('una línea', {});
    const home = core.parts.home;
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, 'backups'))).toBe(0o700);
    expect(mode(join(home, 'logs'))).toBe(0o700);
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, join('logs', 'factura-desk.log')]) {
      expect([file, mode(join(home, file))]).toEqual([file, 0o600]);
    }
    for (const backup of readdirSync(join(home, 'backups'))) expect(mode(join(home, 'backups', backup))).toBe(0o600);
  });
});
