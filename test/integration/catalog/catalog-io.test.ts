// Catalog import and export on both engines with one test body: a preview of what each row does,
// errors per row in the user's words, only valid rows applied (in one transaction, all or nothing),
// and an export that imports back unchanged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '#core/catalog/catalog';
import { applyImport, exportCsv, planImport } from '#core/catalog/catalog-io';
import type { EngineKind } from '#core/store/engine';
import { formatCop } from '#shared/money';
import { ENGINE_KINDS, openEngine, type OpenedEngine } from '#test/engines';

describe.each(ENGINE_KINDS)('catalog import and export on %s', (kind: EngineKind) => {
  let opened: OpenedEngine;
  let catalog: Catalog;
  beforeEach(async () => {
    opened = await openEngine(kind);
    catalog = new Catalog(opened.engine, () => new Date('2026-11-20T15:00:00Z'));
    await catalog.save(1, {
      code: 'CAF500',
      barcodes: ['7702001000011'],
      description: 'Café molido 500 g',
      unit_price: '12000',
      price_includes_tax: false,
      tax_rate: '19',
      unit: 'unidad',
      unspsc: null,
    });
  });
  afterEach(() => opened.close());

  const CSV = [
    'Código;Código de barras;Descripción;Precio;Incluye IVA;Impuesto;Unidad;UNSPSC',
    'CAF500;7702001000011;Café molido 500 g;12.500;no;19;unidad;',
    'ARR1;7701234;Arroz 1 kg;4.200;sí;0;kg;50221101',
    'BAD1;;Gaseosa;doce mil;no;19;unidad;',
    'ARR1;;Arroz repetido;1000;no;19;unidad;',
    'BAD2;7702001000011;Otro café;1000;tal vez;16;unidad;123',
    ';;;1000;no;19;;',
    'ALM;;Almuerzo ejecutivo;18000;no;INC 8;plato;',
  ].join('\n');

  describe('catalog import', () => {
    it("previews creates, updates and per-row errors in the user's words, changing nothing", async () => {
      const { preview } = await planImport(catalog, 1, CSV);
      expect(preview).toMatchObject({ create: 2, update: 1, unchanged: 0, errors: 4, problem: null });
      const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, r]));
      expect(byLine[2]).toMatchObject({ action: 'update', changes: [`precio: ${formatCop('12000')} → ${formatCop('12500')}`] });
      expect(byLine[3]).toMatchObject({ action: 'create', code: 'ARR1' });
      expect(byLine[4]!.errors).toEqual([
        'El precio «doce mil» no es un valor válido: escriba por ejemplo 12.500 o 12.500,50, sin signo negativo.',
      ]);
      expect(byLine[5]!.errors).toEqual(['El código ARR1 ya aparece en la fila 3.']);
      expect(byLine[6]!.errors).toEqual([
        '«tal vez» en «incluye IVA» no se entiende: escriba sí o no.',
        'El impuesto «16» no es válido: escriba 19, 5 (IVA), 8 (INC) o 0 (sin impuesto).',
        'El código de barras 7702001000011 ya aparece en la fila 2 (producto CAF500).',
        'El código de barras 7702001000011 ya es del producto CAF500 del catálogo.',
        'El código UNSPSC tiene 8 dígitos.',
      ]);
      expect(byLine[7]!.errors).toEqual(['Falta el código.', 'Falta la descripción.']);
      expect(byLine[8]).toMatchObject({ action: 'create', code: 'ALM' });
      expect((await catalog.search(1, {})).total).toBe(1);
      expect((await catalog.byProductCode(1, 'CAF500'))!.unit_price).toBe('12000');
    });

    it('applies only the valid rows', async () => {
      const result = await applyImport(catalog, 1, CSV);
      expect(result).toMatchObject({ create: 2, update: 1, errors: 4 });
      expect((await catalog.byProductCode(1, 'CAF500'))!.unit_price).toBe('12500');
      expect(await catalog.byProductCode(1, 'ARR1')).toMatchObject({
        price_includes_tax: true,
        tax_rate: '0',
        unit: 'kg',
        unspsc: '50221101',
        barcodes: ['7701234'],
      });
      expect(await catalog.byProductCode(1, 'ALM')).toMatchObject({ tax_rate: '8', unit: 'plato' });
      expect(await catalog.byProductCode(1, 'BAD1')).toBeNull();
      expect(await catalog.byProductCode(1, 'BAD2')).toBeNull();
    });

    it('reads a spreadsheet paste without a header in the default column order', async () => {
      const paste = 'PAN1\t\tPan tajado\t6.900\tno\t5\tbolsa\t';
      const result = await applyImport(catalog, 1, paste);
      expect(result).toMatchObject({ create: 1, errors: 0 });
      expect(await catalog.byProductCode(1, 'PAN1')).toMatchObject({
        description: 'Pan tajado',
        unit_price: '6900',
        tax_rate: '5',
        unit: 'bolsa',
      });
    });

    it('says what is wrong with the whole text when it has no rows or an unclosed quote', async () => {
      expect((await planImport(catalog, 1, '')).preview.problem).toMatch(/^No hay filas de productos\./);
      expect((await planImport(catalog, 1, 'codigo;descripcion\n"abierta;x')).preview.problem).toBe(
        'No se pudo leer el texto: Hay una comilla sin cerrar.',
      );
    });

    it('exports CSV for Excel that imports back with nothing to change', async () => {
      await applyImport(catalog, 1, CSV);
      await catalog.save(1, {
        code: 'Q1',
        barcodes: [],
        description: 'Con "comillas"; y punto y coma',
        unit_price: '10.5',
        price_includes_tax: true,
        tax_rate: '19',
        unit: 'unidad',
        unspsc: null,
      });
      const { content, rows } = await exportCsv(catalog, 1);
      expect(rows).toBe(4);
      expect(
        content.startsWith('\ufeffcodigo;codigo_barras;descripcion;precio;incluye_iva;impuesto;unidad;unspsc;activo\r\n'),
      ).toBe(true);
      expect(content).toContain('ARR1;7701234;Arroz 1 kg;4200;sí;0;kg;50221101;sí');
      expect(content).toContain('Q1;;"Con ""comillas""; y punto y coma";10,5;sí;19;unidad;;sí');
      const again = (await planImport(catalog, 1, content)).preview;
      expect(again).toMatchObject({ create: 0, update: 0, unchanged: 4, errors: 0 });
    });
  });
});
