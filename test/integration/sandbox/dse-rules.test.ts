// Conformance, "7. Create, sign and send DSE", validation over HTTP. Each rule lives in the shared
// validator (src/shared/dse) and is tested once there, in test/unit/dse/request.test.ts and
// withholdings.test.ts. Here only what the sandbox adds: the context it hands the validator (today by
// its own clock, the company's cost centers from its seed), the 400 that names every field, and that
// a refused request creates nothing and reserves no key.
import { describe, expect, it } from 'vitest';
import { dseBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';

const sandbox = useSandbox();
type Body = Record<string, unknown> & { items: Record<string, unknown>[]; proveedor: Record<string, unknown> };
type Rule = [rule: string, pass: (b: Body) => unknown, fail: (b: Body) => unknown, field: string];

const item = (b: Body, patch: Record<string, unknown>) => ({ ...b, items: [{ ...b.items[0], ...patch }] });

/** Rules whose outcome depends on what the sandbox knows: its date and the company's cost centers. */
const CONTEXT_RULES: Rule[] = [
  [
    'item cost center of the company',
    (b) => item(b, { cost_center_id: 3 }),
    (b) => item(b, { cost_center_id: 42 }),
    'items[0].cost_center_id',
  ],
  [
    'item cost center code of the company',
    (b) => item(b, { cost_center_id: undefined, cost_center_code: 'BOD' }),
    (b) => item(b, { cost_center_id: undefined, cost_center_code: 'PRD' }),
    'items[0].cost_center_code',
  ],
  ['mode 1: fecha_documento is today', (b) => b, (b) => ({ ...b, fecha_documento: '2026-11-19' }), 'fecha_documento'],
];

describe('DSE validation over HTTP', () => {
  it.each(CONTEXT_RULES)('%s: passes (201)', async (_rule, pass) => {
    const answer = await sandbox.api.post('/dse/documentos', pass(dseBody() as Body), { idempotencyKey: newKey('pass') });
    expect(answer.body.error ?? null).toBeNull();
    expect(answer.status).toBe(201);
  });

  it.each(CONTEXT_RULES)('%s: fails (400 naming the field)', async (_rule, _pass, fail, field) => {
    const answer = await sandbox.api.post('/dse/documentos', fail(dseBody() as Body), { idempotencyKey: newKey('fail') });
    expect(answer.status).toBe(400);
    const fields = (answer.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toContain(field);
    expect(answer.body.error).toContain(field);
  });

  it('400 names every violated field at once', async () => {
    const answer = await sandbox.api.post(
      '/dse/documentos',
      { ...dseBody(), tipo_dian: '01', medio_pago_codigo: 'x', items: [{ codigo: '1', cantidad: 0 }] },
      { idempotencyKey: newKey('many') },
    );
    expect((answer.body.errors as { field: string }[]).map((e) => e.field)).toEqual(
      expect.arrayContaining(['tipo_dian', 'medio_pago_codigo', 'items[0].codigo', 'items[0].cantidad']),
    );
  });

  it('a rejected request creates nothing and does not reserve its key', async () => {
    const key = newKey('invalid-then-valid');
    expect((await sandbox.api.post('/dse/documentos', { ...dseBody(), tipo_dian: '01' }, { idempotencyKey: key })).status).toBe(
      400,
    );
    expect((await sandbox.api.post('/dse/documentos', dseBody(), { idempotencyKey: key })).status).toBe(201);
  });
});
