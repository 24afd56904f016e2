// Signing off the event loop: the worker pool (tasks, errors, a crashed thread replaced) and XML
// built and signed in a worker thread, which is the very document the event loop would have written
// and verifies with xml-crypto.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDseRequest } from '#shared/dse/index';
import { buildDseDocument } from '#sandbox/dse/dse-document';
import { loadSeedFile } from '#sandbox/seed';
import type { Company } from '#sandbox/storage/company-store';
import { loadOrCreateCertificate } from '#sandbox/xml/certificate';
import { createUblSigner } from '#sandbox/xml/signer';
import { createXmlSigning, signAndCheck } from '#sandbox/xml/signing';
import type { UblInvoice } from '#sandbox/xml/ubl-model';
import { PoolClosedError, WorkerCrashedError, WorkerPool } from '#sandbox/workers/pool';
import { tempDir } from '#test/temp';
import type { TestTask } from '#test/sandbox/task-worker';

const TASK_WORKER = join(import.meta.dirname, '..', '..', 'support', 'sandbox', 'task-worker.ts');
const dir = tempDir('signing-threads-');
afterAll(() => dir.remove());

const TODAY = '2026-11-20';

function dseModel(number: number, lines = 2): UblInvoice {
  const company = loadSeedFile(join(import.meta.dirname, '../../../resources/demo-seed.json')).companies[0] as Company;
  const body = {
    fecha_documento: TODAY,
    proveedor: {
      tipo_documento: '13',
      nit: '1098765432',
      nombre: 'Pedro Gómez',
      direccion: 'Vereda El Salitre',
      municipio: 'Chía',
      codigo_municipio: '25175',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      codigo: '70111703',
      descripcion: `Línea ${i + 1} & <compañía>`,
      cantidad: 1 + (i % 3),
      precio_unitario: 15000 + 250 * i,
      porcentaje_iva: i % 2 === 0 ? 19 : 0,
      cost_center_id: 1,
    })),
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 3.5 },
    ],
  };
  const result = validateDseRequest(body, { today: TODAY, nowTime: '10:00:00', costCenters: company.cost_centers });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return buildDseDocument(company, result.value, {
    id: number,
    number,
    thirdPartyId: 1,
    stamp: `${TODAY} 10:00:00`,
    xmlPath: () => '',
  }).model;
}

function verifies(xml: string, certificatePem: string): boolean {
  const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(xml)?.[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: certificatePem });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

describe('worker pool', () => {
  it('runs tasks on at most its size of threads and answers each with its own result', async () => {
    const pool = new WorkerPool<TestTask, number>({ entry: TASK_WORKER, size: 2 });
    try {
      const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pool.run({ op: 'double', n })));
      expect(results).toEqual([2, 4, 6, 8, 10, 12]);
      expect(pool.threads).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });

  it('fails only the task whose handler threw', async () => {
    const pool = new WorkerPool<TestTask, number>({ entry: TASK_WORKER, size: 1 });
    try {
      const [failed, after] = await Promise.allSettled([pool.run({ op: 'fail' }), pool.run({ op: 'double', n: 21 })]);
      expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'tarea rechazada por el hilo' } });
      expect(after).toEqual({ status: 'fulfilled', value: 42 });
    } finally {
      await pool.close();
    }
  });

  it('survives a thread that dies: its task fails with WorkerCrashedError and a new thread takes the next tasks', async () => {
    const logged: string[] = [];
    const pool = new WorkerPool<TestTask, number>({ entry: TASK_WORKER, size: 1, log: (m) => logged.push(m) });
    try {
      expect(await pool.run({ op: 'double', n: 1 })).toBe(2);
      const crashed = pool.run({ op: 'exit' });
      const queued = pool.run({ op: 'double', n: 5 });
      await expect(crashed).rejects.toBeInstanceOf(WorkerCrashedError);
      expect(await queued).toBe(10);
      // a thread that dies while idle (an exception outside any task) is replaced as well
      expect(await pool.run({ op: 'uncaught-later' })).toBe(0);
      await expect.poll(() => pool.threads, { timeout: 10_000 }).toBe(0);
      expect(await pool.run({ op: 'double', n: 7 })).toBe(14);
      expect(pool.threads).toBe(1);
      expect(logged).toEqual([expect.stringContaining('código de salida 3'), expect.stringContaining('fallo fuera de la tarea')]);
    } finally {
      await pool.close();
    }
  });

  it('refuses tasks once closed', async () => {
    const pool = new WorkerPool<TestTask, number>({ entry: TASK_WORKER, size: 1 });
    await pool.close();
    await expect(pool.run({ op: 'double', n: 1 })).rejects.toBeInstanceOf(PoolClosedError);
  });
});

describe('XML signed in a worker thread', () => {
  it('is the same document the event loop writes, and its enveloped signature verifies', async () => {
    const certificate = await loadOrCreateCertificate(dir.path);
    const threaded = createXmlSigning({ xmlDir: join(dir.path, 'threads', 'xml'), certificate, threads: 2 });
    const inline = createXmlSigning({ xmlDir: join(dir.path, 'inline', 'xml'), certificate, threads: 0 });
    try {
      expect(threaded.threads).toBe(2);
      const models = [dseModel(1), dseModel(2, 40), dseModel(3, 1)];
      const paths = (await Promise.all(models.map((model) => threaded.sign({ companyId: 101, model })))).map(
        (signed) => signed.xmlPath,
      );
      // a thread sent the model as the store's JSON text (what DSE creation sends) writes the same bytes
      const json = createXmlSigning({ xmlDir: join(dir.path, 'json', 'xml'), certificate, threads: 1 });
      try {
        for (const model of models) await json.sign({ companyId: 101, model, json: JSON.stringify({ model }) });
      } finally {
        await json.close();
      }
      expect(paths).toEqual(models.map((model) => `xml/dse/101/${model.id}.xml`));
      for (const [i, model] of models.entries()) {
        const fromThread = readFileSync(join(dir.path, 'threads', paths[i]!), 'utf8');
        expect(inline.signHere({ companyId: 101, model }).xmlPath).toBe(paths[i]);
        expect(fromThread).toBe(readFileSync(join(dir.path, 'inline', paths[i]!), 'utf8'));
        expect(readFileSync(join(dir.path, 'json', paths[i]!), 'utf8')).toBe(fromThread);
        expect(verifies(fromThread, certificate.certificatePem)).toBe(true);
        expect(fromThread).toContain('&lt;compañía&gt;');
        expect(
          verifies(
            fromThread.replace(/<cbc:PayableAmount currencyID="COP">[\d.]+</, '<cbc:PayableAmount currencyID="COP">1.00<'),
            certificate.certificatePem,
          ),
        ).toBe(false);
      }
    } finally {
      await threaded.close();
      await inline.close();
    }
  });
});

describe("the tax authority's check of the XML a signer has just written", () => {
  const company = () => loadSeedFile(join(import.meta.dirname, '../../../resources/demo-seed.json')).companies[0] as Company;
  const authority = (today: string) => ({
    kind: 'DSE' as const,
    key: company().software.pin,
    pin: company().software.pin,
    today,
  });
  const codes = (signed: { violations: { code: string }[] }) => signed.violations.map((v) => v.code);

  it('verifies the signature of every document until one of the signer verifies, and keeps every other rule after that', async () => {
    const certificate = await loadOrCreateCertificate(dir.path);
    const xmlDir = join(dir.path, 'checked', 'xml');
    const good = createUblSigner(certificate);
    // a signer whose signature value is wrong: each of its documents is rejected, none proves it
    const broken = (xml: string, at: string) =>
      good(xml, at).replace(
        /<ds:SignatureValue([^>]*)>(.)/,
        (_, attrs: string, c: string) => `<ds:SignatureValue${attrs}>${c === 'A' ? 'B' : 'A'}`,
      );
    for (const number of [11, 12, 13]) {
      expect(
        codes(signAndCheck(xmlDir, { companyId: 101, model: dseModel(number), authority: authority(TODAY) }, broken)),
      ).toEqual(['ZE02']);
    }
    const signer = createUblSigner(certificate);
    expect(codes(signAndCheck(xmlDir, { companyId: 101, model: dseModel(14), authority: authority(TODAY) }, signer))).toEqual([]);
    // after that, the other rules still read the written XML: a reception date before its issue date
    expect(
      codes(signAndCheck(xmlDir, { companyId: 101, model: dseModel(15), authority: authority('2026-11-19') }, signer)),
    ).toEqual(['SBX-FEC01']);
    expect(codes(signAndCheck(xmlDir, { companyId: 101, model: dseModel(16), authority: authority(TODAY) }, signer))).toEqual([]);
  });
});
