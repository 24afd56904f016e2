// The client's TLS trust, piece by piece: which certificate problem a failed request names (Node's
// codes found anywhere in the error's cause chain), which provider authority a connection may trust,
// and where the system's roots come from on Linux.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, TransportFailure } from '#core/api/http';
import { tlsFailureOf } from '#core/api/tls-failure';
import { loadTrustedRoots } from '#core/api/trusted-roots';
import { readTrustedCa } from '#core/connections/trusted-ca';
import { makeTestPki, type TestPki } from '#test/contract-server/test-pki';

const URL = 'https://facturas.proveedor.co/api/v1/fe/facturas';
/** What fetch throws: a TypeError whose cause is the socket's error. */
const fetchFailed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error('tls'), { code }) });

describe('a failed handshake is named by its code', () => {
  it.each([
    ['CERT_HAS_EXPIRED', 'expired'],
    ['CERT_NOT_YET_VALID', 'not_yet_valid'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong_host'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self_signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'not_https'],
    ['CERT_REVOKED', 'invalid'],
    ['CERT_SIGNATURE_FAILURE', 'invalid'],
  ])('%s → %s', (code, problem) => {
    const failure = tlsFailureOf(fetchFailed(code), URL);
    expect(failure).toMatchObject({ problem, code });
    expect(failure?.message).toContain('facturas.proveedor.co');
    expect(failure?.message).toContain('no se envió nada');
    // OpenSSL's code is for support, never shown.
    expect(failure?.message).not.toContain(code);
  });

  it('a revoked certificate is said to be revoked', () => {
    expect(tlsFailureOf(fetchFailed('CERT_REVOKED'), URL)?.message).toContain('fue revocado por su autoridad');
  });

  it('is found deeper in the chain and among the attempts of a multi-address connect', () => {
    const deep = new TypeError('fetch failed', {
      cause: new Error('connect', { cause: Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }) }),
    });
    expect(tlsFailureOf(deep, URL)?.problem).toBe('expired');
    const attempts = new TypeError('fetch failed', {
      cause: new AggregateError([
        Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('b'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      ]),
    });
    expect(tlsFailureOf(attempts, URL)?.problem).toBe('self_signed');
  });

  it('anything else is not a certificate problem', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'ENOTFOUND'])
      expect(tlsFailureOf(fetchFailed(code), URL)).toBeNull();
    expect(tlsFailureOf(new Error('x'), URL)).toBeNull();
  });
});

describe('a request whose handshake failed', () => {
  const send = (error: Error) =>
    exchange((() => Promise.reject(error)) as typeof globalThis.fetch, {
      method: 'POST',
      url: URL,
      token: 'token-de-prueba-123',
      body: new Uint8Array([123, 125]),
      timeoutMs: 5_000,
    }).then(
      () => null,
      (failure: unknown) => failure as TransportFailure,
    );

  it('provably never left (unreachable), with the problem named', async () => {
    const failure = await send(fetchFailed('CERT_HAS_EXPIRED'));
    expect(failure).toBeInstanceOf(TransportFailure);
    expect(failure).toMatchObject({ kind: 'unreachable', tls: { problem: 'expired', code: 'CERT_HAS_EXPIRED' } });
  });

  it('a reset proves nothing: dropped, no certificate named', async () => {
    expect(await send(fetchFailed('ECONNRESET'))).toMatchObject({ kind: 'dropped', tls: null });
    expect(await send(fetchFailed('ECONNREFUSED'))).toMatchObject({ kind: 'unreachable', tls: null });
  });
});

describe("a connection's provider authority", () => {
  let pki: TestPki;
  const now = new Date();
  beforeAll(async () => {
    pki = await makeTestPki(now);
  });

  it('is described with subject, SHA-256 fingerprint and expiry; extra text in the file is dropped', () => {
    const read = readTrustedCa(`Autoridad del proveedor\n${pki.caCert}\n`, now);
    expect(read.pem.startsWith('-----BEGIN CERTIFICATE-----')).toBe(true);
    expect(read.certificates).toEqual([
      {
        subject: 'Autoridad de Pruebas, Proveedor de Pruebas',
        fingerprint_sha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) as unknown,
        valid_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      },
    ]);
  });

  it.each([
    ['an expired authority', async () => (await authority(-400, -1)).cert, /venció el/],
    ['an authority not valid yet', async () => (await authority(2, 400)).cert, /solo es válido desde/],
    ['a server certificate (a leaf)', async () => pki.server.valid.cert, /es el de un servidor/],
    ['a private key', async () => pki.caKey, /clave privada/],
    ['a public key', async () => (await authority(-1, 10)).public, /no es un certificado en formato PEM/],
    ['a damaged certificate', async () => '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', /dañado/],
  ])('%s is refused in Spanish', async (_name, text, message) => {
    const pem = await text();
    expect(() => readTrustedCa(pem, now)).toThrow(message);
  });

  async function authority(fromDays: number, toDays: number) {
    return generate([{ name: 'commonName', value: 'Autoridad Fuera de Fecha' }], {
      keyType: 'ec',
      notBeforeDate: new Date(now.getTime() + fromDays * 86_400_000),
      notAfterDate: new Date(now.getTime() + toDays * 86_400_000),
      extensions: [{ name: 'basicConstraints', cA: true, critical: true }],
    });
  }
});

describe("the system's roots on Linux", () => {
  let folder: string;
  let pki: TestPki;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'factura-desk-roots-'));
    pki = await makeTestPki();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.runIf(process.platform === 'linux')("SSL_CERT_FILE and SSL_CERT_DIR choose them; Node's bundled roots stay", async () => {
    const bundle = join(folder, 'bundle.pem');
    writeFileSync(bundle, pki.caCert);
    const fromFile = await loadTrustedRoots({ SSL_CERT_FILE: bundle, SSL_CERT_DIR: join(folder, 'none') });
    expect(fromFile).toMatchObject({ systemSource: 'system-ca', systemCount: 1, systemProblem: null });
    expect(fromFile.certificates).toContain(pki.caCert.trim());
    const without = await loadTrustedRoots({ SSL_CERT_FILE: join(folder, 'none.pem'), SSL_CERT_DIR: join(folder, 'none') });
    expect(without.certificates).not.toContain(pki.caCert.trim());
    expect(without.systemSource).toBe('none');
    // Node's own roots are there either way (an unreadable store never leaves the client with none).
    expect(without.certificates.length).toBeGreaterThan(100);
  });
});
