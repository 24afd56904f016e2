// Enveloped XAdES-EPES signature (XMLDSig C14N 1.0, RSA-SHA256, SHA-256 digests) placed in the
// second, empty UBL extension, as the DIAN requires: three references (the document, KeyInfo, and
// the XAdES SignedProperties), and in SignedProperties the SigningTime (Colombia, -05:00), the
// SigningCertificate (SHA-256 of the certificate, issuer and serial) and the DIAN signature policy
// (its identifier and the SHA-256 of the policy document; README, "UBL XML and signature").
//
// The document comes from buildUbl, which writes it in canonical form (ubl.ts): the first
// reference's transforms (enveloped signature, then C14N) applied to it give the very text after the
// XML declaration (but for two character references, put back as the characters), because the
// signature is not there yet. The other two references and SignedInfo are fragments this signer
// writes itself, already canonical; their inclusive C14N as document subsets carries every
// namespace in scope, the root's (ds and xades among them), which is why they are hashed with
// ROOT_NAMESPACES on their first element (the usual XAdES mistake is to hash them without). So
// nothing is parsed. test/unit/sandbox/ubl-signing.test.ts verifies the result with xml-crypto and
// with xmlsec1, over random documents.
//
// A signer is made once per thread: parsing the PEM private key costs more than the RSA signature
// itself, and the KeyInfo and certificate digest never change.
import { createHash, createPrivateKey, sign as rsaSign, X509Certificate } from 'node:crypto';
import type { SigningCertificate } from './certificate';
import { escapeText, LITERAL_IN_C14N, ROOT_NAMESPACES, SIGNATURE_SLOT, XML_DECLARATION } from './ubl';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNED_PROPERTIES = 'http://uri.etsi.org/01903#SignedProperties';

/**
 * The DIAN signature policy (XAdES-EPES SignaturePolicyIdentifier): the policy document's address
 * and the SHA-256 (base64) of that PDF, as the DIAN's technical annex for electronic invoicing gives
 * them and as independent public implementations carry them (README, "UBL XML and signature").
 */
export const DIAN_SIGNATURE_POLICY = {
  identifier: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  description: 'Política de firma para facturas electrónicas de la República de Colombia.',
  sha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
} as const;

/** Signs a document written by buildUbl; `signingTime` is Colombia's time, `YYYY-MM-DDTHH:MM:SS-05:00`. */
export type UblSigner = (xml: string, signingTime: string) => string;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

function reference(attrs: string, transforms: string[], digest: string): string {
  const t =
    transforms.length === 0
      ? ''
      : `<ds:Transforms>${transforms.map((a) => `<ds:Transform Algorithm="${a}"></ds:Transform>`).join('')}</ds:Transforms>`;
  return `<ds:Reference${attrs}>${t}<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`;
}

/** RFC 2253 order (most specific first) of node's `issuer` lines ("C=CO\nO=...\nCN=..."). */
function rfc2253(issuer: string): string {
  return issuer
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((rdn) => {
      const at = rdn.indexOf('=');
      return `${rdn.slice(0, at)}=${rdn.slice(at + 1).replace(/([,+"\\<>;])/g, '\\$1')}`;
    })
    .join(',');
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
  const x509 = new X509Certificate(cert.certificatePem);
  const keyInfoContent = `<ds:X509Data><ds:X509Certificate>${certificateBase64(cert.certificatePem)}</ds:X509Certificate></ds:X509Data>`;
  const certDigest = createHash('sha256').update(x509.raw).digest('base64');
  const signingCertificate =
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest><ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>` +
    `<ds:DigestValue>${certDigest}</ds:DigestValue></xades:CertDigest><xades:IssuerSerial>` +
    `<ds:X509IssuerName>${escapeText(rfc2253(x509.issuer))}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${BigInt(`0x${x509.serialNumber}`).toString()}</ds:X509SerialNumber>` +
    `</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>`;
  const policy =
    `<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId><xades:SigPolicyId>` +
    `<xades:Identifier>${DIAN_SIGNATURE_POLICY.identifier}</xades:Identifier>` +
    `<xades:Description>${escapeText(DIAN_SIGNATURE_POLICY.description)}</xades:Description></xades:SigPolicyId>` +
    `<xades:SigPolicyHash><ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>` +
    `<ds:DigestValue>${DIAN_SIGNATURE_POLICY.sha256}</ds:DigestValue></xades:SigPolicyHash>` +
    `</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>` +
    `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>supplier</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>`;
  const rootStart = `${XML_DECLARATION}<Invoice${ROOT_NAMESPACES}>`;
  // Inclusive C14N of SignedInfo as a document subset: it carries every namespace in scope, the
  // root's (ds among them, also declared on ds:Signature with the same URI).
  const signedInfoStart = `<ds:SignedInfo${ROOT_NAMESPACES}>`;
  return (xml, signingTime) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/.test(signingTime))
      throw new Error(`SigningTime must be Colombia's time with -05:00: ${signingTime}`);
    const slot = xml.lastIndexOf(SIGNATURE_SLOT);
    if (!xml.startsWith(rootStart) || slot < 0 || xml.indexOf(SIGNATURE_SLOT) !== slot) {
      throw new Error('Only documents written by buildUbl can be signed here');
    }
    let canonical = xml.slice(XML_DECLARATION.length);
    // the only references the writer uses that C14N does not keep (ubl.ts); `&` of any text is &amp;
    if (canonical.includes('&#x85;') || canonical.includes('&#x2028;')) {
      canonical = canonical.replace(LITERAL_IN_C14N, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
    }
    const digest = sha256(canonical);
    // A stable Id per document (the same document signs to the same bytes in any thread).
    const id = `xmldsig-${createHash('sha256').update(digest).digest('hex').slice(0, 32)}`;
    const keyInfoAttrs = ` Id="${id}-KeyInfo"`;
    const propsAttrs = ` Id="${id}-signedprops"`;
    const propsContent =
      `<xades:SignedSignatureProperties><xades:SigningTime>${signingTime}</xades:SigningTime>` +
      `${signingCertificate}${policy}</xades:SignedSignatureProperties>`;
    const content =
      `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
      `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
      reference(` Id="${id}-ref0" URI=""`, [ENVELOPED, C14N], digest) +
      reference(
        ` URI="#${id}-KeyInfo"`,
        [],
        sha256(`<ds:KeyInfo${ROOT_NAMESPACES}${keyInfoAttrs}>${keyInfoContent}</ds:KeyInfo>`),
      ) +
      reference(
        ` Type="${SIGNED_PROPERTIES}" URI="#${id}-signedprops"`,
        [],
        sha256(`<xades:SignedProperties${ROOT_NAMESPACES}${propsAttrs}>${propsContent}</xades:SignedProperties>`),
      );
    const signatureValue = rsaSign(
      'sha256',
      Buffer.from(`${signedInfoStart}${content}</ds:SignedInfo>`, 'utf8'),
      privateKey,
    ).toString('base64');
    const signature =
      `<ds:Signature xmlns:ds="${DS}" Id="${id}"><ds:SignedInfo>${content}</ds:SignedInfo>` +
      `<ds:SignatureValue Id="${id}-sigvalue">${signatureValue}</ds:SignatureValue>` +
      `<ds:KeyInfo${keyInfoAttrs}>${keyInfoContent}</ds:KeyInfo>` +
      `<ds:Object><xades:QualifyingProperties Target="#${id}"><xades:SignedProperties${propsAttrs}>${propsContent}</xades:SignedProperties></xades:QualifyingProperties></ds:Object>` +
      `</ds:Signature>`;
    const at = slot + '<ext:ExtensionContent>'.length;
    return xml.slice(0, at) + signature + xml.slice(at);
  };
}
