// The UBL builder the sandbox used before it wrote canonical XML itself (src/sandbox/xml/ubl.ts): kept
// as the reference that the direct writer produces the same document (test/unit/sandbox/ubl-signing.test.ts).
// UBL 2.1 `Invoice` for both kinds (FISCAL.md, "UBL 2.1 essentials"), built with xmlbuilder2.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { sum, toMoneyString } from '#shared/money';
import type { UblInvoice, UblParty, UblTax } from '#sandbox/xml/ubl-model';

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;
type Prefix = keyof typeof NS;

function el(parent: XMLBuilder, qname: `${Prefix}:${string}`, text?: string | null, attrs?: Record<string, string>): XMLBuilder {
  const prefix = qname.split(':')[0] as Prefix;
  const node = parent.ele(NS[prefix], qname, attrs);
  if (text !== undefined && text !== null) node.txt(text);
  return node;
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

export function buildUblWithXmlbuilder2(doc: UblInvoice): string {
  const p = PROFILE[doc.kind];
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(NS.inv, 'Invoice', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ext': NS.ext,
    'xmlns:sts': NS.sts,
    'xmlns:ds': NS.ds,
    'xmlns:xades': NS.xades,
  });
  extensions(root, doc);
  el(root, 'cbc:UBLVersionID', 'UBL 2.1');
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
  el(root, 'cbc:InvoiceTypeCode', p.typeCode);
  if (doc.note) el(root, 'cbc:Note', doc.note);
  el(root, 'cbc:DocumentCurrencyCode', doc.currency);
  el(root, 'cbc:LineCountNumeric', String(doc.lines.length));
  if (doc.period) {
    const period = el(root, 'cac:InvoicePeriod');
    el(period, 'cbc:StartDate', doc.period.start);
    el(period, 'cbc:EndDate', doc.period.end);
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
    el(price, 'cbc:BaseQuantity', '1.00', { unitCode: line.unitCode });
  });
  return root.end({ prettyPrint: false });
}

function extensions(root: XMLBuilder, doc: UblInvoice): void {
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

function party(wrapper: XMLBuilder, p: UblParty): void {
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

function address(node: XMLBuilder, p: UblParty): void {
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
  parent: XMLBuilder,
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
