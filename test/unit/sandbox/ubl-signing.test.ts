// The sandbox's UBL writer and signer (src/sandbox/xml/ubl.ts, signer.ts) against the libraries
// they replaced, over random FE and DSE documents: the signer must give xml-crypto's own DigestValue
// and SignatureValue for the same document, and xml-crypto must verify what it signs; the writer
// must write the document the xmlbuilder2 builder wrote (same canonical form), where that builder
// kept the text intact.
import fc from 'fast-check';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate, type SigningCertificate } from '../../../src/sandbox/xml/certificate';
import { createUblSigner, type UblSigner } from '../../../src/sandbox/xml/signer';
import { buildCanonicalUbl, buildUbl, XML_DECLARATION } from '../../../src/sandbox/xml/ubl';
import { tempDir } from '../../support/temp';
import { anyText, plainAttribute, plainText, ublModel } from './support/ubl-arbitrary';
import { createUblSigner as createXmlCryptoSigner } from './support/xml-crypto-signer';
import { buildUblWithXmlbuilder2 } from './support/xmlbuilder2-ubl';

const dir = tempDir('ubl-signing-');
let certificate: SigningCertificate;
let fast: UblSigner;
let reference: UblSigner;

beforeAll(async () => {
  certificate = await loadOrCreateCertificate(dir.path);
  fast = createUblSigner(certificate);
  reference = createXmlCryptoSigner(certificate);
}, 60_000);
afterAll(() => dir.remove());

function part(xml: string, element: string): string {
  const found = new RegExp(`<ds:${element}>([^<]*)</ds:${element}>`).exec(xml)?.[1];
  if (found === undefined) throw new Error(`no ds:${element} in the signed document`);
  return found;
}

function verifies(xml: string): boolean {
  const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(xml)?.[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: certificate.certificatePem });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

describe('the UBL signer', () => {
  it("gives xml-crypto's DigestValue and SignatureValue for the same document, and xml-crypto verifies it", () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const xml = buildUbl(model);
        const signed = fast(xml);
        const expected = reference(xml);
        expect(part(signed, 'DigestValue')).toBe(part(expected, 'DigestValue'));
        expect(part(signed, 'SignatureValue')).toBe(part(expected, 'SignatureValue'));
        expect(part(signed, 'X509Certificate')).toBe(part(expected, 'X509Certificate'));
        expect(verifies(signed)).toBe(true);
      }),
      { numRuns: 50 },
    );
  }, 300_000);

  it('puts the signature in the last, empty extension and changes nothing else', () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const xml = buildUbl(model);
        const signed = fast(xml);
        const signature = /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(signed)![0];
        expect(signed.replace(signature, '')).toBe(xml);
        expect(signed).toContain(`<ext:ExtensionContent>${signature}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>`);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('a document altered after signing no longer verifies', () => {
    const model = fc.sample(ublModel(fc.constant('Línea & <uno>'), fc.constant('94')), { numRuns: 1, seed: 7 })[0]!;
    const signed = fast(buildUbl(model));
    expect(verifies(signed)).toBe(true);
    expect(verifies(signed.replace('Línea &amp; &lt;uno&gt;', 'Línea &amp; &lt;dos&gt;'))).toBe(false);
  });

  it('refuses a document it did not write (another declaration, no empty slot, or two)', () => {
    const xml = buildUbl(fc.sample(ublModel(fc.constant('x'), fc.constant('94')), { numRuns: 1, seed: 3 })[0]!);
    expect(() => fast(xml.slice(XML_DECLARATION.length))).toThrow(/buildUbl/);
    expect(() => fast(xml.replace('<ext:ExtensionContent></ext:ExtensionContent>', '<ext:ExtensionContent/>'))).toThrow(/buildUbl/);
    const slot = '<ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>';
    expect(() => fast(xml.replace(slot, slot + slot))).toThrow(/buildUbl/);
  });
});

describe('the UBL writer', () => {
  it('writes what the xmlbuilder2 builder wrote, in canonical form (equal C14N digests)', () => {
    fc.assert(
      fc.property(ublModel(plainText, plainAttribute), (model) => {
        const digestOf = (xml: string): string => part(reference(xml), 'DigestValue');
        expect(digestOf(buildUbl(model))).toBe(digestOf(buildUblWithXmlbuilder2(model)));
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it('keeps CR, TAB and LF and every escape through a parser, and replaces what XML cannot carry', () => {
    const model = fc.sample(ublModel(fc.constant('x'), fc.constant('94')), { numRuns: 1, seed: 5 })[0]!;
    model.note = 'a\r\nb\rc\td & <e> "f" \u0001 \ud800 ñ😀 \u2028 \u0085';
    model.supplier.dv = 'a\tb\nc\rd & <e> "f"';
    const xml = buildCanonicalUbl(model);
    expect(xml).toContain('<cbc:Note>a&#xD;\nb&#xD;c\td &amp; &lt;e&gt; "f" \ufffd \ufffd ñ😀 &#x2028; &#x85;</cbc:Note>');
    expect(xml).toContain('schemeID="a&#x9;b&#xA;c&#xD;d &amp; &lt;e> &quot;f&quot;"');
    expect(verifies(fast(buildUbl(model)))).toBe(true);
  });
});
