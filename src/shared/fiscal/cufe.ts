// CUFE of a sales invoice and CUDS of a support document (FISCAL.md, "CUFE" and "CUDS").
// Amounts enter truncated to two decimals, never rounded: rounding is the classic hash mismatch.
import { toTruncatedString, type DecimalInput } from '../money';
import { sha384Hex } from './sha384';

export type TipoAmbiente = '1' | '2';

export interface CufeFields {
  /** prefix + number exactly as in cbc:ID */
  numFac: string;
  /** YYYY-MM-DD */
  fecFac: string;
  /** HH:MM:SS-05:00 exactly as in cbc:IssueTime */
  horFac: string;
  valFac: DecimalInput;
  valImpIva: DecimalInput;
  valImpInc: DecimalInput;
  valImpIca: DecimalInput;
  valTot: DecimalInput;
  /** issuer NIT without check digit */
  nitOfe: string;
  numAdq: string;
  claveTecnica: string;
  tipoAmbiente: TipoAmbiente;
}

export function cufeInput(f: CufeFields): string {
  const t = toTruncatedString;
  return (
    f.numFac +
    f.fecFac +
    f.horFac +
    t(f.valFac) +
    '01' +
    t(f.valImpIva) +
    '04' +
    t(f.valImpInc) +
    '03' +
    t(f.valImpIca) +
    t(f.valTot) +
    f.nitOfe +
    f.numAdq +
    f.claveTecnica +
    f.tipoAmbiente
  );
}

export function computeCufe(fields: CufeFields): string {
  return sha384Hex(cufeInput(fields));
}

export interface CudsFields {
  numDs: string;
  fecDs: string;
  horDs: string;
  valDs: DecimalInput;
  /** IVA only enters the CUDS */
  valImp: DecimalInput;
  valTol: DecimalInput;
  /** supplier's document number (the party not obliged to invoice) */
  numSno: string;
  /** buying company's NIT, the issuer of the support document, without check digit */
  nitAbs: string;
  softwarePin: string;
  tipoAmbiente: TipoAmbiente;
}

export function cudsInput(f: CudsFields): string {
  const t = toTruncatedString;
  return (
    f.numDs +
    f.fecDs +
    f.horDs +
    t(f.valDs) +
    '01' +
    t(f.valImp) +
    t(f.valTol) +
    f.numSno +
    f.nitAbs +
    f.softwarePin +
    f.tipoAmbiente
  );
}

export function computeCuds(fields: CudsFields): string {
  return sha384Hex(cudsInput(fields));
}

/** sts:SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID). */
export function softwareSecurityCode(softwareId: string, pin: string, documentId: string): string {
  return sha384Hex(softwareId + pin + documentId);
}
