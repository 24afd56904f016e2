// A realistic catalog file end to end: 15,000 products as Excel in es-CO saves them (Windows-1252,
// semicolons, about 2 MB), read by the shared reader the screen uses, previewed over the Electron
// transport and applied over the web bridge into a real core and SQLite file. Both transports
// accept it (the import methods have the file's own bound), while any other method keeps 1 MB and
// says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HEADER, startWebBridge, type WebBridge } from '../../../src/core/bridge/web-bridge';
import { createCore, type Core } from '../../../src/core/core';
import { createIpcRpcHandler } from '../../../src/main/ipc';
import type { RpcReply } from '../../../src/shared/rpc/envelope';
import type { ImportPreview } from '../../../src/shared/rpc/methods/catalog';
import { FILE_LIMITS, readTextFile } from '../../../src/shared/text-file';
import { memorySecrets } from '../../support/core/memory-secrets';
import { tempDir } from '../../support/temp';

const PRODUCTS = 15_000;
const WORDS = ['Arroz', 'Café', 'Azúcar', 'Panela', 'Aceite', 'Jabón', 'Galletas', 'Atún', 'Fríjol', 'Lenteja'];
const SIZES = ['500 g', '1 kg', '250 ml', '1 L', 'x 12 unidades', '3 kg'];

/** The file as Excel writes "CSV (delimitado por comas)" on a Spanish Windows: Windows-1252, ';', CRLF. */
function spanishExcelCatalog(): Uint8Array {
  const lines = ['Código;Código de barras;Descripción;Precio;Incluye IVA;Impuesto;Unidad;UNSPSC'];
  lines.push('PIN-GOLD;7701234000017;Piña golden;7.900;sí;0;unidad;50301700');
  for (let i = 1; i < PRODUCTS; i += 1) {
    const word = WORDS[i % WORDS.length]!;
    const size = SIZES[i % SIZES.length]!;
    const price = `${1 + (i % 90)}.${String((i * 37) % 1000).padStart(3, '0')}`;
    const barcode = String(7702000000000 + i);
    lines.push(
      `P${String(i).padStart(6, '0')};${barcode};${word} marca propia referencia ${i} presentación ${size};${price};${i % 2 ? 'sí' : 'no'};${['19', '5', '0', '8'][i % 4]};unidad;`,
    );
  }
  return new Uint8Array(Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
}

let dir: ReturnType<typeof tempDir>;
let core: Core;
let bridge: WebBridge;
let nextId = 1;

const ipc = (method: string, input: unknown) =>
  createIpcRpcHandler(core, () => true)({}, { id: nextId++, method, input }) as Promise<RpcReply>;
async function web(method: string, input: unknown): Promise<RpcReply> {
  const response = await fetch(`${bridge.origin}/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret },
    body: JSON.stringify({ id: nextId++, method, input }),
  });
  return (await response.json()) as RpcReply;
}

beforeAll(async () => {
  dir = tempDir();
  const staticDir = join(dir.path, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Factura Desk</title>');
  core = createCore({ home: join(dir.path, 'home'), secrets: memorySecrets(), transport: 'web' });
  bridge = await startWebBridge({ dispatcher: core, events: core.events, staticDir });
  const created = await ipc('connections.create', {
    label: 'Tienda',
    kind: 'sandbox',
    base_url: 'http://127.0.0.1:9/api/v1',
    company_id: 101,
  });
  if (!created.ok) throw new Error(created.error.message);
  const activated = await ipc('connections.activate', { id: (created.output as { id: number }).id });
  if (!activated.ok) throw new Error(activated.error.message);
});
afterAll(async () => {
  await bridge.close();
  await core.close();
  dir.remove();
});

describe('a 15,000-product catalog file', () => {
  it('is read as Windows-1252, previewed over IPC and imported over the web bridge, accents intact', async () => {
    const bytes = spanishExcelCatalog();
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    expect(bytes.length).toBeLessThan(FILE_LIMITS.catalog);
    const read = await readTextFile(new Blob([bytes]), FILE_LIMITS.catalog);
    if (!read.ok) throw new Error(read.problem);
    expect(read.encoding).toBe('Windows-1252');
    expect(JSON.stringify({ text: read.text }).length).toBeGreaterThan(1024 * 1024);

    const preview = await ipc('catalog.previewImport', { text: read.text });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.output).toMatchObject({ create: PRODUCTS, update: 0, errors: 0, problem: null });

    const applied = await web('catalog.applyImport', { text: read.text });
    if (!applied.ok) throw new Error(applied.error.message);
    expect((applied.output as ImportPreview).create).toBe(PRODUCTS);

    const found = await web('catalog.byCode', { code: 'PIN-GOLD' });
    expect(found).toMatchObject({
      ok: true,
      output: { description: 'Piña golden', price_includes_tax: true, unit_price: '7900' },
    });
    const search = await web('catalog.search', { q: 'azúcar referencia 9992' });
    expect(search).toMatchObject({ ok: true, output: { total: 1 } });
    const again = await ipc('catalog.previewImport', { text: read.text });
    expect(again).toMatchObject({ ok: true, output: { create: 0, update: 0, unchanged: PRODUCTS, errors: 0 } });
  });

  it('keeps the 1 MB bound of every other method, and says both sizes', async () => {
    const input = {
      label: 'x'.repeat(2 * 1024 * 1024 - 200),
      kind: 'sandbox',
      base_url: 'http://127.0.0.1:9/api/v1',
      company_id: 5,
    };
    for (const send of [ipc, web]) {
      const reply = await send('connections.create', input);
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: 'La solicitud tiene 2 MB; el máximo es 1 MB.' },
      });
    }
    expect(await ipc('connections.list', {})).toMatchObject({ ok: true, output: [expect.objectContaining({ label: 'Tienda' })] });
  });
});
