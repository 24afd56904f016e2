// The reference signer: the sandbox's signer until it signed its own canonical XML directly
// (src/sandbox/xml/signer.ts), kept here as the oracle that signer must match (ubl-signing.test.ts).
// It is test code now because nothing in the sandbox needs it and it cost ~10 ms a document in
// xml-crypto's whole-document DOM work; xml-crypto stays the verifier in the tests.
// Enveloped XMLDSig (C14N, RSA-SHA256) placed in the second, empty UBL extension, as FISCAL.md
// describes. DIAN's XAdES-EPES policy is out of scope for the sandbox.
//
// A signer is made once per thread: parsing the PEM private key costs more than the RSA signature
// itself (OpenSSL decoder lookup, ~1-2 ms), and the KeyInfo certificate text never changes.
import { createPrivateKey } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { SigningCertificate } from '#sandbox/xml/certificate';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/**
 * The extension that holds the signature: the ext:ExtensionContent of the last UBLExtension, which
 * the builder leaves empty. Anchored at the root's children: a `//*` search would test every element
 * of the document (~12 µs each with the xpath package), for a node whose place is fixed.
 */
export const SIGNATURE_SLOT =
  "/*/*[local-name(.)='UBLExtensions']/*[local-name(.)='UBLExtension'][last()]/*[local-name(.)='ExtensionContent']";

export type UblSigner = (xml: string) => string;

export function createUblSigner(cert: SigningCertificate): UblSigner {
  const privateKey = createPrivateKey(cert.privateKeyPem);
  const keyInfo = SignedXml.getKeyInfoContent({ publicCert: cert.certificatePem, prefix: 'ds' });
  return (xml) => {
    const sig = new SignedXml({
      privateKey,
      signatureAlgorithm: RSA_SHA256,
      canonicalizationAlgorithm: C14N,
      getKeyInfoContent: () => keyInfo,
    });
    sig.addReference({ xpath: '/*', transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256, isEmptyUri: true });
    sig.computeSignature(xml, { prefix: 'ds', location: { reference: SIGNATURE_SLOT, action: 'append' } });
    return sig.getSignedXml();
  };
}
