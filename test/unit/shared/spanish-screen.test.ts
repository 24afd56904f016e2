// The e2e scan of screens (test/support/spanish-screen.ts) finds what it must, and only that.
import { describe, expect, it } from 'vitest';
import { CONTRACT_FIELDS, screenProblems } from '#test/spanish-screen';

describe('the Spanish-screen scan', () => {
  it('knows the contract field names from the OpenAPI document', () => {
    expect(CONTRACT_FIELDS).toEqual(expect.arrayContaining(['fecha_emision', 'estado_dian', 'es_contingencia', 'draft_key']));
    expect(CONTRACT_FIELDS.every((name) => name.includes('_'))).toBe(true);
  });

  it.each([
    ['No puede ser anterior a fecha_emision', 'campo del contrato'],
    ['Estado: in_doubt', 'estado sin traducir'],
    ['Estado: en_proceso', 'estado sin traducir'],
    ['Emitida el 2026-11-24', 'fecha ISO'],
    ['1 documentos en cola', 'plural'],
    ['Indique percent o amount', 'inglés'],
    ['Loading…', 'inglés'],
    ['Total: NaN', 'inglés'],
    ['Cliente: undefined', 'inglés'],
  ])('refuses «%s» (%s)', (text, kind) => {
    expect(screenProblems(text).map((p) => p.kind)).toContain(kind);
  });

  it.each([
    'Factura electrónica de venta · 24/11/2026, 04:25 p. m.',
    '11 documentos en cola · 1 documento en cola · 21 documentos',
    'Estado DIAN: En proceso · Esperando a la DIAN',
    'Total $ 23.800,00 · Nulidad · Guardar borrador',
  ])('accepts «%s»', (text) => {
    expect(screenProblems(text)).toEqual([]);
  });
});
