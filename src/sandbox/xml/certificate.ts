// The sandbox's signing certificate: self-signed, generated on first start and kept in the data
// folder so that every later start (with the same --data) signs with the same key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface SigningCertificate {
  privateKeyPem: string;
  certificatePem: string;
}

export async function loadOrCreateCertificate(dataDir: string): Promise<SigningCertificate> {
  const dir = join(dataDir, 'cert');
  const keyPath = join(dir, 'sandbox-signing-key.pem');
  const certPath = join(dir, 'sandbox-signing-cert.pem');
  if (existsSync(keyPath) && existsSync(certPath)) {
    return { privateKeyPem: readFileSync(keyPath, 'utf8'), certificatePem: readFileSync(certPath, 'utf8') };
  }
  const pems = await selfsigned.generate(
    [
      { name: 'commonName', value: 'Factura Desk Sandbox (certificado de prueba)' },
      { name: 'organizationName', value: 'Factura Desk Sandbox' },
      { name: 'countryName', value: 'CO' },
    ],
    { keyType: 'rsa', keySize: 2048, algorithm: 'sha256', notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000) },
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { privateKeyPem: pems.private, certificatePem: pems.cert };
}
