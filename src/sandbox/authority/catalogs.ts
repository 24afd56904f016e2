// Code lists the simulated tax authority checks transmitted XML against: ISO 4217 currencies,
// units of measure (UN/ECE Recommendation 20, the subset Colombian invoices use), and DIVIPOLA
// (resources/divipola.json, the list the app's municipality picker shows).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ISO 4217 active alphabetic codes (the list as published by the ISO 4217 maintenance agency). */
export const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW ' +
    'CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF ' +
    'IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP ' +
    'MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG ' +
    'SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND ' +
    'VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA YER ZAR ZMW ZWG'
  ).split(' '),
);

/**
 * Units of measure accepted in `cbc:InvoicedQuantity/@unitCode`: the UN/ECE Recommendation 20 codes
 * of goods and services Colombian invoices use (the DIAN list is Rec 20 itself; this is the
 * documented subset the sandbox knows). `94` (unit) is the DIAN annex's usual one; `EA`/`NIU` are
 * the DSE default and its alias.
 */
export const UNITS_OF_MEASURE = new Set([
  '94',
  'EA',
  'NIU',
  'C62',
  'ZZ',
  'H87',
  'SET',
  'PR',
  'DZN',
  'BX',
  'PK',
  'CS',
  'BG',
  'BO',
  'CT',
  'RO',
  'KGM',
  'GRM',
  'MGM',
  'TNE',
  'LBR',
  'LTR',
  'MLT',
  'MTQ',
  'GLL',
  'GLI',
  'MTR',
  'CMT',
  'MMT',
  'KMT',
  'MTK',
  'CMK',
  'HAR',
  'SEC',
  'MIN',
  'HUR',
  'DAY',
  'WEE',
  'MON',
  'ANN',
  'KWH',
  'KWT',
  'E48',
  'ACT',
  'LS',
]);

export interface Municipality {
  code: string;
  name: string;
  departmentCode: string;
}

interface DivipolaFile {
  departamentos: { codigo: string; nombre: string; municipios: [string, string][] }[];
}

let divipola: { municipalities: Map<string, Municipality>; departments: Map<string, string> } | null = null;

/** resources/divipola.json, found by walking up from this module (source tree or a bundle). */
function divipolaPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'resources', 'divipola.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error('No se encontró resources/divipola.json');
}

export function loadDivipola(): { municipalities: Map<string, Municipality>; departments: Map<string, string> } {
  if (divipola) return divipola;
  const file = JSON.parse(readFileSync(divipolaPath(), 'utf8')) as DivipolaFile;
  const municipalities = new Map<string, Municipality>();
  const departments = new Map<string, string>();
  for (const d of file.departamentos) {
    departments.set(d.codigo, d.nombre);
    for (const [code, name] of d.municipios) municipalities.set(code, { code, name, departmentCode: d.codigo });
  }
  divipola = { municipalities, departments };
  return divipola;
}
