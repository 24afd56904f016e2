// Saved customers on both engines with one test body (SQLite on a real file, PostgreSQL on a real
// server), and migration 0015 from an empty SQLite database:
// create/edit/deactivate with validation (identification type codes, NIT digits, no duplicate),
// search by name words or number with the ranking the picker shows (exact number, then recent, then
// by name), one list per connection. (The catalog search's bounded ranking is tested in
// test/integration/catalog/catalog.test.ts, on both engines.)
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Customers } from '#core/customers/customers';
import { migrations } from '#core/store/migrations/index';
import type { EngineKind } from '#core/store/engine';
import { Store } from '#core/store/store';
import type { CustomerInput } from '#shared/customers/customer';
import { AppError } from '#shared/rpc/errors';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';
import { tempDir } from '#test/temp';

let now: Date;
function customer(overrides: Partial<CustomerInput> = {}): CustomerInput {
  return {
    tipo_doc: '31',
    numero_doc: '900456789',
    nombre: 'Ferretería El Tornillo S.A.S.',
    email: 'compras@eltornillo.example.co',
    direccion: 'Carrera 30 # 8-15',
    telefono: '601 555 0101',
    ...overrides,
  };
}

async function refusal(work: () => Promise<unknown>): Promise<{ message: string; fields: string[] } | null> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError)
      return { message: error.message, fields: (error.details?.fields ?? []).map((f) => `${f.path}: ${f.message}`) };
    throw error;
  }
  return null;
}

describe('migration 0015 (customers)', () => {
  it('creates the customers table from an empty database, on top of 0014', () => {
    const dir = tempDir();
    const fresh = Store.open(join(dir.path, 'm15.sqlite'), { migrations: migrations.slice(0, 15) });
    expect(fresh.db.pragma('user_version', { simple: true })).toBe(15);
    const names = fresh.db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE name LIKE 'customers%' ORDER BY name")
      .all()
      .map((r) => r.name);
    expect(names).toEqual(['customers', 'customers_by_number', 'customers_by_recent']);
    expect(() =>
      fresh.db
        .prepare(
          "INSERT INTO customers (connection_id, tipo_doc, numero_doc, nombre, search_text, active, created_at, updated_at) VALUES (1, '13', '1', 'a', 'a', 2, '', '')",
        )
        .run(),
    ).toThrow(/CHECK/);
    fresh.close();
    dir.remove();
  });
});

describe.each(ENGINE_KINDS)('customers on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let customers: Customers;
  beforeEach(async () => {
    opened = await openEngine(kind);
    now = new Date('2026-11-20T15:00:00Z');
    customers = new Customers(opened.engine, () => now);
  });
  afterEach(() => opened.close());
  const stored = () => opened.engine.db.selectFrom('customers').selectAll().orderBy('id').execute();

  it('creates, edits and deactivates a customer; the NIT check digit is computed', async () => {
    const created = await customers.save(1, customer());
    expect(created).toMatchObject({ tipo_doc: '31', numero_doc: '900456789', dv: '4', active: true, last_used_at: null });
    const edited = await customers.save(1, customer({ nombre: 'Ferretería El Tornillo', telefono: '' }), created.id);
    expect(edited).toMatchObject({ id: created.id, nombre: 'Ferretería El Tornillo', telefono: '' });
    await customers.setActive(1, created.id, false);
    expect((await customers.search(1, { q: 'tornillo' })).items).toEqual([]);
    expect((await customers.search(1, { q: 'tornillo', includeInactive: true })).items.map((c) => c.active)).toEqual([false]);
    expect((await customers.find(1, '31', '900456789'))?.active).toBe(false);
  });

  it('refuses bad input and a duplicate identification in Spanish and changes nothing', async () => {
    const first = await customers.save(1, customer());
    const before = await stored();
    expect((await refusal(() => customers.save(1, customer({ numero_doc: '900.456.789-4' }))))?.fields).toEqual([
      'numero_doc: El número de documento admite solo letras, números y guion, sin espacios ni puntos.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ numero_doc: '90045678-4' }))))?.fields).toEqual([
      'numero_doc: El NIT se escribe solo con dígitos (hasta 15) y sin el dígito de verificación.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ tipo_doc: '99' as CustomerInput['tipo_doc'] }))))?.fields).toEqual([
      'tipo_doc: Elija un tipo de documento de la lista.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ email: 'sin-arroba' }))))?.fields).toEqual([
      'email: El correo electrónico no es válido.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ nombre: '  ' }))))?.fields).toEqual([
      'nombre: Escriba el nombre o la razón social.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ tipo_doc: '13', numero_doc: '222222222222' }))))?.fields).toEqual([
      'numero_doc: «Consumidor final» no se guarda como cliente: se elige con F4.',
    ]);
    expect((await refusal(() => customers.save(1, customer({ nombre: 'Otro' }))))?.message).toBe(
      'Ya hay un cliente guardado con ese documento: Ferretería El Tornillo S.A.S..',
    );
    const other = await customers.save(1, customer({ tipo_doc: '13', numero_doc: '52111222', nombre: 'Ana Gómez' }));
    expect((await refusal(() => customers.save(1, customer(), other.id)))?.message).toMatch(
      /^Ya hay un cliente guardado con ese documento/,
    );
    expect((await customers.get(1, other.id)).nombre).toBe('Ana Gómez');
    expect((await refusal(() => customers.setActive(1, 999, false)))?.message).toBe(
      'El cliente no existe en la lista de esta empresa.',
    );
    expect((await stored()).find((row) => row.id === first.id)).toEqual(before[0]);
  });

  it('finds by words of the name (accents folded, prefixes) or by number; exact number, then recent, then by name', async () => {
    const ana = await customers.save(1, customer({ tipo_doc: '13', numero_doc: '52111222', nombre: 'Ana María Gómez' }));
    const andres = await customers.save(1, customer({ tipo_doc: '13', numero_doc: '1020304050', nombre: 'Andrés Gómez' }));
    const tornillo = await customers.save(1, customer());
    const long = await customers.save(1, customer({ tipo_doc: '13', numero_doc: '521112229', nombre: 'Zoila Pérez' }));
    const names = async (q: string) => (await customers.search(1, { q })).items.map((c) => c.nombre);

    // Nobody invoiced yet: by name.
    expect(await names('gomez')).toEqual(['Ana María Gómez', 'Andrés Gómez']);
    expect(await names('and gom')).toEqual(['Andrés Gómez']);
    expect(await names('ferreteria')).toEqual(['Ferretería El Tornillo S.A.S.']);
    expect(await names('maria%')).toEqual([]);
    expect(await names('9004')).toEqual(['Ferretería El Tornillo S.A.S.']);

    // Invoiced: most recent first.
    await customers.markUsed(1, '13', '1020304050');
    now = new Date('2026-11-20T16:00:00Z');
    await customers.markUsed(1, '31', '900456789');
    expect((await customers.search(1, {})).items.map((c) => c.id)).toEqual([tornillo.id, andres.id, ana.id, long.id]);
    expect(await names('gomez')).toEqual(['Andrés Gómez', 'Ana María Gómez']);

    // The exact number before a longer one that starts with it, even when that one is more recent.
    await customers.markUsed(1, '13', '521112229');
    expect((await customers.search(1, { q: '52111222' })).items.map((c) => c.id)).toEqual([ana.id, long.id]);
    expect(await customers.markUsed(1, '13', '99999')).toBeNull();
  });

  it('keeps one list per connection', async () => {
    await customers.save(1, customer());
    await customers.save(2, customer({ nombre: 'Otra empresa, mismo NIT' }));
    expect((await customers.find(1, '31', '900456789'))?.nombre).toBe('Ferretería El Tornillo S.A.S.');
    expect((await customers.find(2, '31', '900456789'))?.nombre).toBe('Otra empresa, mismo NIT');
    expect((await customers.search(2, {})).total).toBe(1);
  });
});
