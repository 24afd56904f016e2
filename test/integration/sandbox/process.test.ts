// The command line and the data folder: one JSON line on stdout, a clean SIGTERM, a refused seed with
// the path of its bad field, a restart with --data that keeps documents, keys, numbering and the
// certificate, and XML signatures that verify with xml-crypto.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from '#test/sandbox-process';
import { tempDir } from '#test/temp';
import { waitUntil } from '#test/wait';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { apiClient } from '#test/sandbox/http';
import { conformanceSeed, SANDBOX_NOW as NOW } from '#test/seed';

const data = tempDir('sandbox-data-');
afterAll(() => data.remove());

const REPO = join(import.meta.dirname, '../../..');

function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function verifySignature(xml: string, certificatePem: string): boolean {
  const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(xml)?.[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: certificatePem });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

describe('command line', () => {
  it('refuses a seed that does not parse, naming the bad field', () => {
    const dir = tempDir('bad-seed-');
    const seed = conformanceSeed();
    (seed.companies[0] as Record<string, unknown>).nit = '90012345-8';
    writeFileSync(join(dir.path, 'seed.json'), JSON.stringify(seed));
    writeFileSync(join(dir.path, 'broken.json'), '{"companies": [');
    const bad = runCli(['--seed', join(dir.path, 'seed.json')]);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('companies[0].nit');
    const broken = runCli(['--seed', join(dir.path, 'broken.json')]);
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toMatch(/JSON/);
    expect(runCli(['--port', '0']).stderr).toContain('--seed');
    dir.remove();
  });

  it('works as documented: npm run --silent sandbox -- --seed FILE prints exactly one JSON line on stdout', async () => {
    const child = spawn('npm', ['run', '--silent', 'sandbox', '--', '--seed', 'resources/demo-seed.json', '--port', '0'], {
      cwd: REPO,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise((done) => child.once('exit', done));
    await expect.poll(() => stdout, { timeout: 30_000, interval: 100 }).toMatch(/\n$/);
    const line = JSON.parse(stdout) as { base_url: string };
    expect(Object.keys(line)).toEqual(['base_url', 'admin_url']);
    const res = await fetch(`${line.base_url}/companies/101/fe/payment-methods`, {
      headers: { Authorization: 'Bearer sbx_101_full' },
    });
    expect(res.status).toBe(200);
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    expect(stdout.split('\n')).toEqual([expect.stringContaining('base_url'), '']);
  });

  it('prints one JSON line on stdout and exits cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const sandbox = await startSandboxProcess({ seed: 'resources/demo-seed.json' });
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      sandbox.kill(signal);
      expect(await sandbox.exited).toBe(0);
    }
  });
});

describe('--data: restart and signatures', () => {
  it('keeps documents, keys and numbering across a restart (also after SIGKILL), with the same certificate', async () => {
    const first = await startSandboxProcess({ seed: conformanceSeed(), data: data.path, now: NOW, settleMs: 200 });
    const api = apiClient(first.baseUrl);
    const key = newKey('restart');
    const created = await api.post<{ documento: { id: number; consecutivo: number; xml_path: string } }>(
      '/dse/documentos',
      dseBody(),
      { idempotencyKey: key },
    );
    const feKey = newKey('restart-fe');
    const invoice = await api.post<{ factura_id: number; consecutivo: number }>('/fe/facturas', feBody({ draft_key: feKey }));
    const pending = await api.post<{ documento: { id: number } }>('/dse/documentos', dseBody({}, '333333333'), {
      idempotencyKey: newKey('pending'),
    });
    expect([created.status, invoice.status, pending.status]).toEqual([201, 201, 502]);
    const certBefore = readFileSync(join(data.path, 'cert', 'sandbox-signing-cert.pem'), 'utf8');
    first.kill('SIGKILL');
    await first.exited;

    const second = await startSandboxProcess({ seed: conformanceSeed(), data: data.path, now: NOW, settleMs: 200 });
    const api2 = apiClient(second.baseUrl);
    const replay = await api2.post<{ documento: { id: number } }>('/dse/documentos', dseBody(), { idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.body.documento.id).toBe(created.body.documento.id);
    expect((await api2.post<{ factura_id: number }>('/fe/facturas', feBody({ draft_key: feKey }))).body.factura_id).toBe(
      invoice.body.factura_id,
    );
    const next = await api2.post<{ documento: { consecutivo: number } }>('/dse/documentos', dseBody(), {
      idempotencyKey: newKey('after'),
    });
    expect(next.body.documento.consecutivo).toBe(created.body.documento.consecutivo + 2);
    // the uncertain document settles after the restart: its settle time is stored
    const settled = await waitUntil(
      async () =>
        (await api2.get<{ documento: { estado_dian: string } }>(`/dse/documentos/${pending.body.documento.id}`)).body.documento
          .estado_dian,
      (estado) => ['aceptado', 'rechazado'].includes(estado),
      { what: 'the uncertain DSE settled after the restart' },
    );
    expect(settled).toBe('aceptado');
    expect(readFileSync(join(data.path, 'cert', 'sandbox-signing-cert.pem'), 'utf8')).toBe(certBefore);
    await second.stop();
  });

  it('signs every XML with an enveloped RSA-SHA256 signature that verifies, and detects tampering', async () => {
    const sandbox = await startSandboxProcess({ seed: conformanceSeed(), data: data.path, now: NOW, settleMs: 200 });
    const api = apiClient(sandbox.baseUrl);
    const dse = await api.post<{ documento: { id: number } }>('/dse/documentos', dseBody(), { idempotencyKey: newKey('xml') });
    const invoice = await api.post<{ factura_id: number }>('/fe/facturas', feBody({ draft_key: newKey('xml-fe') }));
    const dsePath = (await api.get<{ documento: { xml_path: string; cuds: string } }>(`/dse/documentos/${dse.body.documento.id}`))
      .body.documento;
    const fePath = (await api.get<{ doc: { xml_path: string; cufe: string } }>(`/fe/docs/${invoice.body.factura_id}`)).body.doc;
    await sandbox.stop();
    const cert = readFileSync(join(data.path, 'cert', 'sandbox-signing-cert.pem'), 'utf8');
    const dseXml = readFileSync(join(data.path, dsePath.xml_path), 'utf8');
    const feXml = readFileSync(join(data.path, fePath.xml_path), 'utf8');
    expect(verifySignature(dseXml, cert)).toBe(true);
    expect(verifySignature(feXml, cert)).toBe(true);
    expect(dseXml).toContain('<cbc:InvoiceTypeCode>05</cbc:InvoiceTypeCode>');
    expect(dseXml).toContain(`schemeName="CUDS-SHA384">${dsePath.cuds}</cbc:UUID>`);
    expect(dseXml).toContain('<cbc:IssueTime>10:00:00-05:00</cbc:IssueTime>');
    expect(dseXml).toContain('SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(feXml).toContain('<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>');
    expect(feXml).toContain(`schemeName="CUFE-SHA384">${fePath.cufe}</cbc:UUID>`);
    expect(feXml).toContain(`documentkey=${fePath.cufe}`);
    const tampered = dseXml.replace(/<cbc:PayableAmount currencyID="COP">[\d.]+</, '<cbc:PayableAmount currencyID="COP">1.00<');
    expect(tampered).not.toBe(dseXml);
    expect(verifySignature(tampered, cert)).toBe(false);
  });
});
