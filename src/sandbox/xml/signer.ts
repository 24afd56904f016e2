// Enveloped XMLDSig (C14N, RSA-SHA256) placed in the second, empty UBL extension, as FISCAL.md
// describes. DIAN's XAdES-EPES policy is out of scope for the sandbox.
import { SignedXml } from 'xml-crypto';
import type { SigningCertificate } from './certificate';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** The extension that holds the signature: the last ext:ExtensionContent of the document. */
export const SIGNATURE_SLOT = "(//*[local-name(.)='UBLExtension']/*[local-name(.)='ExtensionContent'])[last()]";

export function signUbl(xml: string, cert: SigningCertificate): string {
  const sig = new SignedXml({
    privateKey: cert.privateKeyPem,
    publicCert: cert.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({ xpath: '/*', transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256, isEmptyUri: true });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: SIGNATURE_SLOT, action: 'append' } });
  return sig.getSignedXml();
}
