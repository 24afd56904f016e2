// Hostile input on every RPC method over both transports: the Electron IPC handler
// (src/main/ipc.ts, electron-free) and the web bridge. Every reply is the typed envelope; a failure
// has a stable code other than `internal` (which would mean an unhandled bug), a Spanish message and
// no stack trace or path; a success matches the contract's output schema. Huge inputs (a 5 MB
// string, 10,000 lines, deep nesting) are refused by both transports before core parses them.
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HEADER, startWebBridge, type WebBridge } from '#core/bridge/web-bridge';
import { createCore, type Core } from '#core/core';
import { createIpcRpcHandler } from '#main/ipc';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { rpcContract } from '#shared/rpc/contract';
import type { RpcReply } from '#shared/rpc/envelope';
import { ERROR_CODES } from '#shared/rpc/errors';
import { tempDir } from '../support/temp';
import { memorySecrets } from '../support/core/memory-secrets';
import { dseBody, feBody, SANDBOX_NOW } from '../support/requests/numbered';
import { assertProperty, fuzzRuns, LEAK, mutated } from '../support/reliability/fuzz';
import { RELIABILITY_COMPANY_A as COMPANY_A, reliabilitySeed, RELIABILITY_TOKENS as TOKENS } from '../support/seed';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let bridge: WebBridge;
let sandbox: RunningSandbox;
const tally = new Map<string, number>();

beforeAll(async () => {
  dir = tempDir('factura-desk-rpc-fuzz-');
  const staticDir = join(dir.path, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Factura Desk</title>');
  sandbox = await startSandbox({ seed: reliabilitySeed(), now: SANDBOX_NOW, settleMs: 50 });
  core = createCore({ home: join(dir.path, 'home'), secrets: memorySecrets(), transport: 'web' });
  bridge = await startWebBridge({ dispatcher: core, events: core.events, staticDir });
  // An active connection, so that methods reach their handlers' real work (and the sandbox).
  const created = await core.dispatch({
    id: 1,
    method: 'connections.create',
    input: { label: 'A', kind: 'sandbox', base_url: sandbox.baseUrl, company_id: COMPANY_A },
  });
  const id = (created as { output: { id: number } }).output.id;
  await core.dispatch({ id: 2, method: 'connections.setToken', input: { id, token: TOKENS.a } });
});
afterAll(async () => {
  await bridge?.close();
  await core?.close();
  await sandbox?.close();
  dir?.remove();
  console.log(`rpc fuzz runs: ${JSON.stringify(Object.fromEntries(tally))}`);
});

type Send = (message: unknown) => Promise<RpcReply>;
const ipc: Send = (message) => createIpcRpcHandler(core, () => true)({}, message);
const web: Send = async (message) => {
  const response = await fetch(`${bridge.origin}/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: bridge.secret },
    body: serialise(message),
  });
  if (response.status !== 200) throw new Error(`web bridge answered HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as RpcReply;
};
const TRANSPORTS = [
  ['Electron IPC', ipc],
  ['web bridge', web],
] as const;

const METHODS = Object.keys(rpcContract) as (keyof typeof rpcContract)[];

/** Inputs that pass (or nearly pass) a method's schema, to be mutated. */
const SAMPLES: Partial<Record<keyof typeof rpcContract, Record<string, unknown>>> = {
  'connections.create': { label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 5 },
  'connections.update': { id: 1, label: 'x', kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 5 },
  'connections.setToken': { id: 99, token: 'abcdefghijk' },
  'fe.submit': { request: { ...feBody(1), draft_key: 'fuzz-fe' } },
  'dse.submit': { request: dseBody(1), key: 'fuzz-dse' },
  'history.list': { filter: { q: 'a', kind: 'FE' }, offset: 0, limit: 5 },
  'drafts.save': { kind: 'DSE', idempotency_key: 'dse-fuzz-key-1', data: { a: 1 } },
  'fe.lookupAcquirer': { identification_type: '13', identification_number: '10001' },
  'submissions.list': { open: true, limit: 3 },
  'customers.save': {
    customer: { tipo_doc: '31', numero_doc: '900456789', nombre: 'x', email: '', direccion: '', telefono: '' },
  },
  'customers.search': { q: 'a', limit: 5 },
  'dayClose.get': { date: '2026-11-20' },
};

function checkReply(reply: RpcReply, method: string, input: unknown): void {
  const context = `${method}(${JSON.stringify(input)?.slice(0, 300)}) -> ${JSON.stringify(reply).slice(0, 400)}`;
  if (typeof reply !== 'object' || reply === null || typeof reply.ok !== 'boolean')
    throw new Error(`not an envelope: ${context}`);
  if (LEAK.test(JSON.stringify(reply))) throw new Error(`internal detail leaked: ${context}`);
  if (!reply.ok) {
    if (!(ERROR_CODES as readonly string[]).includes(reply.error.code)) throw new Error(`unknown code: ${context}`);
    if (reply.error.code === 'internal') throw new Error(`unhandled failure: ${context}`);
    if (!reply.error.message || !/[a-záéíóúñ]/i.test(reply.error.message)) throw new Error(`no message: ${context}`);
    return;
  }
  const spec = Object.hasOwn(rpcContract, method) ? rpcContract[method as keyof typeof rpcContract] : undefined;
  if (!spec) throw new Error(`an unknown method succeeded: ${context}`);
  const checked = spec.output.safeParse(reply.output);
  if (!checked.success) throw new Error(`output off contract: ${context}`);
}

const methodName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...METHODS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'vault.getToken',
      '',
      'connections.list ',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

function inputFor(method: string): fc.Arbitrary<unknown> {
  const sample = Object.hasOwn(SAMPLES, method) ? SAMPLES[method as keyof typeof rpcContract] : undefined;
  const generic = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    fc.constant({}),
    fc.constant(undefined),
  );
  return sample ? fc.oneof(generic, mutated(sample)) : generic;
}

describe.each(TRANSPORTS)('RPC over %s under hostile input', (name, send) => {
  it('answers every method with the typed envelope, never an unhandled failure', async () => {
    const arbitrary = methodName.chain((method) =>
      fc.record({
        method: fc.constant(method),
        input: inputFor(method),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 70 }), fc.constant(null)),
      }),
    );
    await assertProperty(
      `rpc-${name}`,
      fc.asyncProperty(arbitrary, async ({ method, input, id }) => {
        const reply = await send({ id, method, input });
        checkReply(reply, method, input);
      }) as fc.IAsyncProperty<[unknown]>,
      fuzzRuns(1500),
      tally,
    );
  });

  it('refuses a 5 MB string, 10,000 lines and deep nesting before core parses them', async () => {
    const huge: [string, unknown][] = [
      [
        '5 MB label',
        {
          id: 1,
          method: 'connections.create',
          input: { label: 'x'.repeat(5 * 1024 * 1024), kind: 'sandbox', base_url: 'http://127.0.0.1:9/api/v1', company_id: 5 },
        },
      ],
      [
        '5 MB draft',
        {
          id: 1,
          method: 'drafts.save',
          input: { kind: 'FE', idempotency_key: 'fe-huge-draft', data: { notes: 'x'.repeat(5 * 1024 * 1024) } },
        },
      ],
      [
        '10,000 DSE lines',
        {
          id: 1,
          method: 'dse.submit',
          input: {
            request: {
              ...dseBody(1),
              items: Array.from({ length: 10_000 }, (_, i) => ({
                ...dseBody(1).items[0],
                descripcion: `Línea ${i} ${'y'.repeat(100)}`,
              })),
            },
          },
        },
      ],
      [
        '10,000 FE lines',
        {
          id: 1,
          method: 'fe.submit',
          input: {
            request: {
              ...feBody(1),
              items: Array.from({ length: 10_000 }, (_, i) => ({ ...feBody(1).items[0], desc: `Línea ${i} ${'z'.repeat(100)}` })),
            },
          },
        },
      ],
      [
        'deep nesting in a draft',
        JSON.parse(
          `{"id":1,"method":"drafts.save","input":{"kind":"FE","idempotency_key":"fe-deep-draft","data":{"deep":${nest(5_000)}}}}`,
        ),
      ],
      ['deep nesting as input', JSON.parse(`{"id":1,"method":"history.search","input":${nest(5_000)}}`)],
    ];
    const before = (await send({ id: 1, method: 'submissions.list', input: { limit: 500 } })) as { output: unknown[] };
    for (const [label, message] of huge) {
      const reply = await send(message);
      expect(reply.ok, label).toBe(false);
      if (!reply.ok) expect(reply.error.code, label).toBe('invalid_input');
      checkReply(reply, (message as { method: string }).method, '(huge)');
    }
    // Nothing was written: no submission, no draft.
    const after = (await send({ id: 1, method: 'submissions.list', input: { limit: 500 } })) as { output: unknown[] };
    expect(after.output).toHaveLength(before.output.length);
    expect(await send({ id: 1, method: 'drafts.get', input: { kind: 'FE' } })).toMatchObject({ ok: true, output: null });
  });
});

/** Deeply nested JSON text, built without recursion. */
function nest(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** JSON.stringify, except for the deeply nested cases (the test's own stack is the limit there). */
function serialise(message: unknown): string {
  try {
    return JSON.stringify(message);
  } catch {
    const method = (message as { method?: string }).method;
    const input =
      method === 'drafts.save' ? `{"kind":"FE","idempotency_key":"fe-deep-draft","data":{"deep":${nest(5_000)}}}` : nest(5_000);
    return `{"id":1,"method":${JSON.stringify(method)},"input":${input}}`;
  }
}
