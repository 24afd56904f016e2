// UBL 2.1 `Invoice` for both kinds (FISCAL.md, "UBL 2.1 essentials"), written directly in its
// canonical form (Canonical XML 1.0, the signature's C14N): the signer then hashes the document as
// it is instead of parsing and canonicalizing it again (signer.ts). The tree below is only the
// element structure; `canonicalXml` writes it by the C14N rules:
//   - no XML declaration in the canonical text (the file gets one in front, outside the digest);
//   - an empty element as a start and an end tag;
//   - namespace declarations only on the root (every element uses a prefix declared there), sorted
//     by prefix with the default namespace first, then the attributes, which are all unqualified,
//     sorted by name (code units);
//   - text escapes & < > and CR (&#xD;); attribute values escape & < " and TAB, LF, CR (&#x9; &#xA;
//     &#xD;), so that a parser reads back exactly the text written (no line-end or attribute-value
//     normalization applies to a character reference);
//   - U+0085 and U+2028 are written as character references (&#x85; &#x2028;): they are ordinary
//     characters in XML 1.0, but @xmldom/xmldom, the parser under xml-crypto, turns them into LF
//     as XML 1.1 would when they are literal; a reference reaches every parser as the character.
//     The canonical text has them literally, so the signer puts them back before hashing;
//   - a character XML 1.0 cannot carry at all (C0 controls but TAB, LF and CR; a lone surrogate;
//     U+FFFE, U+FFFF) becomes U+FFFD, so the document is always well-formed.
// test/unit/sandbox/ubl-signing.test.ts checks this against the xmlbuilder2 builder it replaced
// and against xml-crypto's canonicalization.
import { sum, toMoneyString } from '#shared/money';
import type { XmlContent, XmlElement } from '../authority/xml-tree';
import type { UblInvoice, UblParty, UblTax } from './ubl-model';

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;
type Prefix = Exclude<keyof typeof NS, 'inv'>;

/** The root's namespace declarations in canonical order (default first, then by prefix). */
const ROOT_NAMESPACE_ATTRS: Readonly<Record<string, string>> = {
  xmlns: NS.inv,
  'xmlns:cac': NS.cac,
  'xmlns:cbc': NS.cbc,
  'xmlns:ds': NS.ds,
  'xmlns:ext': NS.ext,
  'xmlns:sts': NS.sts,
  'xmlns:xades': NS.xades,
};
export const ROOT_NAMESPACES = Object.entries(ROOT_NAMESPACE_ATTRS)
  .map(([name, uri]) => ` ${name}="${uri}"`)
  .join('');

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';

/**
 * Where the signature goes: the content of the last UBL extension, which the builder leaves empty.
 * It is the only empty `ext:ExtensionContent`, right before the extensions end.
 */
export const SIGNATURE_SLOT = '<ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>';

class Node {
  readonly children: Node[] = [];
  /** the text as written (escaped) */
  text = '';
  /** the text as a reader reads it back: what was given, but for the characters XML cannot carry */
  plain = '';
  constructor(
    readonly name: string,
    /** the attributes as written */
    readonly attrs: string,
    readonly parent: Node | null,
    /** the attributes as given (their values before escaping) */
    readonly given: Readonly<Record<string, string>> | undefined,
  ) {}
  up(): Node {
    return this.parent ?? this;
  }
}

const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_SPECIAL = /[&<>\r\u0085\u2028]/g;
const ATTR_SPECIAL = /[&<"\t\n\r\u0085\u2028]/g;
const LINE_BREAKS = { '\u0085': '&#x85;', '\u2028': '&#x2028;' };
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;', ...LINE_BREAKS };
const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
  ...LINE_BREAKS,
};

/** The references above that C14N writes as the literal character (it escapes only CR of the line breaks). */
export const LITERAL_IN_C14N = /&#x(85|2028);/g;

/** Whether a text (or an attribute value) needs any of the replacements below: most do not. */
const TEXT_WORK =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>\r\u0085\u2028]/;
const ATTR_WORK =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<"\u0085\u2028]/;
const textEscape = (c: string): string => TEXT_ESCAPES[c]!;
const attrEscape = (c: string): string => ATTR_ESCAPES[c]!;

function xmlChars(value: string): string {
  return value.replace(NOT_XML_CHAR, '\uFFFD');
}

export function escapeText(value: string): string {
  if (!TEXT_WORK.test(value)) return value;
  return xmlChars(value).replace(TEXT_SPECIAL, textEscape);
}

export function escapeAttribute(value: string): string {
  if (!ATTR_WORK.test(value)) return value;
  return xmlChars(value).replace(ATTR_SPECIAL, attrEscape);
}

function attributes(attrs: Record<string, string> | undefined): string {
  if (!attrs) return '';
  let out = '';
  for (const name of Object.keys(attrs).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    out += ` ${name}="${escapeAttribute(attrs[name]!)}"`;
  return out;
}

function el(parent: Node, qname: `${Prefix}:${string}`, text?: string | null, attrs?: Record<string, string>): Node {
  const node = new Node(qname, attributes(attrs), parent, attrs);
  parent.children.push(node);
  if (text !== undefined && text !== null) {
    if (TEXT_WORK.test(text)) {
      node.plain = xmlChars(text);
      node.text = node.plain.replace(TEXT_SPECIAL, textEscape);
    } else node.plain = node.text = text;
  }
  return node;
}

function write(node: Node, out: string[]): void {
  out.push(`<${node.name}${node.attrs}>`, node.text);
  for (const child of node.children) write(child, out);
  out.push(`</${node.name}>`);
}

const PROFILE = {
  FE: { profile: 'DIAN 2.1: Factura Electrónica de Venta', customization: '10', typeCode: '01', scheme: 'CUFE-SHA384' },
  DSE: {
    profile: 'DIAN 2.1: documento soporte en adquisiciones efectuadas a no obligados a facturar.',
    customization: '10',
    typeCode: '05',
    scheme: 'CUDS-SHA384',
  },
} as const;

/**
 * cbc:DocumentTypeCode of the reference to the contingency ticket. The annex's own code for it was
 * not found in the sources at hand: a sandbox choice (docs/SANDBOX.md, "Contingency").
 */
export const CONTINGENCY_TICKET_TYPE = 'FTC';

/** The document's canonical XML (C14N 1.0) without an XML declaration, but for U+0085 and U+2028 (above). */
export function buildCanonicalUbl(doc: UblInvoice): string {
  return writeCanonical(ublTree(doc));
}

/** The document as a file: the XML declaration, then its canonical XML. */
export function buildUbl(doc: UblInvoice): string {
  return XML_DECLARATION + buildCanonicalUbl(doc);
}

export interface WrittenUbl {
  /** what buildUbl returns */
  xml: string;
  /** the element tree a reader (authority/xml-tree.ts, readXml) reads back from `xml`, made on demand from the writer's own */
  read(): XmlElement;
}

/** buildUbl, with the tree the tax authority's reader would read back from its text. */
export function writeUbl(doc: UblInvoice): WrittenUbl {
  const root = ublTree(doc);
  return { xml: XML_DECLARATION + writeCanonical(root), read: () => asRead(root) };
}

function writeCanonical(root: Node): string {
  const out: string[] = [];
  write(root, out);
  return out.join('');
}

const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_ELEMENTS = Object.freeze([]) as unknown as XmlElement[];

/**
 * The writer's node as readXml reads it: the values as given but for the characters XML cannot
 * carry (every escape the writer makes is a reference a reader turns back into the character, and
 * it writes no literal CR, nor a literal TAB or LF in an attribute, that a reader would normalize);
 * the text, when there is any, before the child elements, as write() puts it.
 */
function asRead(node: Node): XmlElement {
  let attrs = NO_ATTRS;
  if (node.parent === null) attrs = { ...ROOT_NAMESPACE_ATTRS };
  else if (node.given) {
    attrs = {};
    for (const [name, value] of Object.entries(node.given)) attrs[name] = ATTR_WORK.test(value) ? xmlChars(value) : value;
  }
  const children = node.children.length === 0 ? NO_ELEMENTS : node.children.map(asRead);
  const content: XmlContent[] = node.plain === '' ? children : [node.plain, ...children];
  return { name: node.name, attrs, text: node.plain, children, content };
}

function ublTree(doc: UblInvoice): Node {
  const p = PROFILE[doc.kind];
  const root = new Node('Invoice', ROOT_NAMESPACES, null, undefined);
  extensions(root, doc);
  el(root, 'cbc:UBLVersionID', 'UBL 2.1');
  // DSE: 10 resident supplier, 11 supplier abroad (DIAN DSE annex, type of operation).
  el(
    root,
    'cbc:CustomizationID',
    doc.operationType ?? (doc.kind === 'DSE' && doc.supplier.address.country !== 'CO' ? '11' : p.customization),
  );
  el(root, 'cbc:ProfileID', p.profile);
  el(root, 'cbc:ProfileExecutionID', doc.ambiente);
  el(root, 'cbc:ID', doc.id);
  el(root, 'cbc:UUID', doc.uuid, { schemeID: doc.ambiente, schemeName: p.scheme });
  el(root, 'cbc:IssueDate', doc.issueDate);
  el(root, 'cbc:IssueTime', doc.issueTime);
  if (doc.paymentMeans.dueDate) el(root, 'cbc:DueDate', doc.paymentMeans.dueDate);
  el(root, 'cbc:InvoiceTypeCode', doc.typeCode ?? p.typeCode);
  if (doc.note) el(root, 'cbc:Note', doc.note);
  el(root, 'cbc:DocumentCurrencyCode', doc.currency);
  el(root, 'cbc:LineCountNumeric', String(doc.lines.length));
  if (doc.period) {
    const period = el(root, 'cac:InvoicePeriod');
    el(period, 'cbc:StartDate', doc.period.start);
    el(period, 'cbc:EndDate', doc.period.end);
  }
  if (doc.contingencyTicket) {
    // UBL 2.1 order: AdditionalDocumentReference comes after InvoicePeriod, before the parties.
    const ref = el(root, 'cac:AdditionalDocumentReference');
    el(ref, 'cbc:ID', doc.contingencyTicket.id);
    el(ref, 'cbc:IssueDate', doc.contingencyTicket.issueDate);
    el(ref, 'cbc:IssueTime', doc.contingencyTicket.issueTime);
    el(ref, 'cbc:DocumentTypeCode', CONTINGENCY_TICKET_TYPE);
  }
  party(el(root, 'cac:AccountingSupplierParty'), doc.supplier);
  party(el(root, 'cac:AccountingCustomerParty'), doc.customer);
  const means = el(root, 'cac:PaymentMeans');
  el(means, 'cbc:ID', doc.paymentMeans.formId);
  el(means, 'cbc:PaymentMeansCode', doc.paymentMeans.code);
  if (doc.paymentMeans.dueDate) el(means, 'cbc:PaymentDueDate', doc.paymentMeans.dueDate);
  if (doc.exchangeRate) {
    const rate = el(root, 'cac:PaymentExchangeRate');
    el(rate, 'cbc:SourceCurrencyCode', doc.exchangeRate.source);
    el(rate, 'cbc:TargetCurrencyCode', doc.exchangeRate.target);
    el(rate, 'cbc:CalculationRate', doc.exchangeRate.rate);
    el(rate, 'cbc:Date', doc.exchangeRate.date);
  }
  for (const tax of groupByCode(doc.taxTotals)) taxTotal(root, 'cac:TaxTotal', tax, doc.currency);
  for (const tax of groupByCode(doc.withholdings)) taxTotal(root, 'cac:WithholdingTaxTotal', tax, doc.currency);
  const totals = el(root, 'cac:LegalMonetaryTotal');
  const cur = { currencyID: doc.currency };
  el(totals, 'cbc:LineExtensionAmount', doc.totals.lineExtension, cur);
  el(totals, 'cbc:TaxExclusiveAmount', doc.totals.taxExclusive, cur);
  el(totals, 'cbc:TaxInclusiveAmount', doc.totals.taxInclusive, cur);
  el(totals, 'cbc:PayableAmount', doc.totals.payable, cur);
  doc.lines.forEach((line, i) => {
    const node = el(root, 'cac:InvoiceLine');
    el(node, 'cbc:ID', String(i + 1));
    el(node, 'cbc:InvoicedQuantity', line.quantity, { unitCode: line.unitCode });
    el(node, 'cbc:LineExtensionAmount', line.lineExtension, cur);
    if (line.period) {
      const period = el(node, 'cac:InvoicePeriod');
      el(period, 'cbc:StartDate', line.period.start);
      el(period, 'cbc:EndDate', line.period.end);
      el(period, 'cbc:DescriptionCode', line.period.code);
      el(period, 'cbc:Description', line.period.description);
    }
    for (const tax of line.taxes) taxTotal(node, 'cac:TaxTotal', [tax], doc.currency);
    const item = el(node, 'cac:Item');
    el(item, 'cbc:Description', line.description);
    // DIAN's product code list: 001 UNSPSC (agency 10), 999 the issuer's own code.
    if (line.standardCode)
      el(el(item, 'cac:StandardItemIdentification'), 'cbc:ID', line.standardCode, {
        schemeAgencyID: '10',
        schemeID: '001',
        schemeName: 'UNSPSC',
      });
    else if (line.ownCode)
      el(el(item, 'cac:StandardItemIdentification'), 'cbc:ID', line.ownCode, {
        schemeID: '999',
        schemeName: 'Estándar de adopción del contribuyente',
      });
    const price = el(node, 'cac:Price');
    el(price, 'cbc:PriceAmount', line.price, cur);
    // PriceAmount is the price of one unit, so that quantity x price = the line amount (FAV07).
    el(price, 'cbc:BaseQuantity', '1.00', { unitCode: line.unitCode });
  });
  return root;
}

function extensions(root: Node, doc: UblInvoice): void {
  const exts = el(root, 'ext:UBLExtensions');
  const dian = el(el(el(exts, 'ext:UBLExtension'), 'ext:ExtensionContent'), 'sts:DianExtensions');
  const control = el(dian, 'sts:InvoiceControl');
  el(control, 'sts:InvoiceAuthorization', doc.control.resolution);
  const period = el(control, 'sts:AuthorizationPeriod');
  el(period, 'cbc:StartDate', doc.control.validFrom);
  el(period, 'cbc:EndDate', doc.control.validTo);
  const range = el(el(control, 'sts:AuthorizedInvoices'), 'sts:Prefix', doc.control.prefix).up();
  el(range, 'sts:From', String(doc.control.from));
  el(range, 'sts:To', String(doc.control.to));
  el(el(dian, 'sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', {
    listAgencyID: '6',
    listAgencyName: 'United Nations Economic Commission for Europe',
    listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
  });
  const provider = el(dian, 'sts:SoftwareProvider');
  el(provider, 'sts:ProviderID', doc.software.providerNit, {
    schemeAgencyID: '195',
    schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
    schemeID: doc.software.providerDv,
    schemeName: '31',
  });
  el(provider, 'sts:SoftwareID', doc.software.softwareId, {
    schemeAgencyID: '195',
    schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
  });
  el(dian, 'sts:SoftwareSecurityCode', doc.software.securityCode, {
    schemeAgencyID: '195',
    schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
  });
  el(el(dian, 'sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', '800197268', {
    schemeAgencyID: '195',
    schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
    schemeID: '4',
    schemeName: '31',
  });
  el(dian, 'sts:QRCode', doc.qr);
  // The second extension stays empty until the signer appends ds:Signature to it.
  el(el(exts, 'ext:UBLExtension'), 'ext:ExtensionContent');
}

function party(wrapper: Node, p: UblParty): void {
  el(wrapper, 'cbc:AdditionalAccountID', p.organizationType);
  const node = el(wrapper, 'cac:Party');
  el(el(node, 'cac:PartyName'), 'cbc:Name', p.name);
  const location = el(el(node, 'cac:PhysicalLocation'), 'cac:Address');
  address(location, p);
  const tax = el(node, 'cac:PartyTaxScheme');
  el(tax, 'cbc:RegistrationName', p.name);
  el(tax, 'cbc:CompanyID', p.id, {
    schemeAgencyID: '195',
    schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
    schemeName: p.tipoDoc,
    ...(p.dv ? { schemeID: p.dv } : {}),
  });
  el(tax, 'cbc:TaxLevelCode', p.regimen);
  address(el(tax, 'cac:RegistrationAddress'), p);
  const scheme = el(tax, 'cac:TaxScheme');
  el(scheme, 'cbc:ID', p.taxScheme.id);
  el(scheme, 'cbc:Name', p.taxScheme.name);
  const legal = el(node, 'cac:PartyLegalEntity');
  el(legal, 'cbc:RegistrationName', p.name);
  el(legal, 'cbc:CompanyID', p.id, { schemeAgencyID: '195', schemeName: p.tipoDoc, ...(p.dv ? { schemeID: p.dv } : {}) });
  if (p.email || p.phone) {
    const contact = el(node, 'cac:Contact');
    if (p.phone) el(contact, 'cbc:Telephone', p.phone);
    if (p.email) el(contact, 'cbc:ElectronicMail', p.email);
  }
}

function address(node: Node, p: UblParty): void {
  const a = p.address;
  if (a.cityCode) el(node, 'cbc:ID', a.cityCode);
  if (a.city) el(node, 'cbc:CityName', a.city);
  if (a.postalCode) el(node, 'cbc:PostalZone', a.postalCode);
  if (a.department) el(node, 'cbc:CountrySubentity', a.department);
  if (a.departmentCode) el(node, 'cbc:CountrySubentityCode', a.departmentCode);
  el(el(node, 'cac:AddressLine'), 'cbc:Line', a.line || 'Sin dirección');
  const country = el(node, 'cac:Country');
  el(country, 'cbc:IdentificationCode', a.country);
}

function groupByCode(taxes: readonly UblTax[]): UblTax[][] {
  const groups = new Map<string, UblTax[]>();
  for (const t of taxes) groups.set(t.code, [...(groups.get(t.code) ?? []), t]);
  return [...groups.values()];
}

function taxTotal(
  parent: Node,
  qname: 'cac:TaxTotal' | 'cac:WithholdingTaxTotal',
  subtotals: readonly UblTax[],
  currency: string,
): void {
  const cur = { currencyID: currency };
  const node = el(parent, qname);
  el(node, 'cbc:TaxAmount', toMoneyString(sum(subtotals.map((t) => t.amount))), cur);
  for (const t of subtotals) {
    const sub = el(node, 'cac:TaxSubtotal');
    el(sub, 'cbc:TaxableAmount', t.base, cur);
    el(sub, 'cbc:TaxAmount', t.amount, cur);
    const category = el(sub, 'cac:TaxCategory');
    el(category, 'cbc:Percent', t.rate);
    const scheme = el(category, 'cac:TaxScheme');
    el(scheme, 'cbc:ID', t.code);
    el(scheme, 'cbc:Name', t.name);
  }
}
