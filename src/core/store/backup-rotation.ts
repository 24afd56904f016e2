// Backups are kept to a number the shop chooses (Ajustes › Datos y copia de seguridad): after each
// new backup the oldest beyond that number are removed, except one that still holds the only copy,
// among the backups kept, of a submission open in the current ledger (the restore guard accepts only
// a backup that knows every open submission, so such a backup may be the one it needs).
// The number lives in the backups folder, not in the database: restoring an old backup must not
// bring back an old number and let the rotation that follows remove what the shop meant to keep.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '#shared/rpc/errors';
import { BACKUP_FOLDER, listBackups } from './restore';
import type { Db } from './store';
import { STATE_LISTS_SQL } from '../ledger-reads/state-groups';

export const DEFAULT_BACKUPS_KEPT = 30;
export const MAX_BACKUPS_KEPT = 1000;
const SETTINGS_FILE = 'conservar.json';

/** How many backups are kept (the default when none was chosen or the file cannot be read). */
export function backupsKept(home: string): number {
  try {
    const parsed = JSON.parse(readFileSync(join(home, BACKUP_FOLDER, SETTINGS_FILE), 'utf8')) as { keep?: unknown };
    const keep = parsed.keep;
    return typeof keep === 'number' && Number.isInteger(keep) && keep >= 1 && keep <= MAX_BACKUPS_KEPT
      ? keep
      : DEFAULT_BACKUPS_KEPT;
  } catch {
    return DEFAULT_BACKUPS_KEPT;
  }
}

export function setBackupsKept(home: string, keep: number): number {
  if (!Number.isInteger(keep) || keep < 1 || keep > MAX_BACKUPS_KEPT) {
    throw new AppError('invalid_input', `Indique cuántas copias conservar: un número entero de 1 a ${MAX_BACKUPS_KEPT}.`);
  }
  mkdirSync(join(home, BACKUP_FOLDER), { recursive: true, mode: 0o700 });
  const file = join(home, BACKUP_FOLDER, SETTINGS_FILE);
  // Written aside and renamed: a crash never leaves half a file (which would read as the default).
  writeFileSync(`${file}.tmp`, JSON.stringify({ keep }), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  return keep;
}

/**
 * Removes the oldest backups beyond the number kept (newest first, as listBackups orders them), and
 * returns the names removed. A backup beyond that number stays while it knows a submission open in
 * the current ledger (`db`) that no backup kept knows. Without a readable ledger nothing is removed.
 */
export function rotateBackups(home: string, db: Db | null, keep = backupsKept(home)): string[] {
  if (!db) return [];
  const backups = listBackups(home);
  if (backups.length <= keep) return [];
  const open = db
    .prepare<[], { base_url: string; company_id: number; kind: string; idempotency_key: string }>(
      `SELECT base_url, company_id, kind, idempotency_key FROM submissions WHERE state IN ${STATE_LISTS_SQL.open}`,
    )
    .all()
    .map((row) => `${row.base_url}\u0000${row.company_id}\u0000${row.kind}\u0000${row.idempotency_key}`);
  const known = new Set<string>();
  const learn = (file: string): Set<string> | null => {
    try {
      return openKeysKnownBy(db, file, open);
    } catch {
      return null;
    }
  };
  for (const backup of backups.slice(0, keep)) for (const key of learn(backup.file) ?? []) known.add(key);
  const removed: string[] = [];
  for (const backup of backups.slice(keep)) {
    const knows = learn(backup.file);
    // One that cannot be read is left alone: nothing here can say what it holds.
    if (knows === null) continue;
    const only = [...knows].filter((key) => !known.has(key));
    if (only.length > 0) {
      for (const key of only) known.add(key);
      continue;
    }
    rmSync(backup.file, { force: true });
    removed.push(backup.name);
  }
  return removed;
}

const ALIAS = 'rotation_candidate';

/** Which of the open keys a backup's ledger holds (attached for the moment, only read). */
function openKeysKnownBy(db: Db, file: string, open: readonly string[]): Set<string> {
  if (open.length === 0) return new Set();
  db.prepare(`ATTACH DATABASE ? AS ${ALIAS}`).run(file);
  try {
    const hasLedger =
      db.prepare(`SELECT 1 FROM ${ALIAS}.sqlite_master WHERE type = 'table' AND name = 'submissions'`).get() !== undefined;
    if (!hasLedger) return new Set();
    const has = db.prepare<[string, number, string, string], { n: number }>(
      `SELECT count(*) AS n FROM ${ALIAS}.submissions WHERE base_url = ? AND company_id = ? AND kind = ? AND idempotency_key = ?`,
    );
    return new Set(
      open.filter((key) => {
        const [baseUrl, company, kind, idempotencyKey] = key.split('\u0000') as [string, string, string, string];
        return has.get(baseUrl, Number(company), kind, idempotencyKey)!.n > 0;
      }),
    );
  } finally {
    db.prepare(`DETACH DATABASE ${ALIAS}`).run();
  }
}
