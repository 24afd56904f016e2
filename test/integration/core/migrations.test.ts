// Each migration of the client core, applied from an empty database, leaves the tables it promises.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

function tables(store: Store): string[] {
  return store.db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type IN ('table') AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);
}

describe('client core migrations, each from an empty database', () => {
  it('0002 creates the submission ledger with one row per key and connection identity', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 2) });
    expect(tables(store)).toContain('submissions');
    const insert = store.db.prepare(
      `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
         payload_hash, state, created_at, updated_at) VALUES (1, 'http://a/v1', 7, 'DSE', 'k1', '/p', x'7b7d', 'h', 'sending', 'now', 'now')`,
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE/);
    expect(() => store.db.prepare("UPDATE submissions SET state = 'lost'").run()).toThrow(/CHECK/);
    store.close();
  });

  it('0003 creates the poll schedule, removed with its submission', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 3) });
    store.db
      .prepare(
        `INSERT INTO submissions (id, connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body,
           payload_hash, state, created_at, updated_at) VALUES (5, 1, 'http://a/v1', 7, 'DSE', 'k1', '/p', x'7b7d', 'h', 'pending', 'now', 'now')`,
      )
      .run();
    store.db.prepare('INSERT INTO poll_schedule (submission_id, due_at) VALUES (5, 1000)').run();
    store.db.prepare('DELETE FROM submissions WHERE id = 5').run();
    expect(store.db.prepare('SELECT count(*) AS n FROM poll_schedule').get()).toEqual({ n: 0 });
    store.close();
  });

  it('0004 creates the history mirror with an FTS5 index kept in step by triggers', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: migrations.slice(0, 4) });
    expect(tables(store)).toEqual(expect.arrayContaining(['history_documents', 'history_search', 'history_sync_state']));
    const insert = store.db.prepare(
      `INSERT INTO history_documents (connection_id, kind, remote_id, tipo_dian, number, prefijo, consecutivo, estado_dian,
         fiscal_key, issue_date, counterpart_name, counterpart_doc, subtotal, impuestos, total, total_cents, moneda, items_text,
         document_json, synced_at)
       VALUES (1, 'FE', ?, '01', ?, 'SETP', ?, 'aceptado', 'cufe', '2026-11-20', ?, '900', '1.00', '0.00', '1.00', 100, 'COP', ?, '{}', 'now')`,
    );
    insert.run(1, 'SETP990000001', 990000001, 'Panadería La Espiga', 'pan tajado');
    insert.run(2, 'SETP990000002', 990000002, 'Ferretería Central', 'tornillos');
    const match = (q: string) =>
      store.db
        .prepare<[string], { remote_id: number }>(
          'SELECT h.remote_id FROM history_search s JOIN history_documents h ON h.id = s.rowid WHERE history_search MATCH ?',
        )
        .all(q)
        .map((r) => r.remote_id);
    expect(match('"panaderia"*')).toEqual([1]);
    expect(match('"tornil"*')).toEqual([2]);
    store.db.prepare("UPDATE history_documents SET counterpart_name = 'Tienda Nueva' WHERE remote_id = 1").run();
    expect(match('"panaderia"*')).toEqual([]);
    expect(match('"tienda"*')).toEqual([1]);
    store.db.prepare('DELETE FROM history_documents WHERE remote_id = 2').run();
    expect(match('"tornil"*')).toEqual([]);
    store.close();
  });

  const upTo = (name: string) => migrations.slice(0, migrations.findIndex((m) => m.name === name) + 1);
  const connection = (store: Store, id = 1, active = 0) =>
    store.db
      .prepare(
        "INSERT INTO connections (id, label, kind, base_url, company_id, active, created_at) VALUES (?, 'C', 'sandbox', ?, 7, ?, 'now')",
      )
      .run(id, `http://a/${id}/v1`, active);

  it('0001 creates connections: one per API and company, kinds checked, at most one active', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('connections') });
    expect(migrations[0]?.name).toBe('connections');
    connection(store, 1, 1);
    expect(() =>
      store.db
        .prepare(
          "INSERT INTO connections (label, kind, base_url, company_id, created_at) VALUES ('D', 'sandbox', 'http://a/1/v1', 7, 'now')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      store.db
        .prepare(
          "INSERT INTO connections (label, kind, base_url, company_id, created_at) VALUES ('D', 'pruebas', 'http://b/v1', 7, 'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() => connection(store, 2, 1)).toThrow(/UNIQUE/);
    connection(store, 2, 0);
    store.close();
  });

  it('0005 creates one form draft per kind and connection, removed with its connection', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('drafts') });
    connection(store);
    const insert = store.db.prepare(
      "INSERT INTO form_drafts (kind, connection_id, idempotency_key, data, updated_at) VALUES (?, 1, 'k', '{}', 'now')",
    );
    insert.run('FE');
    insert.run('DSE');
    expect(() => insert.run('FE')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run('NC')).toThrow(/CHECK/);
    store.db.prepare('DELETE FROM connections WHERE id = 1').run();
    expect(store.db.prepare('SELECT count(*) AS n FROM form_drafts').get()).toEqual({ n: 0 });
    store.close();
  });

  it('0007 creates cost centers per connection, removed with it', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('cost_centers') });
    connection(store);
    const insert = store.db.prepare(
      "INSERT INTO cost_centers (connection_id, id, code, name) VALUES (1, ?, 'ADM', 'Administración')",
    );
    insert.run(1);
    expect(() => insert.run(1)).toThrow(/UNIQUE|PRIMARY/);
    store.db.prepare('DELETE FROM connections WHERE id = 1').run();
    expect(store.db.prepare('SELECT count(*) AS n FROM cost_centers').get()).toEqual({ n: 0 });
    store.close();
  });

  it('0008 creates the FE withholding types per connection, one row per type, removed with it', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('fe_withholding_types') });
    connection(store);
    const insert = store.db.prepare(
      "INSERT INTO fe_withholding_types (connection_id, position, type, label, base_mode) VALUES (1, ?, ?, 'R', 'subtotal')",
    );
    insert.run(1, 'ReteIVA');
    expect(() => insert.run(2, 'ReteIVA')).toThrow(/UNIQUE|PRIMARY/);
    store.db.prepare('DELETE FROM connections WHERE id = 1').run();
    expect(store.db.prepare('SELECT count(*) AS n FROM fe_withholding_types').get()).toEqual({ n: 0 });
    store.close();
  });

  it('0017 adds DV, logo, resolution and plan to issuer profiles, and print settings per connection', () => {
    const store = Store.open(join(dir.path, 'db.sqlite'), { migrations: upTo('issuer_profile') });
    connection(store);
    store.db
      .prepare("INSERT INTO issuer_profiles (connection_id, nombre, nit, updated_at) VALUES (1, 'Tienda', '900123456', 'now')")
      .run();
    expect(store.db.prepare('SELECT dv, logo, resolucion_json, plan FROM issuer_profiles').get()).toEqual({
      dv: '',
      logo: '',
      resolucion_json: null,
      plan: 'ilimitado',
    });
    expect(() => store.db.prepare("UPDATE issuer_profiles SET plan = '1000'").run()).toThrow(/CHECK/);
    const settings = store.db.prepare("INSERT INTO print_settings (connection_id, layout, updated_at) VALUES (1, ?, 'now')");
    expect(() => settings.run('a5')).toThrow(/CHECK/);
    settings.run('ticket58');
    expect(store.db.prepare('SELECT layout, auto_print, printer FROM print_settings').get()).toEqual({
      layout: 'ticket58',
      auto_print: 0,
      printer: '',
    });
    const plan = store.db
      .prepare<[], { detail: string }>(
        'EXPLAIN QUERY PLAN SELECT id FROM history_documents WHERE connection_id = 1 AND submission_id = 5',
      )
      .all()
      .map((r) => r.detail)
      .join(' ');
    expect(plan).toMatch(/history_by_submission/);
    store.db.prepare('DELETE FROM connections WHERE id = 1').run();
    expect(store.db.prepare('SELECT count(*) AS n FROM print_settings').get()).toEqual({ n: 0 });
    store.close();
  });
});
