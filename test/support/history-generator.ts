// A seeded generator of realistic local history: FE and DSE documents as the mirror holds them
// (history_documents of migration 0004, FTS index kept by its triggers), inserted in one
// transaction through one prepared statement, so 100,000 documents take seconds. The same seed
// gives the same history, for the Historial tests and the benchmarks.
// Amounts are exact integer cents here (decimal.js objects for 2 million amounts would make the
// generator ten times slower); tests cross-check a sample of them with src/shared/money.ts.
//
//   const generated = generateHistory(store.db, { connectionId: 1, count: 100_000, seed: 7 });
//   generated.docs[0] // { id, kind, number, estado_dian, issue_date, counterpart_name, ... }
import { sql } from 'kysely';
import type { Engine } from '#core/store/engine';
import type { Db } from '#core/store/store';

export interface GeneratedDoc {
  id: number;
  kind: 'FE' | 'DSE';
  remote_id: number;
  number: string;
  estado_dian: string;
  fiscal_key: string;
  issue_date: string;
  counterpart_name: string;
  counterpart_doc: string;
  items_text: string;
  total: string;
  /** the ledger row created for it (some DSE the app still follows), else null */
  submission_state: 'pending' | 'in_doubt' | 'accepted' | null;
}

export interface GenerateOptions {
  connectionId: number;
  count: number;
  seed: number;
  /** first and last issue dates (YYYY-MM-DD), inclusive */
  from?: string;
  to?: string;
  /** share of DSE among documents, 0..1 */
  dseShare?: number;
  /** company id written into the documents */
  companyId?: number;
}

export interface GeneratedHistory {
  docs: GeneratedDoc[];
}

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ana',
  'Carlos',
  'María',
  'José',
  'Luisa',
  'Andrés',
  'Camila',
  'Jorge',
  'Valentina',
  'Héctor',
  'Paola',
  'Julián',
  'Sofía',
  'Óscar',
  'Natalia',
  'Iván',
];
const LAST = [
  'Rodríguez',
  'Gómez',
  'Martínez',
  'López',
  'García',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Díaz',
  'Muñoz',
  'Castaño',
  'Peña',
  'Zuluaga',
  'Ocampo',
  'Ríos',
];
const BUSINESS = [
  'Ferretería',
  'Panadería',
  'Distribuidora',
  'Droguería',
  'Restaurante',
  'Papelería',
  'Comercializadora',
  'Taller',
  'Cafetería',
  'Transportes',
];
const BRAND = [
  'El Tornillo',
  'La Espiga',
  'Andina',
  'San Jorge',
  'Sabor Paisa',
  'El Progreso',
  'La 14',
  'Los Andes',
  'Caribe',
  'Nariño',
  'El Dorado',
  'La Montaña',
];
const FORM = ['S.A.S.', 'Ltda.', 'S.A.', 'E.U.'];
const PRODUCTS = [
  'Tornillo drywall 6x1 caja x100',
  'Pan tajado integral',
  'Resma papel carta',
  'Cemento gris 50 kg',
  'Café molido 500 g',
  'Servicio de transporte',
  'Mantenimiento de equipos',
  'Arroz blanco 5 kg',
  'Cuaderno argollado',
  'Pintura vinilo galón',
  'Asesoría contable',
  'Aceite de cocina 3 L',
  'Tubo PVC 1/2 pulgada',
  'Guantes de nitrilo',
  'Huevos AA x30',
  'Lavado de vehículo',
];
const DSE_INTERMEDIATE = ['en_proceso', 'en_proceso_http', 'send_unknown', 'enviado', 'firmado'] as const;

const COLUMNS = [
  'connection_id',
  'kind',
  'remote_id',
  'tipo_dian',
  'number',
  'prefijo',
  'consecutivo',
  'estado_dian',
  'fiscal_key',
  'issue_date',
  'counterpart_name',
  'counterpart_doc',
  'subtotal',
  'impuestos',
  'total',
  'total_cents',
  'moneda',
  'items_text',
  'document_json',
  'submission_id',
  'synced_at',
] as const;

/** Integer cents as the API writes money: "1234.50". */
function cents(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function hex(random: () => number, length: number): string {
  let out = '';
  while (out.length < length)
    out += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

function dayList(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

interface Party {
  name: string;
  doc: string;
  type: string;
}

function parties(random: () => number, count: number): Party[] {
  const list: Party[] = [];
  for (let i = 0; i < count; i += 1) {
    if (random() < 0.5) {
      list.push({
        name: `${pick(random, FIRST)} ${pick(random, LAST)} ${pick(random, LAST)}`,
        doc: String(10_000_000 + Math.floor(random() * 1_190_000_000)),
        type: '13',
      });
    } else {
      list.push({
        name: `${pick(random, BUSINESS)} ${pick(random, BRAND)} ${pick(random, FORM)}`,
        doc: String(800_000_000 + Math.floor(random() * 199_999_999)),
        type: '31',
      });
    }
  }
  return list;
}

export function generateHistory(db: Db, options: GenerateOptions): GeneratedHistory {
  const random = seededRandom(options.seed);
  const days = dayList(options.from ?? '2024-01-01', options.to ?? '2026-11-20');
  const counterparts = parties(random, 2_000);
  const dseShare = options.dseShare ?? 0.3;
  const companyId = options.companyId ?? 101;
  const insert = db.prepare(
    `INSERT INTO history_documents (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const ledger = db.prepare(
    `INSERT INTO submissions (connection_id, base_url, company_id, kind, idempotency_key, endpoint_path, request_body, payload_hash,
       state, attempts, counterpart, document_id, document_number, fiscal_key, estado_dian, created_at, updated_at)
     VALUES (@connection_id, 'http://127.0.0.1/api/v1', @company_id, 'DSE', @key, @path, @body, @hash, @state, 1, @counterpart,
       @document_id, @number, @fiscal_key, @estado_dian, @at, @at)`,
  );
  const docs: GeneratedDoc[] = [];
  const syncedAt = '2026-11-20T15:00:00.000Z';
  let feNumber = 990_000_000;
  let dseNumber = 1;
  // The FTS index is built once at the end ('rebuild') instead of row by row through the insert
  // trigger, which is four times faster; the trigger is put back exactly as the schema had it.
  const trigger = db
    .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'history_search_insert'")
    .get();
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -200000');
  db.transaction(() => {
    if (trigger) db.exec('DROP TRIGGER history_search_insert');
    for (let i = 0; i < options.count; i += 1) {
      const kind: 'FE' | 'DSE' = random() < dseShare ? 'DSE' : 'FE';
      const party = pick(random, counterparts);
      const issueDate = pick(random, days);
      const lines = 1 + Math.floor(random() * 4);
      const items = Array.from({ length: lines }, (_, index) => {
        const quantity = 1 + Math.floor(random() * 20);
        const unitCents = Math.floor(random() * 50_000_000) + 100;
        const rate = kind === 'FE' ? pick(random, [19, 19, 19, 5, 8, 0] as const) : pick(random, [19, 0] as const);
        const baseCents = quantity * unitCents;
        // half up, in integers: exact
        const taxCents = Math.floor((baseCents * rate + 50) / 100);
        return { id: index + 1, desc: pick(random, PRODUCTS), quantity, unitCents, rate, baseCents, taxCents };
      });
      const subtotalCents = items.reduce((acc, item) => acc + item.baseCents, 0);
      const taxesCents = items.reduce((acc, item) => acc + item.taxCents, 0);
      const totalCents = subtotalCents + taxesCents;
      const subtotal = cents(subtotalCents);
      const impuestos = cents(taxesCents);
      const total = cents(totalCents);
      const roll = random();
      const estado =
        kind === 'FE'
          ? roll < 0.93
            ? 'aceptado'
            : roll < 0.97
              ? 'rechazado'
              : 'en_proceso'
          : roll < 0.9
            ? 'aceptado'
            : roll < 0.95
              ? 'rechazado'
              : pick(random, DSE_INTERMEDIATE);
      const prefijo = kind === 'FE' ? 'SETP' : 'DS';
      const consecutivo = kind === 'FE' ? feNumber++ : dseNumber++;
      const remoteId = i + 1;
      const fiscalKey = hex(random, 96);
      const time = `${String(7 + Math.floor(random() * 12)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}:00`;
      const document =
        kind === 'FE'
          ? {
              id: remoteId,
              company_id: companyId,
              tipo_dian: '01',
              prefijo,
              consecutivo,
              estado_dian: estado,
              cufe: fiscalKey,
              es_habilitacion: false,
              subtotal,
              impuestos,
              total,
              moneda: 'COP',
              fecha_emision: `${issueDate}T${time}`,
              fecha_vencimiento: null,
              xml_path: `fe/${remoteId}.xml`,
              track_id: null,
              tercero: { id: 1, nombre: party.name, tipo_documento: party.type, numero_documento: party.doc, email: '' },
              items: items.map((item) => ({
                id: item.id,
                descripcion: item.desc,
                cantidad: `${item.quantity}.00`,
                valor_unitario: cents(item.unitCents),
                descuento: '0.00',
                base_imponible: cents(item.baseCents),
                impuesto: cents(item.taxCents),
                tipo_impuesto: item.rate === 8 ? 'INC' : 'IVA',
                codigo_impuesto: item.rate === 8 ? '04' : '01',
              })),
            }
          : {
              id: remoteId,
              company_id: companyId,
              prefijo,
              consecutivo,
              document_date: issueDate,
              accounting_due_date: null,
              moneda: 'COP',
              subtotal,
              impuestos,
              total,
              total_retenciones: '0.00',
              es_habilitacion: 0,
              xml_path: `dse/${remoteId}.xml`,
              estado_dian: estado,
              cuds: fiscalKey,
              zip_key: `z-${remoteId}`,
              last_status_error: null,
              accounting_status: 'posted',
              third_party_id: 1,
              cost_center_id: null,
              created_at: `${issueDate} ${time}`,
              updated_at: `${issueDate} ${time}`,
            };
      const row = {
        connection_id: options.connectionId,
        kind,
        remote_id: remoteId,
        tipo_dian: kind === 'FE' ? '01' : '05',
        number: `${prefijo}${consecutivo}`,
        prefijo,
        consecutivo,
        estado_dian: estado,
        fiscal_key: fiscalKey,
        issue_date: issueDate,
        counterpart_name: party.name,
        counterpart_doc: party.doc,
        subtotal,
        impuestos,
        total,
        total_cents: totalCents,
        moneda: 'COP',
        items_text: items.map((item) => item.desc).join('\n'),
        document_json: JSON.stringify(document),
        submission_id: null,
        synced_at: syncedAt,
      };
      const id = Number(insert.run(row).lastInsertRowid);
      // The DSE not yet terminal are the ones the app still follows (their ledger rows are open).
      let submissionState: GeneratedDoc['submission_state'] = null;
      if (kind === 'DSE' && estado !== 'aceptado' && estado !== 'rechazado') {
        submissionState = estado === 'send_unknown' ? 'in_doubt' : 'pending';
        ledger.run({
          connection_id: options.connectionId,
          company_id: companyId,
          key: `dse-gen-${remoteId}`,
          path: `/companies/${companyId}/dse/documentos`,
          body: Buffer.from('{}'),
          hash: hex(random, 64),
          state: submissionState,
          counterpart: party.name,
          document_id: remoteId,
          number: row.number,
          fiscal_key: fiscalKey,
          estado_dian: estado,
          at: `${issueDate}T12:00:00.000Z`,
        });
      }
      docs.push({
        id,
        kind,
        remote_id: remoteId,
        number: row.number,
        estado_dian: estado,
        fiscal_key: fiscalKey,
        issue_date: issueDate,
        counterpart_name: party.name,
        counterpart_doc: party.doc,
        items_text: row.items_text,
        total: row.total,
        submission_state: submissionState,
      });
    }
    if (trigger) {
      db.exec("INSERT INTO history_search (history_search) VALUES ('rebuild')");
      db.exec(trigger.sql);
    }
  })();
  db.pragma(`cache_size = ${cacheSize}`);
  return { docs };
}

/** Rows per INSERT while copying (well under either engine's limit on parameters). */
const COPY_BATCH = 500;

/**
 * A generated history (the mirror and the ledger rows made with it) copied, ids included, from the
 * SQLite store it was generated in to an engine: the same documents on SQLite and PostgreSQL.
 */
export async function copyHistory(db: Db, engine: Engine): Promise<void> {
  for (const table of ['submissions', 'history_documents'] as const) {
    const rows = db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
    for (let at = 0; at < rows.length; at += COPY_BATCH)
      await engine.db
        .insertInto(table)
        .values(rows.slice(at, at + COPY_BATCH) as never)
        .execute();
    // PostgreSQL's identity goes on after the copied ids.
    if (engine.kind === 'postgres' && rows.length > 0)
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(
        engine.db,
      );
  }
}
