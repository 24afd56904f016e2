// Writes a parsed seed into a fresh database: companies with their configuration, numbering
// counters, third parties, historic FE documents, clients and hashed tokens.
import type { Seed } from '../seed';
import { hashToken } from '../http/auth';
import type { Db } from './database';
import { feSearchText } from './fe-store';

export function importSeed(db: Db, seed: Seed): void {
  db.transaction(() => {
    const company = db.prepare('INSERT INTO companies (id, config) VALUES (?, ?)');
    const counter = db.prepare('INSERT INTO counters (company_id, module, next_number) VALUES (?, ?, ?)');
    const tercero = db.prepare(
      'INSERT INTO terceros (id, company_id, nombre, tipo_documento, numero_documento, email, direccion) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const feDoc = db.prepare(
      `INSERT INTO fe_documents (id, company_id, tipo_dian, estado_dian, es_habilitacion, year, search, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const c of seed.companies) {
      const { terceros, fe_documents, ...config } = c;
      company.run(c.id, JSON.stringify(config));
      counter.run(c.id, 'fe', c.fe.next_number);
      counter.run(c.id, 'dse', c.dse.next_number);
      for (const t of terceros) tercero.run(t.id, c.id, t.nombre, t.tipo_documento, t.numero_documento, t.email, t.direccion);
      for (const d of fe_documents) {
        feDoc.run(
          d.id,
          c.id,
          d.tipo_dian,
          d.estado_dian,
          d.es_habilitacion ? 1 : 0,
          d.fecha_emision.slice(0, 4),
          feSearchText(d),
          JSON.stringify(d),
        );
      }
    }
    const client = db.prepare('INSERT INTO clients (id, company_id, scopes) VALUES (?, ?, ?)');
    const token = db.prepare('INSERT INTO tokens (hash, client_id, expires_at, revoked) VALUES (?, ?, ?, ?)');
    for (const cl of seed.clients) {
      client.run(cl.id, cl.company_id, JSON.stringify(cl.scopes));
      for (const t of cl.tokens) token.run(hashToken(t.token), cl.id, t.expires_at, t.revoked ? 1 : 0);
    }
  }).immediate();
}
