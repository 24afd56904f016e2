// resources/openapi.json: generated from the shared zod schemas and committed; every "not shown"
// choice is marked. (Every answer of the conformance suite is validated against it in test/support/sandbox/http.ts.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApi } from '#sandbox/openapi';
import { OPENAPI, openApiMismatch } from '#test/sandbox/openapi';

describe('resources/openapi.json', () => {
  it('is up to date with the shared schemas (npm run openapi)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApi());
  });

  it('is OpenAPI 3.1 with the eight endpoints of the contract', () => {
    expect(OPENAPI.openapi).toBe('3.1.0');
    const operations = Object.entries(OPENAPI.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      'GET /companies/{company_id}/dse/documentos/{doc_id}',
      'GET /companies/{company_id}/fe/docs',
      'GET /companies/{company_id}/fe/docs/{doc_id}',
      'GET /companies/{company_id}/fe/payment-methods',
      'GET /companies/{company_id}/fe/terceros',
      'POST /companies/{company_id}/dian/get-acquirer',
      'POST /companies/{company_id}/dse/documentos',
      'POST /companies/{company_id}/fe/facturas',
    ]);
  });

  it('marks the sandbox decisions', () => {
    const decisions = OPENAPI['x-sandbox-decisions'] as { topic: string }[];
    expect(decisions.length).toBeGreaterThan(20);
    expect(JSON.stringify(OPENAPI)).toContain('x-sandbox-decision');
  });

  it('rejects answers that break the contract (the validator can fail)', () => {
    const path = '/companies/101/dse/documentos/1';
    const good = {
      ok: true,
      pending: false,
      documento: {
        id: 1,
        company_id: 101,
        prefijo: 'DSE',
        consecutivo: 1,
        document_date: '2026-11-20',
        accounting_due_date: null,
        moneda: 'COP',
        subtotal: '1.00',
        impuestos: '0.00',
        total: '1.00',
        total_retenciones: '0.00',
        es_habilitacion: 0,
        xml_path: 'x',
        estado_dian: 'aceptado',
        cuds: 'c',
        zip_key: 'z',
        last_status_error: null,
        accounting_status: 'posted',
        third_party_id: 1,
        cost_center_id: null,
        created_at: '2026-11-20 10:00:00',
        updated_at: '2026-11-20 10:00:00',
        extra_field: 'tolerated',
      },
    };
    expect(openApiMismatch('GET', path, 200, good)).toBeNull();
    expect(openApiMismatch('GET', path, 200, { ...good, documento: { ...good.documento, total: 1 } })).toMatch(/total/);
    expect(
      openApiMismatch('GET', path, 200, { ...good, documento: { ...good.documento, estado_dian: 'perdido' } }),
    ).not.toBeNull();
    expect(openApiMismatch('GET', path, 409, { ok: false, error: 'x' })).toMatch(/not documented/);
    expect(openApiMismatch('GET', path, 404, { ok: true })).not.toBeNull();
  });
});
