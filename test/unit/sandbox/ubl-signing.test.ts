// The sandbox's UBL writer and XAdES-EPES signer (src/sandbox/xml/ubl.ts, signer.ts) against
// independent references, over random FE and DSE documents: the document's DigestValue is
// xml-crypto's own for the same document, and both xml-crypto and xmlsec1 (Debian's, a verifier
// nobody here wrote) verify the three references and the signature value; the XAdES properties are
// there (policy identifier and hash, SigningTime with -05:00, the certificate's digest); the writer
// must write the document the xmlbuilder2 builder wrote (same canonical form), where that builder
// kept the text intact.
import fc from 'fast-check';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate, type SigningCertificate } from '#sandbox/xml/certificate';
import { createHash, X509Certificate } from 'node:crypto';
import { createUblSigner, DIAN_SIGNATURE_POLICY, type UblSigner } from '#sandbox/xml/signer';
import { readXml, textAt } from '#sandbox/authority/xml-tree';
import { buildCanonicalUbl, buildUbl, SIGNATURE_SLOT, writeUbl, XML_DECLARATION } from '#sandbox/xml/ubl';
import type { UblInvoice } from '#sandbox/xml/ubl-model';
import { signedTree } from '#sandbox/xml/write';
import { tempDir } from '#test/temp';
import { anyText, plainAttribute, plainText, ublModel } from '#test/ubl/ubl-arbitrary';
import { createUblSigner as createXmlCryptoSigner } from '#test/ubl/xml-crypto-signer';
import { buildUblWithXmlbuilder2 } from '#test/ubl/xmlbuilder2-ubl';
import { xmlsec1Verify } from '#test/ubl/xmlsec1';

const SIGNING_TIME = '2026-11-20T10:00:00-05:00';

const dir = tempDir('ubl-signing-');
let certificate: SigningCertificate;
let sign: UblSigner;
let fast: (xml: string) => string;
let reference: (xml: string) => string;

beforeAll(async () => {
  certificate = await loadOrCreateCertificate(dir.path);
  sign = createUblSigner(certificate);
  fast = (xml) => sign(xml, SIGNING_TIME);
  const oracle = createXmlCryptoSigner(certificate);
  reference = (xml) => oracle(xml);
}, 60_000);
afterAll(() => dir.remove());

function part(xml: string, element: string): string {
  const found = new RegExp(`<ds:${element}(?: Id="[^"]*")?>([^<]*)</ds:${element}>`).exec(xml)?.[1];
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
  it("gives xml-crypto's document DigestValue for the same document, and xml-crypto verifies its three references", () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const xml = buildUbl(model);
        const signed = fast(xml);
        const expected = reference(xml);
        expect(part(signed, 'DigestValue')).toBe(part(expected, 'DigestValue'));
        expect(part(signed, 'X509Certificate')).toBe(part(expected, 'X509Certificate'));
        expect(signed.match(/<ds:Reference /g)).toHaveLength(3);
        expect(verifies(signed)).toBe(true);
      }),
      { numRuns: 50 },
    );
  }, 300_000);

  it('xmlsec1 verifies every signed document (3 of 3 references and the signature value), and refuses an altered one', () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const signed = fast(buildUbl(model));
        const result = xmlsec1Verify(signed, certificate.certificatePem);
        expect(result.output).toContain('SignedInfo References (ok/all): 3/3');
        expect(result.ok, result.output).toBe(true);
      }),
      { numRuns: 15 },
    );
    const signed = fast(buildUbl(fc.sample(ublModel(fc.constant('Línea'), fc.constant('94')), { numRuns: 1, seed: 9 })[0]!));
    expect(xmlsec1Verify(signed.replace(SIGNING_TIME, '2026-11-20T11:00:00-05:00'), certificate.certificatePem).ok).toBe(false);
    expect(xmlsec1Verify(signed.replace('<cbc:Description>Línea', '<cbc:Description>Otra'), certificate.certificatePem).ok).toBe(
      false,
    );
  }, 300_000);

  it('carries the XAdES-EPES properties: DIAN policy and hash, SigningTime with -05:00, SigningCertificate digest, issuer (RFC 2253, as openssl prints it) and serial', () => {
    const signed = fast(buildUbl(fc.sample(ublModel(fc.constant('x'), fc.constant('94')), { numRuns: 1, seed: 4 })[0]!));
    const x509 = new X509Certificate(certificate.certificatePem);
    expect(signed).toContain(`<xades:SigningTime>${SIGNING_TIME}</xades:SigningTime>`);
    expect(signed).toContain(`<xades:Identifier>${DIAN_SIGNATURE_POLICY.identifier}</xades:Identifier>`);
    expect(signed).toMatch(
      /<xades:SigPolicyHash><ds:DigestMethod Algorithm="http:\/\/www.w3.org\/2001\/04\/xmlenc#sha256"><\/ds:DigestMethod><ds:DigestValue>dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=<\/ds:DigestValue>/,
    );
    expect(signed).toContain(
      `<ds:DigestValue>${createHash('sha256').update(x509.raw).digest('base64')}</ds:DigestValue></xades:CertDigest>`,
    );
    expect(signed).toContain(`<ds:X509SerialNumber>${BigInt(`0x${x509.serialNumber}`).toString()}</ds:X509SerialNumber>`);
    expect(signed).toContain(
      '<ds:X509IssuerName>C=CO,O=Factura Desk Sandbox,CN=Factura Desk Sandbox (certificado de prueba)</ds:X509IssuerName>',
    );
    expect(signed).toMatch(
      /<ds:Reference Type="http:\/\/uri.etsi.org\/01903#SignedProperties" URI="#(xmldsig-[0-9a-f]{32})-signedprops">/,
    );
    expect(() =>
      sign(
        buildUbl(fc.sample(ublModel(fc.constant('x'), fc.constant('94')), { numRuns: 1, seed: 4 })[0]!),
        '2026-11-20T10:00:00Z',
      ),
    ).toThrow(/-05:00/);
  });

  it('puts the signature in the last, empty extension and changes nothing else', () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const xml = buildUbl(model);
        const signed = fast(xml);
        const signature = /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(signed)![0];
        expect(signed.replace(signature, '')).toBe(xml);
        expect(signed).toContain(
          `<ext:ExtensionContent>${signature}</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>`,
        );
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
    expect(() => fast(xml.replace('<ext:ExtensionContent></ext:ExtensionContent>', '<ext:ExtensionContent/>'))).toThrow(
      /buildUbl/,
    );
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

describe("the signing thread's own tree (what the rules walk instead of reading the signed text again)", () => {
  const signedAndRead = (model: UblInvoice, signer: (xml: string) => string) => {
    const written = writeUbl(model);
    const signed = signer(written.xml);
    return { signed, tree: signedTree(written.xml, written.read, signed) };
  };

  it('is the tree readXml reads from the signed document, over random documents', () => {
    fc.assert(
      fc.property(ublModel(anyText, anyText), (model) => {
        const { signed, tree } = signedAndRead(model, fast);
        expect(tree).toEqual(readXml(signed));
        expect(writeUbl(model).xml).toBe(buildUbl(model));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('keeps what readXml reads of escapes, CR, TAB, LF and characters XML cannot carry', () => {
    const model = fc.sample(ublModel(fc.constant('x'), fc.constant('94')), { numRuns: 1, seed: 5 })[0]!;
    model.note = 'a\r\nb\rc\td & <e> "f" \u0001 \ud800 ñ😀 \u2028 \u0085';
    model.supplier.dv = 'a\tb\nc\rd & <e> "f" \u0002';
    const { signed, tree } = signedAndRead(model, fast);
    expect(tree).toEqual(readXml(signed));
    expect(textAt(tree, 'cbc:Note')).toBe('a\r\nb\rc\td & <e> "f" \ufffd \ufffd ñ😀 \u2028 \u0085');
  });

  it('is read from the whole text when the signer changed anything but the empty slot, or inserted more than one signature', () => {
    const model = fc.sample(ublModel(fc.constant('Línea & <uno>'), fc.constant('94')), { numRuns: 1, seed: 7 })[0]!;
    const tampered = (xml: string) => fast(xml).replace('Línea &amp; &lt;uno&gt;', 'Línea &amp; &lt;dos&gt;');
    const twice = (xml: string) => {
      const signature = /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(fast(xml))![0];
      return xml.replace(
        SIGNATURE_SLOT,
        SIGNATURE_SLOT.replace('</ext:ExtensionContent>', `${signature}${signature}</ext:ExtensionContent>`),
      );
    };
    const commented = (xml: string) => fast(xml).replace('<ds:SignedInfo>', '<!-- x --><?pi y?><ds:SignedInfo>');
    for (const signer of [tampered, twice, commented]) {
      const { signed, tree } = signedAndRead(model, signer);
      expect(tree).toEqual(readXml(signed));
    }
    expect(JSON.stringify(signedAndRead(model, tampered).tree)).toContain('Línea & <dos>');
  });
});
