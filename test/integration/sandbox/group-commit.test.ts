// Group commit over HTTP (docs/SANDBOX.md, "The DSE flow as implemented"): requests handled in the
// same turn share one transaction, so each one's numbering reads its key's reservation and the yearly
// quota again inside the group; parallel requests never number past the quota.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { dseBody, newKey } from '#test/requests/conformance';
import { apiClient, type ApiClient } from '#test/sandbox/http';
import { CONFORMANCE_TOKENS as TOKENS, conformanceSeed, SANDBOX_NOW as NOW } from '#test/seed';

let sandbox: RunningSandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: conformanceSeed(), now: NOW, settleMs: 50 });
  api = apiClient(sandbox.baseUrl);
});

afterAll(async () => {
  await sandbox.close();
});

describe('DSE numbering in a group commit', () => {
  it('parallel requests for the last document of the yearly quota: one is created, the others answer quota_exhausted', async () => {
    // company 303 has one DSE left in its plan (conformance seed)
    const body = { ...dseBody(), items: [{ ...dseBody().items[0], cost_center_id: 1 }] };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post<{ documento?: { consecutivo: number }; code?: string }>('/companies/303/dse/documentos', body, {
          token: TOKENS.edge,
          idempotencyKey: newKey('last-of-quota'),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(refused.map(() => [400, 'quota_exhausted']));
  });

  it('parallel requests with one key and one body create one document, numbered once', async () => {
    const key = newKey('one-key');
    const body = dseBody();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post<{ documento?: { id: number; consecutivo: number } }>('/dse/documentos', body, { idempotencyKey: key }),
      ),
    );
    expect(answers.every((a) => [200, 201, 202].includes(a.status))).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.documento?.id).filter((id) => id !== undefined)).size).toBe(1);
    const next = await api.post<{ documento: { consecutivo: number } }>('/dse/documentos', dseBody(), {
      idempotencyKey: newKey('after'),
    });
    const created = answers.find((a) => a.status === 201)!.body.documento!;
    expect(next.body.documento.consecutivo).toBe(created.consecutivo + 1);
  });
});
