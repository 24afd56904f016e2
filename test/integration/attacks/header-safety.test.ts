// A key or a token that cannot travel in an HTTP header (accents, CR/LF, NUL,
// spaces) is refused where it is typed, with a clear message; nothing is written to the ledger and
// nothing is sent, so no submission stays "in doubt, may have arrived" for ever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '#core/core';
import { testBed, type TestBed } from '#test/core/sandbox';
import { dse, MAGIC } from '#test/requests/outcomes';

let bed: TestBed;
let core: Core;
let requests = 0;
beforeAll(async () => {
  bed = await testBed();
  core = await bed.core({
    fetch: (input, init) => {
      requests += 1;
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await bed?.close();
});

const BAD_KEYS = ['clave\r\nX-Inyectada: 1', 'clave-ñandú-1', 'clave\u0000nula', 'clave con espacios', 'clave\tcon-tab'];
const BAD_TOKENS = ['token\u0000con-nulo', 'tokén-con-tilde-123', 'token\r\nX-Otro: 1'];

describe('values that cannot travel in a header', () => {
  it.each(BAD_KEYS)('dse.submit refuses the key %j; nothing written, nothing sent', async (key) => {
    const before = { requests, rows: (await core.parts.submissions.list()).length };
    const reply = await core.dispatch({ id: 1, method: 'dse.submit', input: { request: dse(MAGIC.accept, 'clave mala'), key } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!reply.ok) expect(JSON.stringify(reply.error)).toMatch(/ASCII visibles/);
    expect(await core.parts.submissions.list()).toHaveLength(before.rows);
    expect(requests).toBe(before.requests);
  });

  it('core refuses such a key even when called directly (the command line and the app share it)', async () => {
    await expect(core.parts.submissions.submitDse(dse(MAGIC.accept), 'clave\r\nmala')).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it.each(BAD_TOKENS)('connections.setToken refuses the token %j', async (token) => {
    const id = core.parts.connections.requireActive().id;
    const reply = await core.dispatch({ id: 1, method: 'connections.setToken', input: { id, token } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('a token stored earlier with such characters stops a submission before anything is written or sent', async () => {
    const connection = core.parts.connections.requireActive();
    await core.parts.vault.setToken(connection.baseUrl, connection.companyId, 'tokén-guardado-antes');
    const before = { requests, rows: (await core.parts.submissions.list()).length };
    await expect(core.parts.submissions.submitDse(dse(MAGIC.accept, 'token viejo'))).rejects.toMatchObject({ code: 'no_token' });
    expect(await core.parts.submissions.list()).toHaveLength(before.rows);
    expect(requests).toBe(before.requests);
  });
});
