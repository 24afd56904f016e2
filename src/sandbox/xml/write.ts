// Builds, signs and writes a document's XML; returns the path reported as `xml_path`: relative to
// the sandbox's data folder (sandbox decision: no absolute machine path ever leaves the server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SigningCertificate } from './certificate';
import { signUbl } from './signer';
import { buildUbl } from './ubl';
import type { UblInvoice } from './ubl-model';

export function writeSignedXml(xmlDir: string, companyId: number, model: UblInvoice, cert: SigningCertificate): string {
  const dir = join(xmlDir, model.kind.toLowerCase(), String(companyId));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${model.id}.xml`);
  writeFileSync(path, signUbl(buildUbl(model), cert));
  return relative(join(xmlDir, '..'), path).split(sep).join('/');
}
