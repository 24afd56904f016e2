// The simulated tax authority's rule engine: a documented subset of the DIAN's validation rules,
// checked against the transmitted (signed) XML itself, as the DIAN does, never against the JSON
// request. Each rule carries the DIAN rule code for FE and for DSE and where that code comes from
// (RULES below; the table in docs/SANDBOX.md and resources/openapi.json is generated from it).
// A document that breaks any rule is rejected with every rule it breaks, in the order below.
import { createHash } from 'node:crypto';
import { cudsInput, cufeInput, isValidNitDv, nitCheckDigit, type TipoAmbiente } from '#shared/fiscal/index';
import { dec, sum, ZERO, type Dec } from '#shared/money';
import { FE_OPERATION_TYPES, ISO_4217, loadDivipola, TAX_RATES, UNITS_OF_MEASURE } from './catalogs';
import { checkContingency, ticketDateOf, type ContingencyFacts } from './contingency-rules';
import { verifyXadesSignature } from './signature-check';
import { child, childrenNamed, elementAt, readXml, textAt, XmlReadError, type XmlElement } from './xml-tree';

export type DocumentKind = 'FE' | 'DSE';

export interface RuleViolation {
  /** DIAN rule code, e.g. DSAU04 */
  code: string;
  /** the DIAN-style message, in Spanish */
  message: string;
  /** the request field it points at (e.g. `proveedor.codigo_municipio`, `items[2].unidad_medida`), when one can be told */
  field: string | null;
}

export interface AuthorityInput {
  kind: DocumentKind;
  /** FE: the numbering's technical key; DSE: the software PIN (what the DIAN knows of the issuer's software) */
  key: string;
  /** the software PIN (software security code) */
  pin: string;
  /** Colombia's date when the document is received, YYYY-MM-DD */
  today: string;
  /** an FE issued in contingency may carry an earlier date */
  contingency?: boolean;
  /** what the server knows of a contingency FE apart from its XML (contingency-rules.ts) */
  contingencyFacts?: ContingencyFacts;
  /** how many lines come from the request's items (FE AIU lines follow them); only to point at fields */
  itemCount?: number;
}

/** Where a rule's DIAN code comes from (docs/SANDBOX.md, "Rules of the simulated tax authority"). */
export type CodeSource = 'validator' | 'annex' | 'public-table' | 'inferred' | 'sandbox';

export interface RuleInfo {
  id: string;
  fe: string;
  dse: string;
  source: CodeSource;
  checks: string;
}

/** The rules, in the order they are checked. */
export const RULES: readonly RuleInfo[] = [
  {
    id: 'xml',
    fe: 'ZB01',
    dse: 'ZB01',
    source: 'sandbox',
    checks: 'The transmitted file is well-formed XML with an Invoice root.',
  },
  {
    id: 'signature',
    fe: 'ZE02',
    dse: 'ZE02',
    source: 'validator',
    checks:
      'The XAdES-EPES signature verifies: the three references (document with enveloped-signature and C14N, KeyInfo, SignedProperties) and their digests, SignatureValue (RSA-SHA256) with the certificate in KeyInfo, SigningCertificate digest and serial of that certificate, the DIAN signature policy identifier and its policy-document hash, SigningTime with -05:00.',
  },
  {
    id: 'customization',
    fe: 'SBX-OP01',
    dse: 'SBX-OP01',
    source: 'sandbox',
    checks:
      "CustomizationID: an invoice's is in DIAN's TipoOperacionF-2.1 list (10 standard, 09 AIU, 11 mandates) and is 09 exactly when the invoice carries AIU; a DSE's is 10 with a resident supplier, 11 with a supplier abroad (Country not CO).",
  },
  {
    id: 'resolution-prefix',
    fe: 'FAB10b',
    dse: 'DSAB10b',
    source: 'validator',
    checks: 'cbc:ID starts with the authorised prefix (sts:Prefix).',
  },
  {
    id: 'resolution-range',
    fe: 'FAD05e',
    dse: 'DSAD05d',
    source: 'validator',
    checks:
      "The number after the prefix lies within the authorised range (sts:From..sts:To). A DSE outside it gets DSAD05d and DSAD05e together, as DIAN's validator answers.",
  },
  {
    id: 'resolution-start',
    fe: 'FAB07a',
    dse: 'DSAB07a',
    source: 'validator',
    checks: "IssueDate is not before the resolution's StartDate (FAB07a public-table; DSAB07a validator).",
  },
  {
    id: 'resolution-end',
    fe: 'SBX-RES01',
    dse: 'DSAB08a',
    source: 'validator',
    checks:
      "IssueDate is not after the resolution's EndDate (the resolution is in force). DSAB08a is the validator's; for an invoice no DIAN code was found, so the FE keeps SBX-RES01.",
  },
  {
    id: 'issue-date',
    fe: 'SBX-FEC01',
    dse: 'SBX-FEC01',
    source: 'sandbox',
    checks:
      'FE: IssueDate equals the reception date in Colombia (an earlier one only in contingency); DSE: IssueDate is not after it. IssueTime ends in -05:00.',
  },
  {
    id: 'software',
    fe: 'FAB27b',
    dse: 'DSAB27b',
    source: 'validator',
    checks: 'sts:SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID).',
  },
  {
    id: 'issuer-dv',
    fe: 'FAJ24',
    dse: 'DSAK24',
    source: 'validator',
    checks: "The issuer's NIT check digit (schemeID) is right: FE AccountingSupplierParty, DSE AccountingCustomerParty.",
  },
  {
    id: 'counterpart-dv',
    fe: 'FAK24',
    dse: 'DSAJ24b',
    source: 'validator',
    checks:
      "The counterpart's NIT check digit, when its schemeName is 31: FE AccountingCustomerParty (FAK24 inferred), DSE AccountingSupplierParty.",
  },
  {
    id: 'divipola',
    fe: 'SBX-DIR01',
    dse: 'SBX-DIR01',
    source: 'sandbox',
    checks:
      "A Colombian address (Country CO) carries a municipality code (cbc:ID) that exists in DIVIPOLA and a department code (CountrySubentityCode) that is the municipality's; not a placeholder.",
  },
  {
    id: 'currency',
    fe: 'FAD15a',
    dse: 'DSAD15a',
    source: 'annex',
    checks:
      'DocumentCurrencyCode is an ISO 4217 code, every currencyID equals it, and a document not in COP carries PaymentExchangeRate (source = document currency, target COP, positive CalculationRate) (FAD15a: FISCAL.md; DSAD15a inferred).',
  },
  {
    id: 'unit',
    fe: 'FAV05',
    dse: 'DSAV05',
    source: 'annex',
    checks:
      "Every InvoicedQuantity/@unitCode is in DIAN's UnidadesMedida-2.1 (1,089 codes, code-lists/) and the quantity is positive (FAV05: FISCAL.md; DSAV05 inferred).",
  },
  {
    id: 'tax-rate',
    fe: 'SBX-TAR01',
    dse: 'SBX-TAR01',
    source: 'sandbox',
    checks:
      "Every IVA (01) and INC (04) TaxSubtotal's Percent is in DIAN's tariff lists (TarifaImpuestoIVA-2.1: 0, 5, 16, 19; TarifaImpuestoINC-2.1: 2, 4, 8, 16).",
  },
  {
    id: 'item-code',
    fe: 'SBX-ITM01',
    dse: 'SBX-ITM01',
    source: 'sandbox',
    checks:
      'Every line carries cac:Item/cac:StandardItemIdentification/cbc:ID with a schemeID (001 UNSPSC, 010 GTIN, 020 tariff heading, 999 own code); a UNSPSC code is 8 digits, not a placeholder (00000000, 99999999), with schemeAgencyID 10; a DSE line carries UNSPSC.',
  },
  {
    id: 'supplier-not-obliged',
    fe: 'SBX-PRV01',
    dse: 'SBX-PRV01',
    source: 'sandbox',
    checks:
      'DSE only: the supplier is not responsible for IVA (TaxScheme not 01 or ZA, TaxLevelCode not O-48): one who is must issue an invoice, not receive a support document.',
  },
  {
    id: 'line-amount',
    fe: 'FAV07',
    dse: 'DSAV07',
    source: 'annex',
    checks:
      'Each line: LineExtensionAmount = InvoicedQuantity x PriceAmount / BaseQuantity (BaseQuantity 1 when absent), within 1.00 (FAV07/DSAV07: FISCAL.md).',
  },
  {
    id: 'line-extension',
    fe: 'FAU02',
    dse: 'DSAU02',
    source: 'inferred',
    checks: "LegalMonetaryTotal/LineExtensionAmount = sum of the lines' LineExtensionAmount.",
  },
  {
    id: 'tax-exclusive',
    fe: 'FAU04',
    dse: 'DSAU04',
    source: 'public-table',
    checks: "TaxExclusiveAmount = sum of the lines' TaxSubtotal/TaxableAmount (DSAU04 public; FAU04 inferred).",
  },
  {
    id: 'tax-product',
    fe: 'FAS07',
    dse: 'DSAS07',
    source: 'inferred',
    checks:
      "Every TaxSubtotal (taxes and withholdings): TaxAmount = TaxableAmount x Percent / 100 (within 1.00); a TaxTotal's TaxAmount = the sum of its subtotals.",
  },
  {
    id: 'tax-groups',
    fe: 'FAS01b',
    dse: 'DSAS01b',
    source: 'inferred',
    checks:
      "One header TaxTotal per tax, each (tax, percent) subtotal equal to the sum of the lines' subtotals of that tax and percent, and no header tax that no line carries (CAS01b of the credit note, public; FE/DSE codes inferred).",
  },
  {
    id: 'tax-inclusive',
    fe: 'FAU06',
    dse: 'DSAU06',
    source: 'inferred',
    checks: 'TaxInclusiveAmount = LineExtensionAmount + the header TaxTotal amounts.',
  },
  {
    id: 'payable',
    fe: 'FAU14',
    dse: 'DSAU14',
    source: 'public-table',
    checks:
      'PayableAmount = TaxInclusiveAmount (no charges, discounts or prepayments are written; FAU14 public, DSAU14 inferred).',
  },
  {
    id: 'uuid',
    fe: 'FAD06',
    dse: 'DSAD06',
    source: 'validator',
    checks:
      "cbc:UUID equals the CUFE / CUDS recomputed from the XML's own values, the technical key (FE) or the software PIN (DSE).",
  },
];

const CODE = Object.fromEntries(RULES.map((r) => [r.id, r])) as Record<string, RuleInfo>;

/** SHA-384 hex with node:crypto (the shared fiscal code uses a pure-JS hash, as it also runs in the renderer). */
const sha384 = (text: string): string => createHash('sha384').update(text, 'utf8').digest('hex');

const MONEY = /^-?\d+(\.\d+)?$/;
/**
 * A document repeats few amount texts (a line's base is read again by the header's and the tax
 * groups' checks, rates and zero amounts recur), so the decimals parsed are kept by text for the
 * process: a Dec is immutable, and the cache is cleared when it grows past a bound.
 */
const parsedMoney = new Map<string, Dec | null>();
const PARSED_MONEY_MAX = 4096;
function money(s: string): Dec | null {
  let value = parsedMoney.get(s);
  if (value === undefined) {
    const trimmed = s.trim();
    value = MONEY.test(trimmed) ? dec(trimmed) : null;
    if (parsedMoney.size >= PARSED_MONEY_MAX) parsedMoney.clear();
    parsedMoney.set(s, value);
  }
  return value;
}
/** DIAN's rounding tolerance of a product (quantity x price, base x rate) */
const ONE_PESO = dec('1.00');
const near = (a: Dec, b: Dec): boolean => a.minus(b).abs().lte(ONE_PESO);

/**
 * `signatureProven`: the XML is what this process's own signer wrote a moment ago, and that signer's
 * output has passed ZE02 already (xml/signing.ts, `signAndCheck`): the signature is not verified
 * again. Any other XML, and every caller that does not say so, gets the full verification.
 */
export interface CheckOptions {
  signatureProven?: boolean;
}

/**
 * Every rule the XML breaks (none: the tax authority accepts it). Never throws: a document it cannot
 * read is a ZB01 violation.
 */
export function checkTransmittedXml(xml: string, input: AuthorityInput, options: CheckOptions = {}): RuleViolation[] {
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (error) {
    const reason = error instanceof XmlReadError ? error.message : 'no se pudo leer';
    return [{ code: 'ZB01', message: `El archivo no es un XML bien formado (${reason}).`, field: null }];
  }
  return checkReadXml(root, input, options);
}

/**
 * checkTransmittedXml on the document already read (readXml's tree, or one equal to it: the signing
 * thread's own document, xml/write.ts's signedTree).
 */
export function checkReadXml(root: XmlElement, input: AuthorityInput, options: CheckOptions = {}): RuleViolation[] {
  if (root.name !== 'Invoice') return [{ code: 'ZB01', message: 'El elemento raíz debe ser Invoice.', field: null }];
  try {
    return new RuleRun(root, input).run(options.signatureProven === true);
  } catch (error) {
    // A document so malformed that a rule cannot even read it is rejected, never a 500.
    return [
      {
        code: 'ZB01',
        message: `El documento no se pudo validar (${error instanceof Error ? error.message : 'estructura inesperada'}).`,
        field: null,
      },
    ];
  }
}

class RuleRun {
  private readonly out: RuleViolation[] = [];
  private readonly kind: DocumentKind;
  private readonly lines: XmlElement[];
  private readonly currency: string;

  constructor(
    private readonly root: XmlElement,
    private readonly input: AuthorityInput,
  ) {
    this.kind = input.kind;
    this.lines = childrenNamed(root, 'cac:InvoiceLine');
    this.currency = textAt(root, 'cbc:DocumentCurrencyCode');
  }

  private fail(rule: string, message: string, field: string | null = null): void {
    const info = CODE[rule]!;
    this.out.push({ code: this.kind === 'FE' ? info.fe : info.dse, message, field });
  }

  /** The request field behind line i (FE lines past the items are the AIU lines). */
  private lineField(i: number, name: string): string {
    if (i >= (this.input.itemCount ?? this.lines.length)) return 'aiu';
    const fe: Record<string, string> = { cantidad: 'cant', precio_unitario: 'unit' };
    return `items[${i}].${this.kind === 'FE' ? (fe[name] ?? name) : name}`;
  }

  /** The party's request prefix: `proveedor` (DSE supplier) or `receptor` (FE customer); null for the company. */
  private partyField(which: 'supplier' | 'customer'): string | null {
    if (this.kind === 'DSE') return which === 'supplier' ? 'proveedor' : null;
    return which === 'customer' ? 'receptor' : null;
  }

  run(signatureProven: boolean): RuleViolation[] {
    if (!signatureProven) this.signature();
    this.customization();
    this.resolution();
    this.dates();
    this.software();
    this.checkDigits();
    this.addresses();
    this.currencies();
    this.units();
    this.taxRates();
    this.itemCodes();
    this.supplierNotObliged();
    this.totals();
    this.uuid();
    if (this.kind === 'FE') this.contingency();
    return this.out;
  }

  /** FAD09e for every FE, and the contingency rules of types 03 and 04 (contingency-rules.ts). */
  private contingency(): void {
    const signingTime = textAt(this.signedProperties(), 'xades:SigningTime');
    checkContingency(this.root, signingTime, this.input.contingencyFacts, (code, message, field = null) =>
      this.out.push({ code, message, field }),
    );
  }

  private signedProperties(): XmlElement | undefined {
    const extensions = childrenNamed(child(this.root, 'ext:UBLExtensions'), 'ext:UBLExtension');
    const signature = extensions.map((e) => child(child(e, 'ext:ExtensionContent'), 'ds:Signature')).find((s) => s);
    return elementAt(
      signature,
      'ds:Object',
      'xades:QualifyingProperties',
      'xades:SignedProperties',
      'xades:SignedSignatureProperties',
    );
  }

  /** ZE02: the signature verified for real, references, value and XAdES-EPES properties (signature-check.ts). */
  private signature(): void {
    for (const problem of verifyXadesSignature(this.root)) this.fail('signature', problem);
  }

  private customization(): void {
    const id = textAt(this.root, 'cbc:CustomizationID');
    if (this.kind === 'FE') {
      if (!FE_OPERATION_TYPES.has(id)) {
        this.fail('customization', `El tipo de operación ${id || '(vacío)'} no está en la lista de la DIAN (10, 09, 11).`);
      } else if ((id === '09') !== this.hasAiu()) {
        this.fail(
          'customization',
          id === '09'
            ? 'El tipo de operación 09 (AIU) exige líneas de AIU; la factura no las lleva.'
            : `La factura lleva AIU y su tipo de operación es ${id}; debe ser 09 (AIU).`,
          'aiu',
        );
      }
      return;
    }
    const country =
      textAt(
        this.root,
        'cac:AccountingSupplierParty',
        'cac:Party',
        'cac:PhysicalLocation',
        'cac:Address',
        'cac:Country',
        'cbc:IdentificationCode',
      ) || 'CO';
    const expected = country === 'CO' ? '10' : '11';
    if (id !== expected) {
      this.fail(
        'customization',
        `CustomizationID debe ser ${expected} (${expected === '10' ? 'proveedor residente' : 'proveedor no residente'}); el documento trae ${id || '(vacío)'}.`,
        'proveedor.pais',
      );
    }
  }

  /** Whether the invoice carries AIU: the writer's AIU lines have the own product code (schemeID 999) "AIU". */
  private hasAiu(): boolean {
    return this.lines.some((l) => {
      const id = elementAt(l, 'cac:Item', 'cac:StandardItemIdentification', 'cbc:ID');
      return id?.attrs.schemeID === '999' && id.text === 'AIU';
    });
  }

  private resolution(): void {
    const control = elementAt(this.root, 'ext:UBLExtensions');
    const dian = childrenNamed(control, 'ext:UBLExtension')
      .map((e) => child(child(e, 'ext:ExtensionContent'), 'sts:DianExtensions'))
      .find((d) => d);
    const invoiceControl = child(dian, 'sts:InvoiceControl');
    const id = textAt(this.root, 'cbc:ID');
    const prefix = textAt(invoiceControl, 'sts:AuthorizedInvoices', 'sts:Prefix');
    if (!id.startsWith(prefix))
      this.fail('resolution-prefix', `El prefijo de ${id} debe corresponder al prefijo autorizado en la resolución (${prefix}).`);
    const number = Number(id.slice(prefix.length));
    const from = Number(textAt(invoiceControl, 'sts:AuthorizedInvoices', 'sts:From'));
    const to = Number(textAt(invoiceControl, 'sts:AuthorizedInvoices', 'sts:To'));
    if (!Number.isInteger(number) || number < from || number > to) {
      if (this.kind === 'FE') {
        this.fail(
          'resolution-range',
          `Número ${id} no existe para el número de autorización: el rango autorizado es ${from} a ${to}.`,
        );
      } else {
        // DIAN's validator answers both for a support document outside its range.
        this.fail(
          'resolution-range',
          `Número de documento soporte ${id} no está contenido en el rango de numeración autorizado (${from} a ${to}).`,
        );
        this.out.push({
          code: 'DSAD05e',
          message: `Número de documento soporte ${id} no existe para el número de autorización.`,
          field: null,
        });
      }
    }
    // A type 03 invoice is numbered by the contingency resolution on the day its ticket was printed.
    const issue = ticketDateOf(this.root) ?? textAt(this.root, 'cbc:IssueDate');
    const start = textAt(invoiceControl, 'sts:AuthorizationPeriod', 'cbc:StartDate');
    const end = textAt(invoiceControl, 'sts:AuthorizationPeriod', 'cbc:EndDate');
    if (start && issue < start)
      this.fail('resolution-start', `Fecha de emisión ${issue} anterior a la fecha de inicio de la resolución (${start}).`);
    if (end && issue > end)
      this.fail('resolution-end', `La resolución de numeración venció el ${end}; la fecha de emisión es ${issue}.`);
  }

  private dates(): void {
    const issue = textAt(this.root, 'cbc:IssueDate');
    const time = textAt(this.root, 'cbc:IssueTime');
    const field = this.kind === 'FE' ? 'fecha_emision' : 'fecha_documento';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issue))
      return this.fail('issue-date', `Fecha de emisión inválida: ${issue || '(vacía)'}.`, field);
    if (!/^\d{2}:\d{2}:\d{2}-05:00$/.test(time))
      this.fail('issue-date', `La hora de emisión debe llevar la zona de Colombia (-05:00); trae ${time || '(vacía)'}.`, 'hora');
    if (issue > this.input.today)
      this.fail('issue-date', `La fecha de emisión ${issue} es posterior a la fecha de recepción (${this.input.today}).`, field);
    else if (this.kind === 'FE' && issue < this.input.today && !this.input.contingency) {
      this.fail('issue-date', `La fecha de emisión ${issue} debe ser la fecha de envío (${this.input.today}).`, field);
    }
  }

  private software(): void {
    const dian = childrenNamed(child(this.root, 'ext:UBLExtensions'), 'ext:UBLExtension')
      .map((e) => child(child(e, 'ext:ExtensionContent'), 'sts:DianExtensions'))
      .find((d) => d);
    const softwareId = textAt(dian, 'sts:SoftwareProvider', 'sts:SoftwareID');
    const code = textAt(dian, 'sts:SoftwareSecurityCode');
    if (code.toLowerCase() !== sha384(softwareId + this.input.pin + textAt(this.root, 'cbc:ID'))) {
      this.fail('software', 'Huella no corresponde a un software autorizado para este emisor (SoftwareSecurityCode).');
    }
  }

  private partyId(which: 'supplier' | 'customer'): XmlElement | undefined {
    const wrapper = which === 'supplier' ? 'cac:AccountingSupplierParty' : 'cac:AccountingCustomerParty';
    return elementAt(this.root, wrapper, 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
  }

  private checkDigits(): void {
    const issuer = this.kind === 'FE' ? 'supplier' : 'customer';
    const counterpart = this.kind === 'FE' ? 'customer' : 'supplier';
    for (const [which, rule] of [
      [issuer, 'issuer-dv'],
      [counterpart, 'counterpart-dv'],
    ] as const) {
      const id = this.partyId(which);
      if (!id || id.attrs.schemeName !== '31') continue;
      const nit = id.text;
      const dv = id.attrs.schemeID ?? '';
      const prefix = this.partyField(which);
      if (!/^\d{1,15}$/.test(nit)) {
        this.fail(
          rule,
          `El NIT ${nit} no es numérico.`,
          prefix ? `${prefix}.${this.kind === 'FE' ? 'numero_doc' : 'nit'}` : null,
        );
      } else if (!isValidNitDv(nit, dv)) {
        this.fail(
          rule,
          `El DV del NIT ${nit} no es correcto: es ${nitCheckDigit(nit)}, el documento trae ${dv || '(vacío)'}.`,
          prefix && this.kind === 'DSE' ? `${prefix}.dv` : prefix,
        );
      }
    }
  }

  private addresses(): void {
    const { municipalities, departments } = loadDivipola();
    for (const which of ['supplier', 'customer'] as const) {
      const wrapper = which === 'supplier' ? 'cac:AccountingSupplierParty' : 'cac:AccountingCustomerParty';
      const party = elementAt(this.root, wrapper, 'cac:Party');
      const prefix = this.partyField(which);
      const field = (name: string) => (prefix ? `${prefix}.${name}` : null);
      for (const address of [
        elementAt(party, 'cac:PhysicalLocation', 'cac:Address'),
        elementAt(party, 'cac:PartyTaxScheme', 'cac:RegistrationAddress'),
      ]) {
        if (!address || textAt(address, 'cac:Country', 'cbc:IdentificationCode') !== 'CO') continue;
        const city = textAt(address, 'cbc:ID');
        const department = textAt(address, 'cbc:CountrySubentityCode');
        const who =
          which === 'supplier'
            ? this.kind === 'FE'
              ? 'del emisor'
              : 'del proveedor'
            : this.kind === 'FE'
              ? 'del adquirente'
              : 'del emisor';
        const isIssuer = (which === 'supplier') === (this.kind === 'FE');
        if (!city) {
          // The issuer's address is always required; a counterpart's only when it gives a department.
          if (isIssuer || department) {
            this.fail(
              'divipola',
              `La dirección ${who} en Colombia no lleva el código DIVIPOLA del municipio.`,
              field('codigo_municipio'),
            );
          }
          break;
        }
        const municipality = municipalities.get(city);
        if (!municipality) {
          this.fail('divipola', `El código de municipio ${city} ${who} no existe en DIVIPOLA.`, field('codigo_municipio'));
          break;
        }
        if (department !== municipality.departmentCode) {
          const name = departments.get(municipality.departmentCode) ?? municipality.departmentCode;
          this.fail(
            'divipola',
            `El municipio ${city} (${municipality.name}) ${who} pertenece a ${name} (${municipality.departmentCode}), no al departamento ${department || '(vacío)'}.`,
            field('codigo_departamento'),
          );
          break;
        }
        const line = textAt(address, 'cac:AddressLine', 'cbc:Line').trim();
        if (!line || /^(sin direcci[oó]n|n\/?a|no aplica|x+|\.+|-+|0+)$/i.test(line)) {
          this.fail(
            'divipola',
            `La dirección ${who} es un marcador (${line || 'vacía'}), no una dirección real.`,
            field('direccion'),
          );
          break;
        }
      }
    }
  }

  private currencies(): void {
    const field = this.kind === 'FE' ? 'currency.commercial_currency' : 'moneda';
    if (!ISO_4217.has(this.currency))
      return this.fail('currency', `La moneda ${this.currency || '(vacía)'} no es un código ISO 4217.`, field);
    const stack: XmlElement[] = [this.root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      const id = el.attrs.currencyID;
      if (id !== undefined && id !== this.currency)
        return this.fail('currency', `${el.name} está en ${id}, distinta de la moneda del documento (${this.currency}).`, field);
      for (const c of el.children) stack.push(c);
    }
    if (this.currency === 'COP') return;
    const rate = child(this.root, 'cac:PaymentExchangeRate');
    const calc = money(textAt(rate, 'cbc:CalculationRate'));
    if (
      !rate ||
      textAt(rate, 'cbc:SourceCurrencyCode') !== this.currency ||
      textAt(rate, 'cbc:TargetCurrencyCode') !== 'COP' ||
      !calc ||
      calc.lte(0)
    ) {
      this.fail(
        'currency',
        `Un documento en ${this.currency} debe informar la tasa de cambio a COP (cac:PaymentExchangeRate).`,
        this.kind === 'FE' ? 'currency.applied_rate' : 'tasa_cambio',
      );
    }
  }

  private units(): void {
    this.lines.forEach((line, i) => {
      const quantity = child(line, 'cbc:InvoicedQuantity');
      const unit = quantity?.attrs.unitCode ?? '';
      if (!UNITS_OF_MEASURE.has(unit))
        this.fail(
          'unit',
          `Línea ${i + 1}: la unidad de medida ${unit || '(vacía)'} no está en la lista de unidades.`,
          // The FE item has no unit of measure: the server writes 94 (unit), so no request field is to blame.
          this.kind === 'FE' ? null : this.lineField(i, 'unidad_medida'),
        );
      const q = money(quantity?.text ?? '');
      if (!q || q.lte(0))
        this.fail('unit', `Línea ${i + 1}: la cantidad debe ser mayor que cero.`, this.lineField(i, 'cantidad'));
    });
  }

  /** Line subtotals only: the header's are the lines' sums (tax-groups), so a wrong rate shows on its line. */
  private taxRates(): void {
    this.lines.forEach((line, i) => {
      for (const s of childrenNamed(line, 'cac:TaxTotal').flatMap((t) => childrenNamed(t, 'cac:TaxSubtotal'))) {
        const code = textAt(s, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:ID');
        const allowed = TAX_RATES.get(code);
        const percent = money(textAt(s, 'cac:TaxCategory', 'cbc:Percent'));
        if (!allowed || (percent && allowed.some((r) => percent.eq(r)))) continue;
        this.fail(
          'tax-rate',
          `Línea ${i + 1}: la tarifa de ${code === '01' ? 'IVA' : 'INC'} ${textAt(s, 'cac:TaxCategory', 'cbc:Percent') || '(vacía)'} % no está en la lista de tarifas de la DIAN (${allowed.map((r) => dec(r).toFixed()).join(', ')} %).`,
          this.lineField(i, this.kind === 'FE' ? 'iva' : 'porcentaje_iva'),
        );
      }
    });
  }

  private itemCodes(): void {
    this.lines.forEach((line, i) => {
      const id = elementAt(line, 'cac:Item', 'cac:StandardItemIdentification', 'cbc:ID');
      const field = this.kind === 'DSE' ? this.lineField(i, 'codigo') : null;
      const scheme = id?.attrs.schemeID ?? '';
      if (!id || !id.text.trim() || !['001', '010', '020', '999'].includes(scheme)) {
        return this.fail(
          'item-code',
          `Línea ${i + 1}: falta el código estándar del producto (StandardItemIdentification con su esquema).`,
          field,
        );
      }
      if (this.kind === 'DSE' && scheme !== '001')
        return this.fail(
          'item-code',
          `Línea ${i + 1}: el documento soporte identifica el bien o servicio con su código UNSPSC.`,
          field,
        );
      if (scheme !== '001') return;
      // No UNSPSC segment starts below 10, and 99999999 is a placeholder, not a product.
      if (!/^[1-9]\d{7}$/.test(id.text) || id.text === '99999999')
        this.fail('item-code', `Línea ${i + 1}: ${id.text} no es un código UNSPSC válido.`, field);
      else if (id.attrs.schemeAgencyID !== '10')
        this.fail('item-code', `Línea ${i + 1}: el código UNSPSC debe declarar la agencia 10 (schemeAgencyID).`, field);
    });
  }

  private supplierNotObliged(): void {
    if (this.kind !== 'DSE') return;
    const scheme = elementAt(this.root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme');
    const taxScheme = textAt(scheme, 'cac:TaxScheme', 'cbc:ID');
    const levels = textAt(scheme, 'cbc:TaxLevelCode').split(';');
    if (taxScheme === '01' || taxScheme === 'ZA') {
      this.fail(
        'supplier-not-obliged',
        `El proveedor es responsable de IVA (esquema tributario ${taxScheme}): debe expedir factura; el documento soporte es para quien no está obligado a facturar.`,
        'proveedor.dian_tax_scheme_code',
      );
    } else if (levels.includes('O-48') || levels.includes('48')) {
      this.fail(
        'supplier-not-obliged',
        'El proveedor es responsable de IVA (régimen O-48): debe expedir factura; el documento soporte es para quien no está obligado a facturar.',
        'proveedor.regimen',
      );
    }
  }

  private amount(el: XmlElement | undefined, ...path: string[]): Dec {
    return money(textAt(el, ...path)) ?? ZERO;
  }

  private totals(): void {
    const totals = child(this.root, 'cac:LegalMonetaryTotal');
    const lineExtension = this.amount(totals, 'cbc:LineExtensionAmount');
    const lineSum = sum(this.lines.map((l) => this.amount(l, 'cbc:LineExtensionAmount')));
    this.lines.forEach((line, i) => {
      const baseQuantity = this.amount(line, 'cac:Price', 'cbc:BaseQuantity');
      const expected = this.amount(line, 'cbc:InvoicedQuantity')
        .times(this.amount(line, 'cac:Price', 'cbc:PriceAmount'))
        .dividedBy(baseQuantity.isZero() ? 1 : baseQuantity);
      if (!near(expected, this.amount(line, 'cbc:LineExtensionAmount'))) {
        this.fail(
          'line-amount',
          `Línea ${i + 1}: el valor ${textAt(line, 'cbc:LineExtensionAmount')} no es la cantidad por el precio (${expected.toFixed(2)}).`,
          this.lineField(i, 'cantidad'),
        );
      }
    });
    if (!lineExtension.eq(lineSum)) {
      this.fail(
        'line-extension',
        `El valor bruto (LineExtensionAmount ${lineExtension.toFixed(2)}) es distinto de la suma de las líneas (${lineSum.toFixed(2)}).`,
      );
    }
    const lineSubtotals = this.lines.flatMap((l) =>
      childrenNamed(l, 'cac:TaxTotal').flatMap((t) => childrenNamed(t, 'cac:TaxSubtotal')),
    );
    const taxable = sum(lineSubtotals.map((s) => this.amount(s, 'cbc:TaxableAmount')));
    const taxExclusive = this.amount(totals, 'cbc:TaxExclusiveAmount');
    if (!taxExclusive.eq(taxable)) {
      this.fail(
        'tax-exclusive',
        `La base imponible (TaxExclusiveAmount ${taxExclusive.toFixed(2)}) es distinta de la suma de las bases imponibles de las líneas (${taxable.toFixed(2)}).`,
      );
    }
    const headerTaxes = childrenNamed(this.root, 'cac:TaxTotal');
    const withholdings = childrenNamed(this.root, 'cac:WithholdingTaxTotal');
    for (const total of [...headerTaxes, ...withholdings, ...this.lines.flatMap((l) => childrenNamed(l, 'cac:TaxTotal'))]) {
      const subtotals = childrenNamed(total, 'cac:TaxSubtotal');
      for (const s of subtotals) {
        const percent = money(textAt(s, 'cac:TaxCategory', 'cbc:Percent'));
        const expected = percent ? this.amount(s, 'cbc:TaxableAmount').times(percent).dividedBy(100) : null;
        if (!expected || !near(expected, this.amount(s, 'cbc:TaxAmount'))) {
          const name = textAt(s, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:Name');
          this.fail(
            'tax-product',
            `El valor del tributo ${name} (${textAt(s, 'cbc:TaxAmount')}) no corresponde al producto del porcentaje (${textAt(s, 'cac:TaxCategory', 'cbc:Percent')}) aplicado sobre la base imponible (${textAt(s, 'cbc:TaxableAmount')}).`,
            total.name === 'cac:WithholdingTaxTotal' ? 'retenciones' : null,
          );
        }
      }
      const subSum = sum(subtotals.map((s) => this.amount(s, 'cbc:TaxAmount')));
      if (!this.amount(total, 'cbc:TaxAmount').eq(subSum))
        this.fail(
          'tax-product',
          `El total del tributo (${textAt(total, 'cbc:TaxAmount')}) es distinto de la suma de sus subtotales (${subSum.toFixed(2)}).`,
        );
    }
    this.taxGroups(headerTaxes, lineSubtotals);
    const taxSum = sum(headerTaxes.map((t) => this.amount(t, 'cbc:TaxAmount')));
    const inclusive = this.amount(totals, 'cbc:TaxInclusiveAmount');
    if (!inclusive.eq(lineExtension.plus(taxSum))) {
      this.fail(
        'tax-inclusive',
        `TaxInclusiveAmount (${inclusive.toFixed(2)}) es distinto del valor bruto más tributos (${lineExtension.plus(taxSum).toFixed(2)}).`,
      );
    }
    const payable = this.amount(totals, 'cbc:PayableAmount');
    if (!payable.eq(inclusive))
      this.fail(
        'payable',
        `El valor a pagar (${payable.toFixed(2)}) es distinto del valor bruto más tributos (${inclusive.toFixed(2)}).`,
      );
  }

  private taxGroups(headerTaxes: XmlElement[], lineSubtotals: XmlElement[]): void {
    const key = (s: XmlElement) =>
      `${textAt(s, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:ID')}|${money(textAt(s, 'cac:TaxCategory', 'cbc:Percent'))?.toFixed(2) ?? ''}`;
    const fromLines = new Map<string, { base: Dec; amount: Dec }>();
    for (const s of lineSubtotals) {
      const k = key(s);
      const g = fromLines.get(k) ?? { base: ZERO, amount: ZERO };
      fromLines.set(k, {
        base: g.base.plus(this.amount(s, 'cbc:TaxableAmount')),
        amount: g.amount.plus(this.amount(s, 'cbc:TaxAmount')),
      });
    }
    const seenCodes = new Set<string>();
    const header = new Map<string, { base: Dec; amount: Dec }>();
    for (const total of headerTaxes) {
      const subtotals = childrenNamed(total, 'cac:TaxSubtotal');
      const code = textAt(subtotals[0], 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:ID');
      if (seenCodes.has(code)) this.fail('tax-groups', `Hay más de un grupo de totales (TaxTotal) para el tributo ${code}.`);
      seenCodes.add(code);
      for (const s of subtotals) {
        const k = key(s);
        const g = header.get(k) ?? { base: ZERO, amount: ZERO };
        header.set(k, {
          base: g.base.plus(this.amount(s, 'cbc:TaxableAmount')),
          amount: g.amount.plus(this.amount(s, 'cbc:TaxAmount')),
        });
      }
    }
    for (const [k, g] of header) {
      const [code, percent] = k.split('|');
      const lines = fromLines.get(k);
      if (!lines)
        this.fail('tax-groups', `El tributo ${code} al ${percent}% se totaliza en el encabezado sin que ninguna línea lo lleve.`);
      else if (!lines.base.eq(g.base) || !lines.amount.eq(g.amount)) {
        this.fail(
          'tax-groups',
          `El tributo ${code} al ${percent}% totaliza base ${g.base.toFixed(2)} e impuesto ${g.amount.toFixed(2)}, pero las líneas suman base ${lines.base.toFixed(2)} e impuesto ${lines.amount.toFixed(2)}.`,
        );
      }
    }
    for (const k of fromLines.keys()) {
      if (!header.has(k)) {
        const [code, percent] = k.split('|');
        this.fail('tax-groups', `Las líneas llevan el tributo ${code} al ${percent}% y el encabezado no lo totaliza.`);
      }
    }
  }

  private uuid(): void {
    const totals = child(this.root, 'cac:LegalMonetaryTotal');
    const taxOf = (code: string) =>
      sum(
        childrenNamed(this.root, 'cac:TaxTotal')
          .filter((t) => textAt(child(t, 'cac:TaxSubtotal'), 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:ID') === code)
          .map((t) => this.amount(t, 'cbc:TaxAmount')),
      );
    const ambiente = textAt(this.root, 'cbc:ProfileExecutionID') as TipoAmbiente;
    const supplierId = this.partyId('supplier')?.text ?? '';
    const customerId = this.partyId('customer')?.text ?? '';
    const common = {
      id: textAt(this.root, 'cbc:ID'),
      date: textAt(this.root, 'cbc:IssueDate'),
      time: textAt(this.root, 'cbc:IssueTime'),
    };
    const expected = sha384(
      this.kind === 'FE'
        ? cufeInput({
            numFac: common.id,
            fecFac: common.date,
            horFac: common.time,
            valFac: this.amount(totals, 'cbc:LineExtensionAmount'),
            valImpIva: taxOf('01'),
            valImpInc: taxOf('04'),
            valImpIca: taxOf('03'),
            valTot: this.amount(totals, 'cbc:PayableAmount'),
            nitOfe: supplierId,
            numAdq: customerId,
            claveTecnica: this.input.key,
            tipoAmbiente: ambiente,
          })
        : cudsInput({
            numDs: common.id,
            fecDs: common.date,
            horDs: common.time,
            valDs: this.amount(totals, 'cbc:LineExtensionAmount'),
            valImp: taxOf('01'),
            valTol: this.amount(totals, 'cbc:PayableAmount'),
            numSno: supplierId,
            nitAbs: customerId,
            softwarePin: this.input.key,
            tipoAmbiente: ambiente,
          }),
    );
    if (textAt(this.root, 'cbc:UUID').toLowerCase() !== expected) {
      this.fail('uuid', `Valor del ${this.kind === 'FE' ? 'CUFE' : 'CUDS'} no está calculado correctamente.`);
    }
  }
}

/** The rejection as the DIAN words it: `Regla: CODE, Rechazo: message`, one per rule, joined by `; `. */
export function rejectionText(violations: readonly RuleViolation[]): string {
  return violations.map((v) => `Regla: ${v.code}, Rechazo: ${v.message}`).join('; ');
}

/**
 * The `dian` object of a rejected answer. Sandbox addition to the contract's four fields: `errores`,
 * one `{regla, mensaje, campo}` per violated rule (`campo`: the request field, or null).
 */
export function dianRejection(statusMessage: string, violations: readonly RuleViolation[]): Record<string, unknown> {
  return {
    is_valid: false,
    status_code: '99',
    status_description: 'Validación contiene errores en campos mandatorios.',
    status_message: statusMessage,
    errores: violations.map((v) => ({ regla: v.code, mensaje: v.message, campo: v.field })),
  };
}
