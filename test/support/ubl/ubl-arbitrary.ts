// Random UBL models (FE and DSE) for the signing oracle: every text field the builder writes, as
// element text or attribute value, drawn from `text` / `attr`.
import fc from 'fast-check';
import type { UblInvoice, UblLine, UblParty, UblTax } from '#sandbox/xml/ubl-model';

/** The characters XML escaping and C14N treat specially, and some that only look special. */
const SPECIAL = [
  '&',
  '<',
  '>',
  '"',
  "'",
  '\r',
  '\n',
  '\r\n',
  '\t',
  ' ',
  'ñ',
  'á',
  'Ñ',
  '€',
  '😀',
  '👩‍👩‍👧',
  '&amp;',
  '&#65;',
  '&nbsp;',
  ']]>',
  '<!--',
  '?>',
  '\u00a0',
  '\u2028',
  '\u0085',
  '\u2029',
];

/** Any text: specials, non-ASCII, emojis, long lines, C0 controls and lone surrogates (XML cannot carry them). */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...SPECIAL, 'a', 'Z', '0', ' '), maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...SPECIAL, 'x'), minLength: 300, maxLength: 800 }),
  fc.constant(''),
);

/** Text the old xmlbuilder2 writer kept intact through a parser: no CR (line-end normalization), no `&` that looks like an entity, only XML characters. */
export const plainText: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom('&', '& ', '<', '>', '"', "'", '\n', '\t', ' ', 'ñ', 'á', '€', '😀', 'a', 'Z', '0', ']]>'),
  maxLength: 30,
});

/** Attribute text the old writer kept intact: as plainText, and no TAB or LF (attribute-value normalization). */
export const plainAttribute: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom('& ', '<', '>', '"', "'", ' ', 'ñ', '€', '😀', 'a', '0'),
  maxLength: 12,
});

function tax(text: fc.Arbitrary<string>): fc.Arbitrary<UblTax> {
  return fc.record({
    code: fc.oneof(fc.constantFrom('01', '03', '04', '05', '06', '07', 'ZZ'), text),
    name: text,
    rate: fc.constantFrom('19.00', '0.00', '3.50', '11.04'),
    base: fc.constantFrom('1000.00', '15000.50', '0.00'),
    amount: fc.constantFrom('190.00', '0.00', '12.34', '1.01'),
  });
}

function party(text: fc.Arbitrary<string>, attr: fc.Arbitrary<string>): fc.Arbitrary<UblParty> {
  return fc.record({
    tipoDoc: attr,
    id: attr,
    dv: fc.option(attr),
    name: text,
    organizationType: fc.constantFrom('1' as const, '2' as const),
    regimen: text,
    taxScheme: fc.record({ id: text, name: text }),
    address: fc.record({
      line: text,
      city: text,
      cityCode: text,
      department: text,
      departmentCode: text,
      country: text,
      postalCode: text,
    }),
    email: text,
    phone: text,
  });
}

function line(text: fc.Arbitrary<string>, attr: fc.Arbitrary<string>): fc.Arbitrary<UblLine> {
  return fc.record(
    {
      quantity: fc.constantFrom('1', '2.5', '1000'),
      unitCode: attr,
      lineExtension: fc.constantFrom('15000.00', '0.01'),
      description: text,
      price: fc.constantFrom('15000.00', '0.01'),
      taxes: fc.array(tax(text), { maxLength: 2 }),
      standardCode: text,
    },
    { requiredKeys: ['quantity', 'unitCode', 'lineExtension', 'description', 'price', 'taxes'] },
  );
}

export function ublModel(text: fc.Arbitrary<string> = anyText, attr: fc.Arbitrary<string> = anyText): fc.Arbitrary<UblInvoice> {
  return fc.record({
    kind: fc.constantFrom('FE' as const, 'DSE' as const),
    id: text,
    issueDate: fc.constantFrom('2026-11-20', '2026-01-01'),
    issueTime: fc.constant('10:00:00-05:00'),
    ambiente: fc.constantFrom('1' as const, '2' as const),
    uuid: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 96, maxLength: 96 }),
    currency: fc.oneof(fc.constantFrom('COP', 'USD'), attr),
    note: fc.option(text),
    control: fc.record({
      resolution: text,
      validFrom: fc.constant('2019-01-19'),
      validTo: fc.constant('2030-01-19'),
      prefix: text,
      from: fc.nat(),
      to: fc.nat(),
    }),
    software: fc.record({ providerNit: text, providerDv: attr, softwareId: text, securityCode: text }),
    qr: text,
    supplier: party(text, attr),
    customer: party(text, attr),
    paymentMeans: fc.record({
      formId: fc.constantFrom('1' as const, '2' as const),
      code: text,
      dueDate: fc.option(fc.constant('2026-12-20')),
    }),
    period: fc.option(fc.record({ start: text, end: text })),
    exchangeRate: fc.option(fc.record({ source: text, target: text, rate: text, date: text })),
    taxTotals: fc.array(tax(text), { maxLength: 3 }),
    withholdings: fc.array(tax(text), { maxLength: 3 }),
    totals: fc.record({ lineExtension: text, taxExclusive: text, taxInclusive: text, payable: text }),
    lines: fc.oneof(
      { weight: 5, arbitrary: fc.array(line(text, attr), { maxLength: 8 }) },
      { weight: 1, arbitrary: fc.array(line(text, attr), { minLength: 60, maxLength: 120 }) },
    ),
  });
}
