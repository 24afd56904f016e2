// Saved customers on a real SQLite file: migration 0015 from an empty database,
// create/edit/deactivate with validation (identification type codes, NIT digits, no duplicate),
// search by name words or number with the ranking the picker shows (exact number, then recent, then
// by name), one list per connection. (The catalog search's bounded ranking is tested in
// test/integration/catalog/catalog.test.ts, on both engines.)
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Customers } from '#core/customers/customers';
import { migrations } from '#core/store/migrations/index';
import { Store } from '#core/store/store';
import type { CustomerInput } from '#shared/customers/customer';
import { AppError } from '#shared/rpc/errors';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let store: Store;
let customers: Customers;
let now: Date;
beforeEach(() => {
  dir = tempDir();
  store = Store.open(join(dir.path, 'db.sqlite'));
  now = new Date('2026-11-20T15:00:00Z');
  customers = new Customers(store.db, () => now);
});
afterEach(() => {
  store.close();
  dir.remove();
});

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

function refusal(work: () => unknown): { message: string; fields: string[] } | null {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError)
      return { message: error.message, fields: (error.details?.fields ?? []).map((f) => `${f.path}: ${f.message}`) };
    throw error;
  }
  return null;
}

describe('migration 0015 (customers)', () => {
  it('creates the customers table from an empty database, on top of 0014', () => {
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
  });
});

describe('customers', () => {
  it('creates, edits and deactivates a customer; the NIT check digit is computed', () => {
    const created = customers.save(1, customer());
    expect(created).toMatchObject({ tipo_doc: '31', numero_doc: '900456789', dv: '4', active: true, last_used_at: null });
    const edited = customers.save(1, customer({ nombre: 'Ferretería El Tornillo', telefono: '' }), created.id);
    expect(edited).toMatchObject({ id: created.id, nombre: 'Ferretería El Tornillo', telefono: '' });
    customers.setActive(1, created.id, false);
    expect(customers.search(1, { q: 'tornillo' }).items).toEqual([]);
    expect(customers.search(1, { q: 'tornillo', includeInactive: true }).items.map((c) => c.active)).toEqual([false]);
    expect(customers.find(1, '31', '900456789')?.active).toBe(false);
  });

  it('refuses bad input and a duplicate identification in Spanish and changes nothing', () => {
    const first = customers.save(1, customer());
    const before = store.db.prepare('SELECT * FROM customers ORDER BY id').all();
    expect(refusal(() => customers.save(1, customer({ numero_doc: '900.456.789-4' })))?.fields).toEqual([
      'numero_doc: El número de documento admite solo letras, números y guion, sin espacios ni puntos.',
    ]);
    expect(refusal(() => customers.save(1, customer({ numero_doc: '90045678-4' })))?.fields).toEqual([
      'numero_doc: El NIT se escribe solo con dígitos (hasta 15) y sin el dígito de verificación.',
    ]);
    expect(refusal(() => customers.save(1, customer({ tipo_doc: '99' as CustomerInput['tipo_doc'] })))?.fields).toEqual([
      'tipo_doc: Elija un tipo de documento de la lista.',
    ]);
    expect(refusal(() => customers.save(1, customer({ email: 'sin-arroba' })))?.fields).toEqual([
      'email: El correo electrónico no es válido.',
    ]);
    expect(refusal(() => customers.save(1, customer({ nombre: '  ' })))?.fields).toEqual([
      'nombre: Escriba el nombre o la razón social.',
    ]);
    expect(refusal(() => customers.save(1, customer({ tipo_doc: '13', numero_doc: '222222222222' })))?.fields).toEqual([
      'numero_doc: «Consumidor final» no se guarda como cliente: se elige con F4.',
    ]);
    expect(refusal(() => customers.save(1, customer({ nombre: 'Otro' })))?.message).toBe(
      'Ya hay un cliente guardado con ese documento: Ferretería El Tornillo S.A.S..',
    );
    const other = customers.save(1, customer({ tipo_doc: '13', numero_doc: '52111222', nombre: 'Ana Gómez' }));
    expect(refusal(() => customers.save(1, customer(), other.id))?.message).toMatch(
      /^Ya hay un cliente guardado con ese documento/,
    );
    expect(customers.get(1, other.id).nombre).toBe('Ana Gómez');
    expect(refusal(() => customers.setActive(1, 999, false))?.message).toBe('El cliente no existe en la lista de esta empresa.');
    expect(store.db.prepare('SELECT * FROM customers WHERE id = ?').get(first.id)).toEqual(before[0]);
  });

  it('finds by words of the name (accents folded, prefixes) or by number; exact number, then recent, then by name', () => {
    const ana = customers.save(1, customer({ tipo_doc: '13', numero_doc: '52111222', nombre: 'Ana María Gómez' }));
    const andres = customers.save(1, customer({ tipo_doc: '13', numero_doc: '1020304050', nombre: 'Andrés Gómez' }));
    const tornillo = customers.save(1, customer());
    const long = customers.save(1, customer({ tipo_doc: '13', numero_doc: '521112229', nombre: 'Zoila Pérez' }));
    const names = (q: string) => customers.search(1, { q }).items.map((c) => c.nombre);

    // Nobody invoiced yet: by name.
    expect(names('gomez')).toEqual(['Ana María Gómez', 'Andrés Gómez']);
    expect(names('and gom')).toEqual(['Andrés Gómez']);
    expect(names('ferreteria')).toEqual(['Ferretería El Tornillo S.A.S.']);
    expect(names('maria%')).toEqual([]);
    expect(names('9004')).toEqual(['Ferretería El Tornillo S.A.S.']);

    // Invoiced: most recent first.
    customers.markUsed(1, '13', '1020304050');
    now = new Date('2026-11-20T16:00:00Z');
    customers.markUsed(1, '31', '900456789');
    expect(customers.search(1, {}).items.map((c) => c.id)).toEqual([tornillo.id, andres.id, ana.id, long.id]);
    expect(names('gomez')).toEqual(['Andrés Gómez', 'Ana María Gómez']);

    // The exact number before a longer one that starts with it, even when that one is more recent.
    customers.markUsed(1, '13', '521112229');
    expect(customers.search(1, { q: '52111222' }).items.map((c) => c.id)).toEqual([ana.id, long.id]);
    expect(customers.markUsed(1, '13', '99999')).toBeNull();
  });

  it('keeps one list per connection', () => {
    customers.save(1, customer());
    customers.save(2, customer({ nombre: 'Otra empresa, mismo NIT' }));
    expect(customers.find(1, '31', '900456789')?.nombre).toBe('Ferretería El Tornillo S.A.S.');
    expect(customers.find(2, '31', '900456789')?.nombre).toBe('Otra empresa, mismo NIT');
    expect(customers.search(2, {}).total).toBe(1);
  });
});
