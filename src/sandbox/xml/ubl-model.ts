// What the UBL 2.1 builder needs from an FE or a DSE: amounts already as two-decimal strings.
import Decimal from 'decimal.js';
import type { Dec } from '#shared/money';

export interface UblParty {
  /** DIAN identification type code: 13 cédula, 31 NIT, ... */
  tipoDoc: string;
  id: string;
  dv: string | null;
  name: string;
  /** persona jurídica (1) or natural (2) */
  organizationType: '1' | '2';
  regimen: string;
  taxScheme: { id: string; name: string };
  address: {
    line: string;
    city: string;
    cityCode: string;
    department: string;
    departmentCode: string;
    country: string;
    postalCode: string;
  };
  email: string;
  phone: string;
}

export interface UblTax {
  code: string;
  name: string;
  /** percent, as text */
  rate: string;
  base: string;
  amount: string;
}

export interface UblLine {
  quantity: string;
  unitCode: string;
  lineExtension: string;
  description: string;
  price: string;
  taxes: UblTax[];
  /** UNSPSC code of a DSE item (StandardItemIdentification schemeID 001) */
  standardCode?: string;
  /** the issuer's own product code of an FE line (schemeID 999): the contract's FE item has no UNSPSC */
  ownCode?: string;
  /** DSE: the line's cac:InvoicePeriod with the generation mode (DescriptionCode 1 per operation, 2 weekly accumulated) */
  period?: { start: string; end: string; code: '1' | '2'; description: string };
}

export interface UblInvoice {
  kind: 'FE' | 'DSE';
  /** cbc:CustomizationID when not the kind's default: 09 for an invoice with AIU (DIAN's TipoOperacionF-2.1) */
  operationType?: string;
  /**
   * cbc:InvoiceTypeCode when not the kind's own (FE 01, DSE 05): an FE in contingency is 03 (the
   * issuer's) or 04 (the tax authority's), docs/SANDBOX.md "Contingency"
   */
  typeCode?: '03' | '04';
  /** cac:AdditionalDocumentReference: what a type 03 invoice was printed as at the sale (the contingency ticket) */
  contingencyTicket?: { id: string; issueDate: string; issueTime: string } | null;
  /** prefix + number, cbc:ID */
  id: string;
  issueDate: string;
  /** HH:MM:SS-05:00 */
  issueTime: string;
  ambiente: '1' | '2';
  /** xades:SigningTime, Colombia's time of signing `YYYY-MM-DDTHH:MM:SS-05:00` (absent in models stored before XAdES: issue date and time) */
  signingTime?: string;
  /** CUFE or CUDS */
  uuid: string;
  currency: string;
  note: string | null;
  control: { resolution: string; validFrom: string; validTo: string; prefix: string; from: number; to: number };
  software: { providerNit: string; providerDv: string; softwareId: string; securityCode: string };
  qr: string;
  /** AccountingSupplierParty: the company for FE; the non-obliged supplier for DSE */
  supplier: UblParty;
  /** AccountingCustomerParty: the buyer for FE; the company for DSE */
  customer: UblParty;
  paymentMeans: { formId: '1' | '2'; code: string; dueDate: string | null };
  /** DSE weekly accumulated period (cac:InvoicePeriod) */
  period: { start: string; end: string } | null;
  exchangeRate: { source: string; target: string; rate: string; date: string } | null;
  taxTotals: UblTax[];
  withholdings: UblTax[];
  totals: { lineExtension: string; taxExclusive: string; taxInclusive: string; payable: string };
  lines: UblLine[];
}

/** An exact decimal as XML text with at least two decimals: 0.966 stays 0.966, 19 becomes 19.00, 3.333 stays 3.333. */
export function exactDecimal(value: { decimalPlaces(): number; toFixed(dp?: number): string }): string {
  return value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed();
}

/** Decimals of a unit price kept as the request gave it (a price typed with more is written to the decimals it needs). */
const GIVEN_PRICE_DECIMALS = 6;

/**
 * Exact products for the fit test: Dec keeps 40 significant digits, so 1,314 x 0.8447222...(39 decimals)
 * came out 1109.965 there while the exact product is 1109.96499...97, which a validator computing
 * exactly rounds to 1109.96 (found by prices.test's property).
 */
const Exact = Decimal.clone({ precision: 1_000, rounding: Decimal.ROUND_HALF_UP });

/**
 * `cac:Price/cbc:PriceAmount` (per one unit: BaseQuantity 1) so that InvoicedQuantity x PriceAmount is
 * the line's LineExtensionAmount to the centavo (FAV07/DSAV07), whatever the quantity, computed
 * exactly. A price the request gave with up to six decimals is written exactly (700 x 1850.555); a
 * derived one (from an IVA-included price or from the DSE's base) gets the fewest decimals, two at
 * least, for which round(quantity x price) = the line amount: 2 decimals of 1,000 units of 1,190/1.19
 * are not enough. At each number of decimals the nearest price is tried, then the one above and the
 * one below it (a base typed with a half centavo needs a product at or above the half).
 */
export function priceAmount(quantity: Dec, price: Dec, lineExtension: Dec): string {
  const q = new Exact(quantity.toString());
  const fits = (p: Dec) =>
    new Exact(q.times(p.toString())).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(lineExtension.toString());
  if (price.decimalPlaces() <= GIVEN_PRICE_DECIMALS && fits(price)) return exactDecimal(price);
  // With d decimals the price above the quotient gives quantity x price within quantity x 10^-d of the
  // line amount, under a centavo from d = 2 + digits of the quantity's integer part: the loop ends by then.
  for (let d = 2; ; d += 1) {
    const candidates = [
      price.toDecimalPlaces(d),
      price.toDecimalPlaces(d, Decimal.ROUND_CEIL),
      price.toDecimalPlaces(d, Decimal.ROUND_FLOOR),
    ];
    const found = candidates.find(fits);
    if (found) return exactDecimal(found);
    if (d > 40) return exactDecimal(candidates[0]!);
  }
}
