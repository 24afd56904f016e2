// Code lists the simulated tax authority checks transmitted XML against: ISO 4217 currencies,
// DIAN's own lists of units of measure, tax tariffs and operation types (code-lists/, with their
// source and version in code-lists/README.md), and DIVIPOLA (resources/divipola.json, the list the
// app's municipality picker shows).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tariffLists from './code-lists/tarifas-impuesto-2.1.json';
import operationTypes from './code-lists/tipo-operacion-fe-2.1.json';
import unitList from './code-lists/unidades-medida-2.1.json';

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

/** DIAN's `UnidadesMedida-2.1` (1,089 codes, code-lists/README.md): every `InvoicedQuantity/@unitCode`. */
export const UNITS_OF_MEASURE: ReadonlySet<string> = new Set(unitList.codes.map((row) => row[0]!));

/** DIAN's tariff lists (`TarifaImpuestoIVA-2.1`, `TarifaImpuestoINC-2.1`): the percents allowed per tax code. */
export const TAX_RATES: ReadonlyMap<string, readonly string[]> = new Map(tariffLists.lists.map((l) => [l.taxCode, l.rates]));

/** DIAN's `TipoOperacionF-2.1`: an invoice's CustomizationID (10 standard, 09 AIU, 11 mandates). */
export const FE_OPERATION_TYPES: ReadonlyMap<string, string> = new Map(
  operationTypes.codes.map((row) => [row[0]!, row[1]!] as const),
);

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
