// The sandbox's CUFE, CUDS and software security code with node:crypto's SHA-384: the same inputs
// (src/shared/fiscal, whose pure-JS hash also runs in the renderer) and the same lowercase hex of
// the UTF-8 bytes, at a fraction of the CPU per document.
import { createHash } from 'node:crypto';
import { cudsInput, cufeInput, type CudsFields, type CufeFields } from '../shared/fiscal';

const sha384 = (text: string): string => createHash('sha384').update(text, 'utf8').digest('hex');

export const computeCufe = (fields: CufeFields): string => sha384(cufeInput(fields));

export const computeCuds = (fields: CudsFields): string => sha384(cudsInput(fields));

/** sts:SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID). */
export const softwareSecurityCode = (softwareId: string, pin: string, documentId: string): string =>
  sha384(softwareId + pin + documentId);
