// Backups do not grow without bound: after each new one the oldest beyond the number kept (30 unless
// the shop sets another in Ajustes) are removed, except a backup that alone, among those kept, knows
// a submission still without a final answer (the restore guard accepts only a backup that knows it).
import { copyFileSync, existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '#core/core';
import { DEFAULT_BACKUPS_KEPT, rotateBackups } from '#core/store/backup-rotation';
import { listBackups } from '#core/store/restore';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';

let bed: TestBed;
beforeAll(async () => {
  bed = await testBed({ settleMs: 600_000 });
});
afterAll(async () => {
  await bed?.close();
});

async function ok<T>(core: Core, method: string, input: unknown): Promise<T> {
  const reply = await core.dispatch({ id: 1, method, input });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
  return reply.output as T;
}

const backupNames = (core: Core) =>
  readdirSync(join(core.parts.home, 'backups'))
    .filter((name) => name.endsWith('.sqlite'))
    .sort();

/** Modification times one minute apart, oldest first: the order listBackups reads. */
function age(files: string[], from: Date): void {
  files.forEach((file, i) => {
    const at = new Date(from.getTime() + i * 60_000);
    utimesSync(file, at, at);
  });
}

describe('backup rotation', () => {
  it('keeps 30 by default; a new number set in Ajustes applies at the next backup; out of range is refused', async () => {
    const core = await bed.core();
    expect(await ok(core, 'app.backupsKept', {})).toEqual({ keep: DEFAULT_BACKUPS_KEPT });
    const files: string[] = [];
    for (let i = 0; i < 5; i += 1) files.push((await ok<{ file: string; removed: number }>(core, 'app.backup', {})).file);
    age(files, new Date('2026-11-01T10:00:00Z'));
    expect(backupNames(core)).toHaveLength(5);

    await expect(ok(core, 'app.setBackupsKept', { keep: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await ok(core, 'app.setBackupsKept', { keep: 3 })).toEqual({ keep: 3 });
    expect(await ok(core, 'app.backupsKept', {})).toEqual({ keep: 3 });
    const next = await ok<{ file: string; removed: number }>(core, 'app.backup', {});
    expect(next.removed).toBe(3);
    // The newest three: the new one and the two youngest before it.
    expect(listBackups(core.parts.home).map((b) => b.file)).toEqual([next.file, files[4], files[3]]);
    for (const file of files.slice(0, 3)) expect(existsSync(file)).toBe(false);
  });

  it('never removes a backup that alone knows a submission still open, even when its time says it is old', async () => {
    const core = await bed.core();
    await ok(core, 'app.setBackupsKept', { keep: 2 });
    const before = (await ok<{ file: string }>(core, 'app.backup', {})).file;
    // The DIAN takes its time: the DSE stays pending.
    const pending = await ok<{ id: number; state: string }>(core, 'dse.submit', {
      request: dse(MAGIC.uncertainAccept, 'rotación'),
    });
    expect(pending.state).toBe('pending');
    const knows = (await ok<{ file: string }>(core, 'app.backup', {})).file;
    // Plain copies of the backup from before the DSE, with later times (a clock set back, files copied
    // by hand): by time they are the newest, yet neither knows the open DSE.
    const copies = ['copia-a.sqlite', 'copia-b.sqlite'].map((name) => join(core.parts.home, 'backups', name));
    for (const copy of copies) copyFileSync(before, copy);
    age([before, knows, ...copies], new Date('2026-11-02T10:00:00Z'));

    const removed = rotateBackups(core.parts.home, core.parts.store!.db);
    // Kept: the two copies (newest by time) and the backup that alone knows the open DSE.
    expect(removed).toEqual([before.split('/').pop()]);
    expect(existsSync(knows)).toBe(true);
    expect(copies.every((copy) => existsSync(copy))).toBe(true);
    // The restore guard would accept only that one.
    const refused = await core.dispatch({ id: 2, method: 'app.restore', input: { name: 'copia-a.sqlite', confirm: true } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', details: { unresolved: 1 } } });
  });
});
