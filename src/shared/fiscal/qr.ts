// Text of sts:QRCode and of the printed QR (FISCAL.md, "QR of the printed representation").
import type { TipoAmbiente } from './cufe';

export function dianLookupUrl(documentKey: string, ambiente: TipoAmbiente): string {
  const host = ambiente === '1' ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${documentKey}`;
}

export interface FeQrFields {
  numFac: string;
  fecFac: string;
  horFac: string;
  nitFac: string;
  docAdq: string;
  valFac: string;
  valIva: string;
  /** sum of the non-IVA taxes */
  valOtroIm: string;
  valTolFac: string;
  cufe: string;
  ambiente: TipoAmbiente;
}

export function feQrText(f: FeQrFields): string {
  return [
    `NumFac: ${f.numFac}`,
    `FecFac: ${f.fecFac}`,
    `HorFac: ${f.horFac}`,
    `NitFac: ${f.nitFac}`,
    `DocAdq: ${f.docAdq}`,
    `ValFac: ${f.valFac}`,
    `ValIva: ${f.valIva}`,
    `ValOtroIm: ${f.valOtroIm}`,
    `ValTolFac: ${f.valTolFac}`,
    `CUFE: ${f.cufe}`,
    dianLookupUrl(f.cufe, f.ambiente),
  ].join('\n');
}

export interface DseQrFields {
  numDs: string;
  fecDs: string;
  horDs: string;
  numSno: string;
  docAbs: string;
  valDs: string;
  valIva: string;
  valTolDs: string;
  cuds: string;
  ambiente: TipoAmbiente;
}

export function dseQrText(f: DseQrFields): string {
  return [
    `NumDS: ${f.numDs}`,
    `FecDS: ${f.fecDs}`,
    `HorDS: ${f.horDs}`,
    `NumSNO: ${f.numSno}`,
    `DocABS: ${f.docAbs}`,
    `ValDS: ${f.valDs}`,
    `ValIva: ${f.valIva}`,
    `ValTolDS: ${f.valTolDs}`,
    `CUDS: ${f.cuds}`,
    dianLookupUrl(f.cuds, f.ambiente),
  ].join('\n');
}
