// The command line against a provider over real HTTPS whose authority is installed in the system's
// certificate folders, not in the app: on Linux the loader reads the distribution's bundle files and
// folders, which SSL_CERT_FILE / SSL_CERT_DIR replace (as OpenSSL and Go do). No app setting is made.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feRequest } from '#test/contract-server/bed';
import { CONTRACT_COMPANY, CONTRACT_TOKENS, startContractServer, type ContractServer } from '#test/contract-server/server';
import { makeTestPki } from '#test/contract-server/test-pki';
import { OUTCOME_BY_NUMBER as N, VARIANTS } from '#test/contract-server/variants';
import { runCli } from '#test/core/cli';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let server: ContractServer;
let systemFolder: string;
let pki: Awaited<ReturnType<typeof makeTestPki>>;

beforeAll(async () => {
  dir = tempDir('factura-desk-cli-tls-');
  pki = await makeTestPki();
  server = await startContractServer(VARIANTS[0]!, { feDocuments: 3, tls: pki.server.valid });
  // A folder of the system's store holding the test authority, as a company or an antivirus installs it.
  systemFolder = join(dir.path, 'certs');
  mkdirSync(systemFolder);
  writeFileSync(join(systemFolder, 'autoridad-de-pruebas.pem'), pki.caCert);
});
afterAll(async () => {
  await server?.close();
  dir?.remove();
});

const connect = (home: string, env: Record<string, string>, extra: string[] = []) =>
  runCli(
    home,
    ['connect', '--base-url', server.baseUrl, '--company', String(CONTRACT_COMPANY), '--kind', 'production', ...extra],
    {
      stdin: CONTRACT_TOKENS.full,
      env,
    },
  );
/** A system store without the test authority. */
const bareSystem = () => ({ SSL_CERT_DIR: join(dir.path, 'empty'), SSL_CERT_FILE: join(dir.path, 'none.pem') });

describe('command line over HTTPS', { timeout: 180_000 }, () => {
  it('an authority the system does not hold is named, with what to do', async () => {
    const run = await connect(join(dir.path, 'home-without'), {
      SSL_CERT_DIR: join(dir.path, 'empty'),
      SSL_CERT_FILE: join(dir.path, 'none.pem'),
    });
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ check: { ok: false, code: 'api_unreachable' } });
    expect(JSON.stringify(run.json)).toMatch(/autoridad que este equipo no reconoce/);
  });

  it('an authority installed in the system folders is trusted without any app setting', async () => {
    const home = join(dir.path, 'home-system');
    const env = { SSL_CERT_DIR: systemFolder, SSL_CERT_FILE: join(dir.path, 'none.pem') };
    const run = await connect(home, env);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ connection: { trusted_ca: null }, check: { ok: true, payment_methods: 3 } });
    const sale = join(dir.path, 'fe.json');
    writeFileSync(sale, JSON.stringify(feRequest(N.accept)));
    const submitted = await runCli(home, ['fe', 'submit', sale], { env });
    expect(submitted.code).toBe(0);
    expect(submitted.json).toMatchObject({ kind: 'FE', state: 'accepted' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('connect --ca trusts the provider authority for the connection; a key instead is refused (exit 2)', async () => {
    const home = join(dir.path, 'home-ca');
    const key = join(dir.path, 'clave.pem');
    writeFileSync(key, pki.caKey);
    const refused = await connect(home, bareSystem(), ['--ca', key]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/clave privada/);
    const authority = join(dir.path, 'autoridad.pem');
    writeFileSync(authority, pki.caCert);
    const run = await connect(home, bareSystem(), ['--ca', authority]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      connection: { trusted_ca: [{ subject: 'Autoridad de Pruebas, Proveedor de Pruebas' }] },
      check: { ok: true },
    });
  });
});
