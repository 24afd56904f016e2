// The caja principal's TLS certificate: self-signed (no authority a shop could use exists for a
// machine on its own network), named for the computer, with its LAN IPv4 addresses and 127.0.0.1
// as alternative names. Registers do not trust it by name: they pin it by its SHA-256 fingerprint,
// which the join code carries, so an address that changed later still meets the same certificate.
import { createHash, X509Certificate } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import { generate } from 'selfsigned';

export interface ServerCertificate {
  certificate: string;
  key: string;
}

/** The computer's IPv4 addresses on its networks (not loopback), as another register would reach it. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

export async function generateServerCertificate(now: Date = new Date()): Promise<ServerCertificate> {
  const name = hostname() || 'caja-principal';
  const notAfter = new Date(now);
  // Ten years: the pin, not the dates, is what registers check; a certificate that ran out would
  // need every register to join again.
  notAfter.setFullYear(notAfter.getFullYear() + 10);
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: name },
          { type: 7, ip: '127.0.0.1' },
          ...lanAddresses().map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { certificate: pems.cert, key: pems.private };
}

/** SHA-256 of the certificate's DER bytes (what `openssl x509 -fingerprint -sha256` shows). */
export function fingerprintOf(certificate: string | Buffer): Buffer {
  const der = typeof certificate === 'string' ? new X509Certificate(certificate).raw : certificate;
  return createHash('sha256').update(der).digest();
}

/** The DER bytes a TLS socket presented, as a PEM text a TLS `ca` takes. */
export function pemOf(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
