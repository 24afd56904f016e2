// DSE signing after the numbering transaction (src/sandbox/dse/dse-signing.ts): a reader never sees
// a document half-made, and a signing that was interrupted (a crashed thread, a killed process) is
// finished by the next reader or at start-up, then handed over to be transmitted, exactly once.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DseDocument } from '#shared/api/index';
import type { AuthorityInput } from '#sandbox/authority/rules';
import { DseSigning } from '#sandbox/dse/dse-signing';
import { openDatabase, type Db } from '#sandbox/storage/database';
import { DseStore } from '#sandbox/storage/dse-store';
import type { SigningTask, XmlSigning } from '#sandbox/xml/signing';
import type { UblInvoice } from '#sandbox/xml/ubl-model';
import { WorkerCrashedError } from '#sandbox/workers/pool';
import { tempDir } from '#test/temp';

const AUTHORITY: AuthorityInput = { kind: 'DSE', key: '12345', pin: '12345', today: '2026-11-20' };
const dirs: { remove(): void }[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

/** Signs after a tick; fails with a crashed thread while `crashes` > 0. */
function fakeSigning(state: { crashes: number; signed: SigningTask[] }): XmlSigning {
  return {
    threads: 1,
    async sign(task) {
      await new Promise((resolve) => setImmediate(resolve));
      if (state.crashes > 0) {
        state.crashes -= 1;
        throw new WorkerCrashedError('el hilo de trabajo terminó antes de responder (prueba)');
      }
      state.signed.push(task);
      return { xmlPath: `xml/dse/${task.companyId}/${task.model.id}.xml`, violations: [] };
    },
    signHere: () => {
      throw new Error('not used');
    },
    close: async () => undefined,
  };
}

function openStore(path: string): { db: Db; dse: DseStore } {
  const { db } = openDatabase(path);
  dbs.push(db);
  return { db, dse: new DseStore(db) };
}

/** What the numbering transaction leaves: the document (firmado) and its unsigned model. */
function recordUnsigned(db: Db, dse: DseStore, number: number): number {
  return db.transaction(() => {
    const row = dse.insert(101, '2026', (id) => ({
      doc: { id, company_id: 101, prefijo: 'DSE', consecutivo: number, estado_dian: 'firmado' } as DseDocument,
      extra: {},
    }));
    dse.markUnsigned(101, row.doc.id, { kind: 'DSE', id: `DSE${number}` } as UblInvoice, AUTHORITY);
    return row.doc.id;
  })();
}

function setUp() {
  const dir = tempDir('dse-signing-');
  dirs.push(dir);
  const path = join(dir.path, 'sandbox.sqlite');
  return { path, ...openStore(path) };
}

describe('DseSigning', () => {
  it('signs, then moves the document to sending; a reader waiting meanwhile reads it signed', async () => {
    const { db, dse } = setUp();
    const state = { crashes: 0, signed: [] as SigningTask[] };
    const resumed: number[] = [];
    const signing = new DseSigning(
      { db, dse, xml: fakeSigning(state), log: () => undefined },
      { resumed: (id) => resumed.push(id) },
    );
    const id = recordUnsigned(db, dse, 1);
    const signed = signing.sign(id, 101, { kind: 'DSE', id: 'DSE1' } as UblInvoice, AUTHORITY);
    await signing.settled(id);
    expect(dse.unsigned(id)).toBeUndefined();
    expect(dse.byId(101, id)?.doc.estado_dian).toBe('sending');
    await signed;
    expect(state.signed).toHaveLength(1);
    expect(resumed).toEqual([]);
  });

  it('records a transmission that needs no waiting in the signing transaction; a failing one leaves the document unsigned', async () => {
    const { db, dse } = setUp();
    const state = { crashes: 0, signed: [] as SigningTask[] };
    const signing = new DseSigning({ db, dse, xml: fakeSigning(state), log: () => undefined }, { resumed: () => undefined });
    const accepted = recordUnsigned(db, dse, 3);
    const sent = signing.sign(accepted, 101, { kind: 'DSE', id: 'DSE3' } as UblInvoice, AUTHORITY, {
      transmit: () => {
        // inside the transaction: the document is not yet seen `sending` by anyone
        const current = dse.byId(101, accepted)!.doc;
        return dse.update(accepted, { estado_dian: 'aceptado' }, undefined, { ...current, estado_dian: 'sending' }).estado_dian;
      },
    });
    await signing.settled(accepted);
    expect(dse.unsigned(accepted)).toBeUndefined();
    expect(dse.byId(101, accepted)?.doc.estado_dian).toBe('aceptado');
    expect((await sent).transmitted).toBe('aceptado');

    const slow = recordUnsigned(db, dse, 4);
    expect(
      (await signing.sign(slow, 101, { kind: 'DSE', id: 'DSE4' } as UblInvoice, AUTHORITY, { transmit: () => null })).transmitted,
    ).toBeNull();
    expect(dse.byId(101, slow)?.doc.estado_dian).toBe('sending');

    const failing = recordUnsigned(db, dse, 5);
    await expect(
      signing.sign(failing, 101, { kind: 'DSE', id: 'DSE5' } as UblInvoice, AUTHORITY, {
        transmit: () => {
          dse.update(failing, { estado_dian: 'aceptado' });
          throw new Error('transmission failed');
        },
      }),
    ).rejects.toThrow('transmission failed');
    // rolled back with the move to signed: the next reader finishes it as an interrupted signing
    expect(dse.unsigned(failing)).toBeDefined();
    expect(dse.byId(101, failing)?.doc.estado_dian).toBe('firmado');
  });

  it('a signing whose thread crashed fails its request and is finished by the next reader, then handed over to transmit once', async () => {
    const { db, dse } = setUp();
    const state = { crashes: 1, signed: [] as SigningTask[] };
    const resumed: number[] = [];
    const signing = new DseSigning(
      { db, dse, xml: fakeSigning(state), log: () => undefined },
      { resumed: (id) => resumed.push(id) },
    );
    const id = recordUnsigned(db, dse, 2);
    await expect(signing.sign(id, 101, { kind: 'DSE', id: 'DSE2' } as UblInvoice, AUTHORITY)).rejects.toBeInstanceOf(
      WorkerCrashedError,
    );
    expect(dse.unsigned(id)).toBeDefined();
    expect(dse.byId(101, id)?.doc.estado_dian).toBe('firmado');
    await Promise.all([signing.settled(id), signing.settled(id)]);
    expect(dse.unsigned(id)).toBeUndefined();
    expect(dse.byId(101, id)?.doc.estado_dian).toBe('sending');
    expect(state.signed.map((t) => t.model.id)).toEqual(['DSE2']);
    expect(resumed).toEqual([id]);
    await signing.settled(id);
    expect(resumed).toEqual([id]);
  });

  it('after a restart, documents left unsigned are finished at start-up and readers wait for them', async () => {
    const { path, db, dse } = setUp();
    const first = recordUnsigned(db, dse, 3);
    const second = recordUnsigned(db, dse, 4);
    db.close();
    dbs.splice(dbs.indexOf(db), 1);
    const reopened = openStore(path);
    const state = { crashes: 0, signed: [] as SigningTask[] };
    const resumed: number[] = [];
    const signing = new DseSigning(
      { ...reopened, xml: fakeSigning(state), log: () => undefined },
      { resumed: (id) => resumed.push(id) },
    );
    signing.resumeAll();
    await signing.settled(second);
    expect(reopened.dse.byId(101, second)?.doc.estado_dian).toBe('sending');
    await signing.settled(first);
    expect(reopened.dse.unsignedIds()).toEqual([]);
    expect(state.signed.map((t) => t.model.id).sort()).toEqual(['DSE3', 'DSE4']);
    expect(resumed.sort()).toEqual([first, second].sort());
  });
});
