// A realistic catalog file end to end: 15,000 products as Excel in es-CO saves them (Windows-1252,
// semicolons, about 2 MB), read by the shared reader the screen uses, previewed over the Electron
// transport and applied over the web bridge into a real core and SQLite file. Both transports
// accept it (the import methods have the file's own bound), while any other method keeps 1 MB and
// says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HEADER, startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { createCore, type Core } from '#core/core';
import { createIpcRpcHandler } from '#main/ipc';
import type { RpcReply } from '#shared/rpc/envelope';
import type { ImportPreview } from '#shared/rpc/methods/catalog';
import { FILE_LIMITS, readTextFile } from '#shared/text-file';
import { PRODUCTS, spanishExcelCatalog } from '#test/catalog-files';
import { memorySecrets } from '#test/core/memory-secrets';
import { tempDir } from '#test/temp';

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
