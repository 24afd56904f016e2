// A restore never resurrects what was settled, and never forgets what is open: the backup's ledger is
// compared with the current one by content (keys, outbox entries), never by file times. Through the
// function Ajustes calls (app.restore → the served host → restoreBackup), with the real sandbox over
// loopback HTTP, the fault proxy for the outage and a fake clock for midnight.
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '#core/core';
import { startServedHost, type ServedHost } from '#main/host';
import type { RpcReply } from '#shared/rpc/envelope';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { RELIABILITY_COMPANY_A as COMPANY, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';
import { tempDir } from '../support/temp';
import { waitUntil } from '../support/wait';
import { dseBody, feBody } from '../support/requests/numbered';
import { memorySecrets } from '../support/core/memory-secrets';
import { ledgerRows, serverDocuments } from '../support/reliability/harness';
import { MAGIC } from '../support/requests/outcomes';
import { contingencyProfile } from '../support/contingency';

interface Sub {
  id: number;
  kind: 'FE' | 'DSE';
  state: string;
  idempotency_key: string;
  document_id: number | null;
  contingency: { local_ref: string; transmitted_at: string | null } | null;
}

const dirs: ReturnType<typeof tempDir>[] = [];
const hosts: ServedHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) dir.remove();
});

let sandbox: RunningSandbox;
let proxy: FaultProxy;
let root: ReturnType<typeof tempDir>;
const sandboxData = () => join(root.path, 'sandbox');
beforeAll(async () => {
  root = tempDir('factura-desk-restore-ledger-');
  // The service lives on the next day: a DSE sold at 23:50 the day before must be re-dated to go out.
  sandbox = await startSandbox({
    seed: reliabilitySeed(),
    now: '2026-11-21T00:30:00-05:00',
    settleMs: 50,
    dataDir: sandboxData(),
  });
  proxy = await startFaultProxy(new URL(sandbox.baseUrl).origin);
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  root?.remove();
});

async function serve(home: string, clock: () => Date) {
  const host = await startServedHost({ home, secrets: memorySecrets(), transport: 'web', embeddedSandbox: false, clock });
  hosts.push(host);
  let next = 1;
  const call = (method: string, input: unknown): Promise<RpcReply> => host.dispatcher.dispatch({ id: next++, method, input });
  const ok = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await call(method, input);
    if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
    return reply.output as T;
  };
  const connection = await ok<{ id: number }>('connections.create', {
    label: 'Empresa A',
    kind: 'sandbox',
    base_url: proxy.url('/api/v1'),
    company_id: COMPANY,
  });
  await ok('connections.setToken', { id: connection.id, token: TOKENS.a });
  await ok('connections.activate', { id: connection.id });
  await ok('history.setIssuer', contingencyProfile());
  return { host, call, ok };
}

function outboxRows(home: string) {
  const db = new Database(join(home, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT submission_id, replaced_id, local_ref, transmitted_at FROM outbox ORDER BY id').all() as {
      submission_id: number;
      replaced_id: number | null;
      local_ref: string;
      transmitted_at: string | null;
    }[];
  } finally {
    db.close();
  }
}

function historyRows(home: string) {
  const db = new Database(join(home, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT kind, remote_id, submission_id FROM history_documents ORDER BY id').all() as {
      kind: string;
      remote_id: number;
      submission_id: number | null;
    }[];
  } finally {
    db.close();
  }
}

function submissionIdOf(home: string, key: string): number {
  const db = new Database(join(home, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT id FROM submissions WHERE idempotency_key = ?').get(key) as { id: number }).id;
  } finally {
    db.close();
  }
}

/** Until the outbox is empty (the proxy's port may take a moment to accept again after an outage). */
async function transmitAll(ok: <T>(method: string, input: unknown) => Promise<T>) {
  await waitUntil(
    async () => (await ok<{ queued: number }>('outbox.transmit', {})).queued,
    (left) => left === 0,
    { what: 'the outbox empty' },
  );
}

describe('restoring a backup taken while sales waited in the contingency outbox', () => {
  it('a DSE re-dated and accepted after midnight, and a contingency FE accepted, are not sent again: one document each, settled in the restored ledger', async () => {
    const dir = tempDir('factura-desk-restore-ledger-');
    dirs.push(dir);
    const home = join(dir.path, 'home');
    let now = new Date('2026-11-20T23:50:00-05:00');
    const app = await serve(home, () => now);

    await proxy.setFault('refuse');
    const dse = await app.ok<Sub>('dse.submit', { request: { ...dseBody(31), fecha_documento: '2026-11-20' } });
    const fe = await app.ok<Sub>('fe.submit', { request: { ...feBody(31), draft_key: 'fe-restore-ledger-31' } });
    expect(dse.contingency?.local_ref).toMatch(/^CONT-/);
    expect(fe.contingency?.local_ref).toMatch(/^CONT-/);
    const backup = await app.ok<{ file: string }>('app.backup', {});
    const name = backup.file.split('/').pop()!;

    // After midnight the service answers: the DSE goes out re-dated under a new key, the FE as it was queued.
    now = new Date('2026-11-21T00:30:00-05:00');
    await proxy.setFault('none');
    await transmitAll(app.ok);
    const before = ledgerRows(home);
    expect(before).toHaveLength(3);
    const redated = before.find((row) => row.kind === 'DSE' && row.id !== dse.id)!;
    expect(redated.idempotency_key).not.toBe(dse.idempotency_key);
    expect(before.filter((row) => row.state === 'accepted').map((row) => row.id)).toEqual(
      expect.arrayContaining([redated.id, fe.id]),
    );
    const server = () => serverDocuments(sandboxData(), COMPANY);
    const dseOnServer = (keys: string[]) => keys.flatMap((key) => server().dseByKey.get(key) ?? []);
    expect(dseOnServer([dse.idempotency_key, redated.idempotency_key])).toHaveLength(1);

    // The backup still has both sales queued; the current ledger knows them settled.
    expect(await app.ok('app.backups', {})).toEqual([expect.objectContaining({ name, later: { fe: 0, dse: 1, unresolved: 0 } })]);
    await app.ok('app.restore', { name, confirm: true });

    // At once, before any pass: nothing waits, both sales read as settled.
    expect(await app.ok('outbox.status', {})).toMatchObject({ queued: 0, items: [] });
    expect(await app.ok('submissions.get', { id: fe.id })).toMatchObject({
      state: 'accepted',
      document_id: before.find((r) => r.id === fe.id)!.document_id,
    });
    expect(await app.ok('submissions.get', { id: dse.id })).toMatchObject({ state: 'failed' });
    const restored = ledgerRows(home);
    expect(restored.find((row) => row.idempotency_key === redated.idempotency_key)).toMatchObject({
      state: 'accepted',
      document_id: redated.document_id,
    });
    // Their Historial entries come along (a DSE has no list endpoint to bring it back with «Sincronizar»).
    const history = historyRows(home);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'DSE',
          remote_id: redated.document_id,
          submission_id: submissionIdOf(home, redated.idempotency_key),
        }),
        expect.objectContaining({ kind: 'FE', remote_id: before.find((r) => r.id === fe.id)!.document_id, submission_id: fe.id }),
      ]),
    );
    const entries = outboxRows(home);
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.transmitted_at !== null)).toBe(true);
    const dseEntry = entries.find((entry) => entry.local_ref === dse.contingency!.local_ref)!;
    expect(dseEntry.replaced_id).toBe(dse.id);
    expect(restored.find((row) => row.id === dseEntry.submission_id)?.idempotency_key).toBe(redated.idempotency_key);

    // Whatever the restored app does next sends nothing again: one document per sale on the server.
    await app.ok('outbox.transmit', {});
    await app.ok('submissions.resume', {});
    const after = ledgerRows(home);
    expect(after.filter((row) => row.state !== 'accepted' && row.state !== 'failed')).toEqual([]);
    // Every key either ledger ever held for this purchase: one document in all.
    const dseKeys = [...before, ...after].filter((row) => row.kind === 'DSE').map((row) => row.idempotency_key);
    expect(dseOnServer([...new Set(dseKeys)])).toHaveLength(1);
    expect(server().feByKey.get('fe-restore-ledger-31')).toHaveLength(1);
    expect(after.filter((row) => row.kind === 'DSE' && row.state === 'accepted')).toHaveLength(1);
  }, 60_000);
});

describe('a backup that does not know an open submission', () => {
  it('is refused even as a plain copy with a new modification time, naming the submission; nothing changes', async () => {
    const dir = tempDir('factura-desk-restore-ledger-');
    dirs.push(dir);
    const home = join(dir.path, 'home');
    const app = await serve(home, () => new Date('2026-11-21T00:30:00-05:00'));
    await proxy.setFault('none');
    const backup = await app.ok<{ file: string }>('app.backup', {});
    // The DIAN takes its time (settle-ms): the DSE stays pending.
    const pending = await app.ok<Sub>('dse.submit', {
      request: { ...dseBody(41, { nit: MAGIC.uncertainAccept }), fecha_documento: '2026-11-21' },
    });
    expect(pending.state).toBe('pending');
    // A plain copy of the backup made afterwards: its modification time is later than the DSE.
    const copy = join(home, 'backups', 'copia-manual.sqlite');
    copyFileSync(backup.file, copy);
    const entries = await app.ok<{ name: string; later: { dse: number; unresolved: number } }[]>('app.backups', {});
    expect(entries.map((entry) => [entry.name, entry.later])).toEqual(
      expect.arrayContaining([['copia-manual.sqlite', { fe: 0, dse: 1, unresolved: 1 }]]),
    );

    for (const name of ['copia-manual.sqlite', backup.file.split('/').pop()!]) {
      const refused = await app.call('app.restore', { name, confirm: true });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'conflict', details: { unresolved: 1, submissions: [pending.id] } },
      });
      if (!refused.ok)
        expect(refused.error.message).toMatch(
          /no conoce un envío que aún no tiene respuesta definitiva: el documento soporte de «Proveedor 41»/,
        );
    }
    expect(await app.ok('submissions.byKey', { kind: 'DSE', key: pending.idempotency_key })).toMatchObject({ state: 'pending' });
    expect(readFileSync(copy).equals(readFileSync(backup.file))).toBe(true);
    expect(ledgerRows(home).map((row) => row.id)).toContain(pending.id);
  }, 60_000);
});
