// Builds, signs and writes a document's XML. The path reported as `xml_path` is relative to the
// sandbox's data folder (sandbox decision: no absolute machine path ever leaves the server); it
// depends only on the document's kind, company and number, so it is known before signing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { UblSigner } from './signer';
import { buildUbl } from './ubl';
import type { UblInvoice } from './ubl-model';

type Located = Pick<UblInvoice, 'kind' | 'id'>;

/** `xml/<kind>/<company>/<prefix+number>.xml`: relative to the data folder, xmlDir's parent. */
export function xmlPathOf(xmlDir: string, companyId: number, model: Located): string {
  return [basename(xmlDir), model.kind.toLowerCase(), String(companyId), `${model.id}.xml`].join('/');
}

/** Folders this thread has made (or found) already: one mkdir per folder, not per document. */
const made = new Set<string>();

export function writeSignedXml(
  xmlDir: string,
  companyId: number,
  model: UblInvoice,
  sign: UblSigner,
): { xmlPath: string; xml: string } {
  const relativePath = xmlPathOf(xmlDir, companyId, model);
  const path = join(dirname(xmlDir), ...relativePath.split('/'));
  const folder = dirname(path);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  const xml = sign(buildUbl(model), model.signingTime ?? `${model.issueDate}T${model.issueTime}`);
  try {
    writeFileSync(path, xml);
  } catch (error) {
    // the folder was removed meanwhile (a data folder cleared while running): made again, once
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, xml);
  }
  return { xmlPath: relativePath, xml };
}
