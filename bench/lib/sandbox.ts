// The sandbox as its own process (its command line), so that it does not share an event loop with
// what measures it; and the DSE bodies the submission scenarios send.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { colombiaToday } from '#shared/dates';
import type { DseCreateRequest, FeCreateRequest } from '#shared/api/index';
import { nodeFetch } from '#core/api/node-fetch';
import type { Core } from '#core/core';
import { call } from './core';

/** Core's own transport, as the app sends through it. */
const coreFetch = nodeFetch();

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SEED = join(ROOT, 'resources', 'demo-seed.json');
export const COMPANY = 101;
export const TOKEN = 'sbx_101_full';

export interface SandboxChild {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startSandboxChild(options: { dataDir: string; settleMs?: number; seed?: string }): Promise<SandboxChild> {
  const args = [
    '--import',
    'tsx',
    join(ROOT, 'src', 'sandbox', 'cli.ts'),
    '--seed',
    options.seed ?? SEED,
    '--data',
    options.dataDir,
  ];
  if (options.settleMs !== undefined) args.push('--settle-ms', String(options.settleMs));
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 60 s\n${stderr}`)), 60_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) {
        clearTimeout(timer);
        resolveUrl((JSON.parse(stdout.split('\n')[0]!) as { base_url: string }).base_url);
      }
    });
    void exited.then(() => reject(new Error(`sandbox exited before starting\n${stderr}`)));
  });
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A DSE the simulated authority accepts at once (or holds pending, with nit 333333333 and a long settle time). */
export function dseRequest(n: number, options: { nit?: string; lines?: number } = {}): DseCreateRequest {
  return {
    fecha_documento: colombiaToday(new Date()),
    proveedor: {
      tipo_documento: '13',
      nit: options.nit ?? String(1_020_304_050 + (n % 500)),
      nombre: `Proveedor de prueba ${n % 500}`,
      direccion: 'Vereda El Salitre',
      municipio: 'Chía',
      codigo_municipio: '25175',
    },
    items: Array.from({ length: options.lines ?? 3 }, (_, i) => ({
      codigo: '70111703',
      descripcion: `Jornal de mantenimiento ${i + 1}`,
      cantidad: 1 + (i % 3),
      precio_unitario: 85_000 + 1_250 * i,
      porcentaje_iva: i === 0 ? 19 : 0,
      cost_center_id: 1,
    })),
    forma_generacion: '1',
    forma_pago: '1',
    medio_pago_codigo: '10',
    retenciones: [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 3.5 },
    ],
  };
}

/** A counter sale's FE the simulated authority accepts at once: one line at IVA 19 %, paid in cash (the demo seed's method 1). */
export function feRequest(n: number): Omit<FeCreateRequest, 'draft_key'> {
  return {
    receptor: {
      tipo_doc: '13',
      numero_doc: String(1_030_000_000 + (n % 500)),
      nombre: `Cliente de mostrador ${n % 500}`,
      email: 'cliente@example.co',
      direccion: 'Calle 1 # 2-3',
    },
    items: [{ desc: `Venta de mostrador ${n}`, cant: 1, unit: 10000, iva: 19, iva_incluido: false, unit_input: 10000 }],
    subtotal: 10000,
    impuestos: 1900,
    total: 11900,
    fecha_emision: colombiaToday(new Date()),
    payment: { form: 'contado', method_id: 1, means_code: '10', due_date: '' },
    withholdings: [],
    attachment_tokens: [],
  };
}

/** POST /dse/documentos without core: the bare HTTP round trip (plus the sandbox's own work). */
export async function postDse(
  baseUrl: string,
  body: DseCreateRequest,
  key: string,
): Promise<{ status: number; id: number | undefined }> {
  const response = await fetch(`${baseUrl}/companies/${COMPANY}/dse/documentos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { documento?: { id?: number } };
  return { status: response.status, id: json.documento?.id };
}

/** A fetch that adds up the time spent inside it (the HTTP round trips core makes). */
export function timedFetch(): {
  fetch: typeof globalThis.fetch;
  inside: { ms: number; calls: number; byMethod: Map<string, number> };
} {
  const inside = { ms: 0, calls: 0, byMethod: new Map<string, number>() };
  const wrapped: typeof globalThis.fetch = async (input, init) => {
    const started = performance.now();
    try {
      return await coreFetch(input, init);
    } finally {
      const ms = performance.now() - started;
      inside.ms += ms;
      inside.calls += 1;
      const method = init?.method ?? 'GET';
      inside.byMethod.set(method, (inside.byMethod.get(method) ?? 0) + ms);
    }
  };
  return { fetch: wrapped, inside };
}

/** Connects a core to the sandbox's company with the full token, as Ajustes › Conexión does; the connection's id. */
export async function connectSandbox(core: Core, baseUrl: string): Promise<number> {
  const connection = await call<{ id: number }>(core, 'connections.create', {
    label: 'Sandbox',
    kind: 'sandbox',
    base_url: baseUrl,
    company_id: COMPANY,
  });
  await call(core, 'connections.setToken', { id: connection.id, token: TOKEN });
  return connection.id;
}

/**
 * The demo seed with no yearly quota on the bench's company (a file in `dir`): a scenario that sells
 * FE for a minute on a quiet machine passes the demo plan's 500 invoices a year.
 */
export function unlimitedSeed(dir: string): string {
  const seed = JSON.parse(readFileSync(SEED, 'utf8')) as {
    companies: { id: number; fe: { quota: unknown }; dse: { quota: unknown } }[];
  };
  for (const company of seed.companies) {
    if (company.id !== COMPANY) continue;
    company.fe.quota = null;
    company.dse.quota = null;
  }
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'seed-unlimited.json');
  writeFileSync(file, JSON.stringify(seed));
  return file;
}
