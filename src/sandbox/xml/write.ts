// Builds, signs and writes a document's XML. The path reported as `xml_path` is relative to the
// sandbox's data folder (sandbox decision: no absolute machine path ever leaves the server); it
// depends only on the document's kind, company and number, so it is known before signing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readXml, type XmlElement } from '../authority/xml-tree';
import type { UblSigner } from './signer';
import { SIGNATURE_SLOT, writeUbl } from './ubl';
import type { UblInvoice } from './ubl-model';

type Located = Pick<UblInvoice, 'kind' | 'id'>;

/** `xml/<kind>/<company>/<prefix+number>.xml`: relative to the data folder, xmlDir's parent. */
export function xmlPathOf(xmlDir: string, companyId: number, model: Located): string {
  return [basename(xmlDir), model.kind.toLowerCase(), String(companyId), `${model.id}.xml`].join('/');
}

/** Folders this thread has made (or found) already: one mkdir per folder, not per document. */
const made = new Set<string>();

export interface WrittenDocument {
  xmlPath: string;
  /** the signed XML, as written to the file */
  xml: string;
  /** readXml(xml), without reading the whole text again (signedTree) */
  read(): XmlElement;
}

export function writeSignedXml(xmlDir: string, companyId: number, model: UblInvoice, sign: UblSigner): WrittenDocument {
  const relativePath = xmlPathOf(xmlDir, companyId, model);
  const path = join(dirname(xmlDir), ...relativePath.split('/'));
  const folder = dirname(path);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  const unsigned = writeUbl(model);
  const xml = sign(unsigned.xml, model.signingTime ?? `${model.issueDate}T${model.issueTime}`);
  try {
    writeFileSync(path, xml);
  } catch (error) {
    // the folder was removed meanwhile (a data folder cleared while running): made again, once
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, xml);
  }
  return { xmlPath: relativePath, xml, read: () => signedTree(unsigned.xml, unsigned.read, xml) };
}

const SIGNATURE_START = '<ds:Signature ';
const SIGNATURE_END = '</ds:Signature>';

/**
 * readXml(signed), where `signed` is the writer's `unsigned` text with one element inserted into the
 * signature slot, as the signer does (signer.ts): the writer's own tree with that element, read
 * alone, as the slot's content. Only the element is read (a tenth of the document). Anything else
 * (text changed outside the slot, or an insertion that is not one ds:Signature element) is read
 * whole, so the result is always what readXml gives; readXml's errors are thrown as it throws them.
 */
export function signedTree(unsigned: string, unsignedTree: () => XmlElement, signed: string): XmlElement {
  const at = unsigned.lastIndexOf(SIGNATURE_SLOT) + '<ext:ExtensionContent>'.length;
  const end = at + signed.length - unsigned.length;
  const inserted = signed.slice(at, end);
  if (
    at < '<ext:ExtensionContent>'.length ||
    !inserted.startsWith(SIGNATURE_START) ||
    !inserted.endsWith(SIGNATURE_END) ||
    !signed.startsWith(unsigned.slice(0, at)) ||
    !signed.endsWith(unsigned.slice(at))
  ) {
    return readXml(signed);
  }
  let signature: XmlElement;
  try {
    signature = readXml(inserted);
  } catch {
    // not one element on its own (say, two of them): read as a whole, as any other document
    return readXml(signed);
  }
  if (signature.outside) return readXml(signed);
  const root = unsignedTree();
  // the slot: the last UBL extension's ExtensionContent (ubl.ts, SIGNATURE_SLOT)
  const extensions = root.children[0]!;
  const slot = extensions.children[extensions.children.length - 1]!.children[0]!;
  slot.children = [signature];
  slot.content = [signature];
  return root;
}
