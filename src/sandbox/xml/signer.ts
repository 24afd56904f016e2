// Enveloped XMLDSig (C14N 1.0, RSA-SHA256, SHA-256 digest) placed in the second, empty UBL
// extension, as FISCAL.md describes. DIAN's XAdES-EPES policy is out of scope for the sandbox.
//
// The document comes from buildUbl, which writes it in canonical form (ubl.ts): the reference's
// transforms (enveloped signature, then C14N) applied to it give the very text after the XML
// declaration (but for two character references, put back as the characters), because the
// signature is not there yet. So the digest is a hash of that text, and
// SignedInfo's canonical form is a template; nothing is parsed. This is what xml-crypto's
// SignedXml.computeSignature produces for the same document, byte for byte in DigestValue and
// SignatureValue (RSA PKCS#1 v1.5 is deterministic), and xml-crypto verifies it:
// test/unit/sandbox/ubl-signing.test.ts checks both over random documents against the xml-crypto
// signer this replaced (test/unit/sandbox/support/xml-crypto-signer.ts), which cost ~10 ms a
// document in parsing, cloning and XPath.
//
// A signer is made once per thread: parsing the PEM private key costs more than the RSA signature
// itself, and the KeyInfo certificate text never changes.
import { createHash, createPrivateKey, sign as rsaSign } from 'node:crypto';
import type { SigningCertificate } from './certificate';
import { LITERAL_IN_C14N, ROOT_NAMESPACES, SIGNATURE_SLOT, XML_DECLARATION } from './ubl';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

export type UblSigner = (xml: string) => string;

/** SignedInfo's children in canonical form, around the digest. */
function signedInfoContent(digest: string): string {
  return (
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
    `<ds:Reference URI=""><ds:Transforms>` +
    `<ds:Transform Algorithm="${ENVELOPED}"></ds:Transform>` +
    `<ds:Transform Algorithm="${C14N}"></ds:Transform>` +
    `</ds:Transforms><ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>` +
    `<ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`
  );
}

/** The certificate's base64 body, as KeyInfo's X509Certificate carries it (no armor, no line breaks). */
export function certificateBase64(certificatePem: string): string {
  const body = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(certificatePem)?.[1];
  if (!body) throw new Error('The signing certificate is not a PEM certificate');
  return body.replace(/\s+/g, '');
}

/**
 * Signs a document written by buildUbl. Anything else is refused rather than signed wrongly: the
 * shortcut holds only for that writer's canonical output with its empty signature slot.
 */
export function createUblSigner(cert: SigningCertificate): UblSigner {
  const privateKey = createPrivateKey(cert.privateKeyPem);
  const keyInfo = `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBase64(cert.certificatePem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;
  const rootStart = `${XML_DECLARATION}<Invoice${ROOT_NAMESPACES}>`;
  // Inclusive C14N of SignedInfo as a document subset: it carries every namespace in scope, the
  // root's (ds among them, also declared on ds:Signature with the same URI).
  const signedInfoStart = `<ds:SignedInfo${ROOT_NAMESPACES}>`;
  return (xml) => {
    const slot = xml.lastIndexOf(SIGNATURE_SLOT);
    if (!xml.startsWith(rootStart) || slot < 0 || xml.indexOf(SIGNATURE_SLOT) !== slot) {
      throw new Error('Only documents written by buildUbl can be signed here');
    }
    let canonical = xml.slice(XML_DECLARATION.length);
    // the only references the writer uses that C14N does not keep (ubl.ts); `&` of any text is &amp;
    if (canonical.includes('&#x85;') || canonical.includes('&#x2028;')) {
      canonical = canonical.replace(LITERAL_IN_C14N, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
    }
    const digest = createHash('sha256').update(canonical, 'utf8').digest('base64');
    const content = signedInfoContent(digest);
    const signatureValue = rsaSign('sha256', Buffer.from(`${signedInfoStart}${content}</ds:SignedInfo>`, 'utf8'), privateKey).toString('base64');
    const signature =
      `<ds:Signature xmlns:ds="${DS}"><ds:SignedInfo>${content}</ds:SignedInfo>` +
      `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>${keyInfo}</ds:Signature>`;
    const at = slot + '<ext:ExtensionContent>'.length;
    return xml.slice(0, at) + signature + xml.slice(at);
  };
}
