// The host the web app and the desktop window start (main/host.ts), under plain Node as the web app
// runs it, against a provider over real HTTPS whose authority is installed in the system's
// certificate folders, not in the app: the process reads the OS store once (on Linux the folders
// SSL_CERT_FILE / SSL_CERT_DIR name), and the connection works without any app setting.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '#main/host';
import type { Connection, ConnectionCheck } from '#shared/rpc/methods/connections';
import type { Submission } from '#shared/rpc/methods/submissions';
import { call, feRequest } from '#test/contract-server/bed';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '#test/contract-server/server';
import { makeTestPki } from '#test/contract-server/test-pki';
import { OUTCOME_BY_NUMBER as N, VARIANTS } from '#test/contract-server/variants';
import { realKeychain } from '#test/keychain';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let server: ContractServer;
let host: Host;
let connectionId: number;

beforeAll(async () => {
  dir = tempDir('factura-desk-web-host-tls-');
  const pki = await makeTestPki();
  server = await startContractServer(VARIANTS[0]!, { feDocuments: 3, tls: pki.server.valid });
  // The system's store: a folder holding the test authority, as a company or an antivirus installs it.
  const certs = join(dir.path, 'certs');
  mkdirSync(certs);
  writeFileSync(join(certs, 'autoridad-de-pruebas.pem'), pki.caCert);
  process.env.SSL_CERT_DIR = certs;
  process.env.SSL_CERT_FILE = join(dir.path, 'none.pem');
  host = await startHost({ home: join(dir.path, 'home'), secrets: realKeychain(), transport: 'web', embeddedSandbox: false });
  const connection = await call<Connection>(host.core, 'connections.create', {
    label: 'Proveedor',
    kind: 'production',
    base_url: server.baseUrl,
    company_id: CONTRACT_COMPANY,
  });
  connectionId = connection.id;
  await call(host.core, 'connections.setToken', { id: connectionId, token: CONTRACT_TOKENS.full });
  await call(host.core, 'connections.activate', { id: connectionId });
});

afterAll(async () => {
  await call(host.core, 'connections.forgetToken', { id: connectionId }).catch(() => undefined);
  await host?.close();
  await server?.close();
  dir?.remove();
});

describe("the web app's host over HTTPS", () => {
  it('trusts an authority installed in the system folders, with no app setting', async () => {
    expect(server.baseUrl).toMatch(/^https:/);
    const [connection] = await call<Connection[]>(host.core, 'connections.list', {});
    expect(connection?.trusted_ca).toBeNull();
    expect(await call<ConnectionCheck>(host.core, 'connections.test', { id: connectionId })).toMatchObject({
      ok: true,
      payment_methods: 3,
    });
    const sale = await call<Submission>(host.core, 'fe.submit', { request: feRequest(N.accept) });
    expect(sale).toMatchObject({ state: 'accepted' });
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/fe/facturas'))).toHaveLength(1);
  });
});
