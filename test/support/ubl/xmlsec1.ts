// The independent verifier: xmlsec1 (Debian's package `xmlsec1`, installed by scripts/system-packages.sh)
// checks a signed document's XMLDSig references and signature value with the certificate given.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function xmlsec1Verify(xml: string, certificatePem: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec1-'));
  try {
    writeFileSync(join(dir, 'doc.xml'), xml);
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    const run = spawnSync('xmlsec1', ['--verify', '--pubkey-cert-pem', join(dir, 'cert.pem'), join(dir, 'doc.xml')], {
      encoding: 'utf8',
    });
    if (run.error) throw run.error;
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * xmlsec1 signs a template: a document whose ds:SignedInfo DigestValues and ds:SignatureValue are
 * empty gets them computed by xmlsec1 (its own canonicalization), with the key and certificate given.
 * The tests use it to make documents that are cryptographically valid but break a XAdES-level rule
 * (the policy hash, SigningCertificate), and to re-sign documents written differently.
 */
export function xmlsec1Sign(template: string, keyPem: string, certificatePem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec1-'));
  try {
    writeFileSync(join(dir, 'template.xml'), template);
    writeFileSync(join(dir, 'key.pem'), keyPem);
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    const run = spawnSync(
      'xmlsec1',
      [
        '--sign',
        '--privkey-pem',
        `${join(dir, 'key.pem')},${join(dir, 'cert.pem')}`,
        '--output',
        join(dir, 'signed.xml'),
        join(dir, 'template.xml'),
      ],
      { encoding: 'utf8' },
    );
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`xmlsec1 --sign failed: ${run.stdout}${run.stderr}`);
    return readFileSync(join(dir, 'signed.xml'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
