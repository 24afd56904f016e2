// The independent verifier: xmlsec1 (Debian's package `xmlsec1`, installed by scripts/system-packages.sh)
// checks a signed document's XMLDSig references and signature value with the certificate given.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
