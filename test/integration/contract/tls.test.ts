// A provider over real HTTPS on loopback (the contract server with a test authority made here): each
// refused certificate is named in Spanish with what to do, a sale made while the certificate is
// refused goes to the contingency outbox (nothing left during the handshake) and is transmitted
// exactly once when the provider's authority is trusted or the certificate is fixed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, ConnectionCheck } from '#shared/rpc/methods/connections';
import type { OutboxPass } from '#core/submissions/submissions';
import type { Submission } from '#shared/rpc/methods/submissions';
import { call, contractBed, dseRequest, feRequest, type ContractBed } from '#test/contract-server/bed';
import { CONTRACT_TOKENS } from '#test/contract-server/server';
import { makeTestPki, type TestPki } from '#test/contract-server/test-pki';
import { OUTCOME_BY_NUMBER as N, VARIANTS } from '#test/contract-server/variants';

const variant = VARIANTS[0]!;
let pki: TestPki;
let bed: ContractBed | null = null;

beforeAll(async () => {
  pki = await makeTestPki();
});
afterEach(async () => {
  await bed?.close();
  bed = null;
});

async function provider(certificate: keyof TestPki['server'], trustTestCa: boolean): Promise<ContractBed> {
  bed = await contractBed(variant, { feDocuments: 3, tls: pki.server[certificate] });
  if (trustTestCa) await call(bed.core, 'connections.trustCa', { id: bed.connectionId, pem: pki.caCert });
  return bed;
}

const check = (opened: ContractBed) => call<ConnectionCheck>(opened.core, 'connections.test', { id: opened.connectionId });

describe('a refused certificate is named, with what to do', () => {
  it.each([
    [
      'untrusted issuer (the authority is not installed)',
      'valid',
      false,
      /autoridad que este equipo no reconoce.*Ajustes › Conexión/,
    ],
    ['an authority nobody trusts', 'untrusted', true, /autoridad que este equipo no reconoce/],
    ['expired', 'expired', true, /certificado de seguridad vencido.*fecha y la hora de este equipo/],
    ['not yet valid', 'notYetValid', true, /todavía no es válido.*fecha y la hora/],
    ['issued for another host', 'wrongHost', true, /corresponde a otra dirección.*Revise la URL de la conexión/],
    ['self-signed', 'selfSigned', true, /autofirmado/],
  ] as const)('%s', async (_name, certificate, trusted, message) => {
    const opened = await provider(certificate, trusted);
    const result = await check(opened);
    expect(result.ok).toBe(false);
    expect(result.code).toBe('api_unreachable');
    expect(result.message).toMatch(message);
    expect(result.message).toContain('no se envió nada');
    expect(result.message).not.toMatch(/conexión a internet/);
    expect(opened.server.requests).toHaveLength(0);
  });

  it('a valid certificate of the trusted authority connects', async () => {
    const opened = await provider('valid', true);
    expect(await check(opened)).toMatchObject({ ok: true, payment_methods: 3 });
  });

  it('https to an address that does not speak it is named too', async () => {
    bed = await contractBed(variant, { feDocuments: 3 });
    const opened = bed;
    await call(opened.core, 'connections.forgetToken', { id: opened.connectionId });
    const secure = opened.server.baseUrl.replace('http://', 'https://');
    await call(opened.core, 'connections.update', {
      id: opened.connectionId,
      label: 'Proveedor',
      kind: 'production',
      base_url: secure,
      company_id: 7,
    });
    await call(opened.core, 'connections.setToken', { id: opened.connectionId, token: CONTRACT_TOKENS.full });
    const result = await check(opened);
    expect(result).toMatchObject({ ok: false, code: 'api_unreachable' });
    expect(result.message).toMatch(/no respondió con una conexión segura/);
    expect(opened.server.requests).toHaveLength(0);
  });
});

describe('a sale while the certificate is refused', () => {
  const creates = (opened: ContractBed, path: string) =>
    opened.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path));

  it('FE and DSE go to the contingency outbox, and are sent exactly once once the authority is trusted', async () => {
    const opened = await provider('valid', false);
    const fe = await call<Submission>(opened.core, 'fe.submit', { request: feRequest(N.accept) });
    const dse = await call<Submission>(opened.core, 'dse.submit', { request: dseRequest(N.accept) });
    // The FE's own attempt met the certificate; the DSE waits behind it without trying.
    expect(fe.error?.message).toMatch(/autoridad que este equipo no reconoce.*cola de contingencia/);
    for (const sale of [fe, dse]) expect(sale.contingency?.local_ref).toBeTruthy();
    expect(opened.server.requests).toHaveLength(0);

    // Still refused: the pass names the certificate, and the sales keep their place.
    const refused = await call<OutboxPass>(opened.core, 'outbox.transmit', {});
    expect(refused).toMatchObject({ transmitted: 0, queued: 2, reachable: false });
    expect(refused.message).toMatch(/autoridad que este equipo no reconoce/);

    const trusted = await call<Connection>(opened.core, 'connections.trustCa', { id: opened.connectionId, pem: pki.caCert });
    expect(trusted.trusted_ca?.[0]?.subject).toBe('Autoridad de Pruebas, Proveedor de Pruebas');
    const pass = await call<OutboxPass>(opened.core, 'outbox.transmit', {});
    expect(pass).toMatchObject({ transmitted: 2, queued: 0 });
    expect(await call<OutboxPass>(opened.core, 'outbox.transmit', {})).toMatchObject({ transmitted: 0, queued: 0 });
    expect(creates(opened, '/fe/facturas')).toHaveLength(1);
    expect(creates(opened, '/dse/documentos')).toHaveLength(1);
    expect((await call<Submission>(opened.core, 'submissions.get', { id: fe.id })).state).toBe('accepted');
    expect((await call<Submission>(opened.core, 'submissions.get', { id: dse.id })).state).toBe('accepted');
  });

  it('a DSE whose own attempt meets a self-signed certificate is queued with its key, then sent once', async () => {
    const opened = await provider('selfSigned', true);
    const dse = await call<Submission>(opened.core, 'dse.submit', { request: dseRequest(N.accept) });
    expect(dse.contingency?.local_ref).toBeTruthy();
    expect(dse.error?.message).toMatch(/autofirmado.*misma clave/);
    opened.server.useCertificate(pki.server.valid);
    expect(await call<OutboxPass>(opened.core, 'outbox.transmit', {})).toMatchObject({ transmitted: 1, queued: 0 });
    const sent = creates(opened, '/dse/documentos');
    expect(sent.map((r) => r.idempotencyKey)).toEqual([dse.idempotency_key]);
    expect((await call<Submission>(opened.core, 'submissions.get', { id: dse.id })).state).toBe('accepted');
  });

  it('an expired certificate renewed by the provider: the queued FE is sent exactly once', async () => {
    const opened = await provider('expired', true);
    const fe = await call<Submission>(opened.core, 'fe.submit', { request: feRequest(N.accept) });
    expect(fe.contingency?.local_ref).toBeTruthy();
    expect(fe.error?.message).toMatch(/vencido/);
    opened.server.useCertificate(pki.server.valid);
    expect(await call<OutboxPass>(opened.core, 'outbox.transmit', {})).toMatchObject({ transmitted: 1, queued: 0 });
    await call<OutboxPass>(opened.core, 'outbox.transmit', {});
    expect(creates(opened, '/fe/facturas')).toHaveLength(1);
    expect((await call<Submission>(opened.core, 'submissions.get', { id: fe.id })).state).toBe('accepted');
  });
});

describe('the provider authority of a connection', () => {
  afterAll(async () => {
    await bed?.close();
    bed = null;
  });

  it.each([
    ['not a PEM', 'hola, esto no es un certificado', /no es un certificado en formato PEM/],
    ['a private key', () => pki.caKey, /clave privada/],
    ['a server certificate', () => pki.server.valid.cert, /es el de un servidor/],
  ] as const)('%s is refused and nothing changes', async (_name, pem, message) => {
    const opened = await provider('valid', true);
    const before = await call<Connection>(opened.core, 'connections.trustCa', { id: opened.connectionId, pem: pki.caCert });
    const text = typeof pem === 'function' ? pem() : pem;
    await expect(call(opened.core, 'connections.trustCa', { id: opened.connectionId, pem: text })).rejects.toMatchObject({
      reply: { error: { code: 'invalid_input', message: expect.stringMatching(message) as unknown } },
    });
    const [after] = await call<Connection[]>(opened.core, 'connections.list', {});
    expect(after?.trusted_ca).toEqual(before.trusted_ca);
    expect((await check(opened)).ok).toBe(true);
  });

  it('is removable: back to the system roots alone', async () => {
    const opened = await provider('valid', true);
    const forgotten = await call<Connection>(opened.core, 'connections.forgetCa', { id: opened.connectionId });
    expect(forgotten.trusted_ca).toBeNull();
    expect((await check(opened)).message).toMatch(/autoridad que este equipo no reconoce/);
  });
});
