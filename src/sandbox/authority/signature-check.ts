// The signature rule's verifier (ZE02): checks a transmitted document's XAdES-EPES signature as the
// DIAN does, on the document as it was received, never on what the signer produced in memory:
//   - every ds:Reference: the document (URI "", enveloped-signature and C14N transforms), the
//     ds:KeyInfo and the xades:SignedProperties (Type SignedProperties), each canonicalized and
//     hashed again and compared with its DigestValue; the three must be there;
//   - ds:SignatureValue: RSA-SHA256 over the canonical ds:SignedInfo, with the public key of the
//     certificate in ds:KeyInfo;
//   - XAdES: SigningCertificate's digest (and serial) is that certificate's, the
//     SignaturePolicyIdentifier is the DIAN policy with the policy document's hash
//     (DIAN_SIGNATURE_POLICY), SigningTime is Colombia's time (-05:00), QualifyingProperties
//     points at this signature.
// Canonical XML 1.0 (inclusive, without comments) is written here from the reader's tree
// (xml-tree.ts reads as an XML processor must: line ends, attribute-value normalization), so the
// document is read once for the signature and every other rule. test/unit/sandbox/signature-check.test.ts
// tampers real sandbox documents in many ways and checks that this verifier and xmlsec1 agree.
//
// Not checked here: the certificate's chain and validity (the sandbox's is self-signed; ZD05 in the
// DIAN validator).
import { createHash, verify as rsaVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { DIAN_SIGNATURE_POLICY } from '../xml/signer';
import type { XmlElement, XmlProcessingInstruction } from './xml-tree';

const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const NS_EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const NS_XML = 'http://www.w3.org/XML/1998/namespace';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
/** node:crypto's name of an XMLDSig digest method (undefined: not admitted). */
const digestName = (uri: string): string | undefined => (Object.hasOwn(DIGESTS, uri) ? DIGESTS[uri] : undefined);
const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/** prefix ('' for the default namespace) -> namespace URI, of an element */
type Scope = Readonly<Record<string, string>>;
// Scopes have no prototype: a prefix such as `constructor` or `__proto__` is only a prefix.
const XML_SCOPE: Scope = Object.assign(Object.create(null) as Record<string, string>, { xml: NS_XML });
const extend = (scope: Scope): Record<string, string> => Object.assign(Object.create(null) as Record<string, string>, scope);

class NotVerifiable extends Error {}

/** An element with what canonicalizing it as a subset needs: its namespaces in scope, its ancestors. */
interface Located {
  el: XmlElement;
  scope: Scope;
  /** from the document element down to its parent */
  ancestors: XmlElement[];
  /**
   * Where it is in the document's canonical form: its start tag, the end of that tag, its end. Its
   * content is written there exactly as a subset's would be (its descendants render the same
   * namespaces in both); only the start tag of a subset's apex differs. -1 when not known.
   */
  start: number;
  contentStart: number;
  end: number;
}

/** The scope of `el` given its parent's: the parent's plus `el`'s own namespace declarations. */
function scopeOf(el: XmlElement, inherited: Scope): Scope {
  let scope = inherited;
  for (const attr in el.attrs) {
    if (attr.charCodeAt(0) === 0x78 /* x */ && (attr === 'xmlns' || attr.startsWith('xmlns:'))) {
      if (scope === inherited) scope = extend(inherited);
      (scope as Record<string, string>)[attr === 'xmlns' ? '' : attr.slice(6)] = el.attrs[attr]!;
    }
  }
  return scope;
}

/**
 * One walk over the document writes its canonical form and finds its Ids and its signatures, with
 * where each is in that text; namespace scopes are kept only for the signatures' own elements and
 * their ancestors (what the rule looks into by namespace).
 */
class DocumentIndex {
  /** Id (or ID, id) -> element; null when two elements carry it (a reference to it is refused) */
  readonly ids = new Map<string, Located | null>();
  readonly signatures: Located[] = [];
  private readonly scopes = new Map<XmlElement, Scope>();
  private readonly parents = new Map<XmlElement, XmlElement>();
  /** Canonical XML 1.0 without comments of the whole document, signatures included */
  private canonical = '';

  constructor(readonly root: XmlElement) {
    for (const pi of root.outside?.before ?? []) this.canonical += `${writePi(pi)}\n`;
    this.walk(root, XML_SCOPE, null, []);
    for (const pi of root.outside?.after ?? []) this.canonical += `\n${writePi(pi)}`;
    for (const signature of this.signatures) {
      let parent: XmlElement | undefined;
      for (const [i, ancestor] of signature.ancestors.entries()) {
        if (parent) this.parents.set(ancestor, parent);
        this.scopes.set(ancestor, i === 0 ? scopeOf(ancestor, XML_SCOPE) : scopeOf(ancestor, this.scopes.get(parent!)!));
        parent = ancestor;
      }
      if (parent) this.parents.set(signature.el, parent);
      this.remember(signature.el, signature.scope);
    }
  }

  /** writeElement's walk, keeping what the references may point at. */
  private walk(el: XmlElement, inherited: Scope, rendered: Scope | null, path: XmlElement[]): void {
    const start = this.canonical.length;
    this.canonical += startTag(el, inherited, rendered, NO_ATTRS);
    const scope = lastTag.scope;
    const id = el.attrs.Id ?? el.attrs.ID ?? el.attrs.id;
    const signature = el.name.endsWith('Signature') && isNamed(el, scope, NS_DS, 'Signature');
    let located: Located | null = null;
    if (id !== undefined || signature) {
      located = { el, scope, ancestors: path.slice(), start, contentStart: this.canonical.length, end: -1 };
      if (id !== undefined) this.ids.set(id, this.ids.has(id) ? null : located);
      if (signature) this.signatures.push(located);
    }
    const content = el.content;
    if (el.children.length > 0) path.push(el);
    for (let i = 0; i < content.length; i += 1) {
      const c = content[i]!;
      if (typeof c === 'string') this.canonical += escapeText(c);
      else if ('target' in c) this.canonical += writePi(c);
      else this.walk(c, scope, scope, path);
    }
    if (el.children.length > 0) path.pop();
    this.canonical += `</${el.name}>`;
    if (located) located.end = this.canonical.length;
  }

  private remember(el: XmlElement, scope: Scope): void {
    this.scopes.set(el, scope);
    for (const c of el.children) {
      this.parents.set(c, el);
      this.remember(c, scopeOf(c, scope));
    }
  }

  /** Digest of the whole document's canonical form, but `omit`'s subtree (the enveloped transform). */
  digestDocument(algorithm: string, omit: Located | null): string {
    const hash = createHash(algorithm);
    if (omit) hash.update(this.canonical.slice(0, omit.start)).update(this.canonical.slice(omit.end));
    else hash.update(this.canonical);
    return hash.digest('base64');
  }

  /** Canonical XML 1.0 without comments of an element's subtree as a document subset (but `omit`'s). */
  canonicalSubtree(at: Located, omit: Located | null): string {
    const inside = omit !== null && omit.start >= at.start && omit.end <= at.end && omit.end >= 0;
    if (at.end < 0 || inside) return writeElement(at.el, at.scope, null, omit?.el ?? null, inheritedXmlAttrs(at));
    return startTag(at.el, at.scope, null, inheritedXmlAttrs(at)) + this.canonical.slice(at.contentStart, at.end);
  }

  /** One of a signature's elements, as the apex of a subset. */
  locate(el: XmlElement): Located {
    const ancestors: XmlElement[] = [];
    for (let at = this.parents.get(el); at; at = this.parents.get(at)) ancestors.unshift(at);
    return { el, scope: this.scopes.get(el)!, ancestors, start: -1, contentStart: -1, end: -1 };
  }

  parent(el: XmlElement | undefined): XmlElement | undefined {
    return el && this.parents.get(el);
  }

  /** Whether `el` (a signature's element or ancestor) is {ns}local, whatever its prefix. */
  is(el: XmlElement | undefined, ns: string, local: string): el is XmlElement {
    const scope = el && this.scopes.get(el);
    return scope !== undefined && isNamed(el!, scope, ns, local);
  }

  kids(el: XmlElement | undefined, ns: string, local: string): XmlElement[] {
    return el ? el.children.filter((c) => this.is(c, ns, local)) : [];
  }

  kid(el: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
    return el?.children.find((c) => this.is(c, ns, local));
  }

  path(el: XmlElement | undefined, ...steps: [string, string][]): XmlElement | undefined {
    let at = el;
    for (const [ns, local] of steps) at = this.kid(at, ns, local);
    return at;
  }
}

function isNamed(el: XmlElement, scope: Scope, ns: string, local: string): boolean {
  const colon = el.name.indexOf(':');
  if ((colon < 0 ? el.name : el.name.slice(colon + 1)) !== local) return false;
  return scope[colon < 0 ? '' : el.name.slice(0, colon)] === ns;
}

const NO_ATTRS: readonly { name: string; value: string }[] = [];
/** The scope of the element whose start tag startTag wrote last (a second result, without allocating). */
const lastTag: { scope: Scope } = { scope: XML_SCOPE };

/**
 * The canonical start tag of `el`. `inherited`: its parent's scope (at a subset's apex, its own);
 * `rendered`: the namespaces its parent rendered, null at the apex of what is written.
 */
function startTag(
  el: XmlElement,
  inherited: Scope,
  rendered: Scope | null,
  extraAttrs: readonly { name: string; value: string }[],
): string {
  // One pass over the attributes: namespace declarations make the element's scope, the others are kept.
  const own = el.attrs;
  let scope = inherited;
  let declared: string[] | null = null;
  let plain: string[] | null = null;
  let prefixed = false;
  for (const name in own) {
    if (name.charCodeAt(0) === 0x78 /* x */ && (name === 'xmlns' || name.startsWith('xmlns:'))) {
      if (scope === inherited) scope = extend(inherited);
      const prefix = name === 'xmlns' ? '' : name.slice(6);
      (scope as Record<string, string>)[prefix] = own[name]!;
      (declared ??= []).push(prefix);
    } else {
      (plain ??= []).push(name);
      if (name.includes(':')) prefixed = true;
    }
  }
  let out = `<${el.name}`;
  if (rendered === null) {
    // the apex: every namespace in scope (but xml, and an empty default)
    for (const p of Object.keys(scope).sort()) {
      if (p !== 'xml' && scope[p] !== '') out += `${p === '' ? ' xmlns="' : ` xmlns:${p}="`}${escapeAttr(scope[p]!)}"`;
    }
  } else if (declared) {
    // only its own declarations can differ from what its parent rendered
    for (const p of declared.sort()) {
      if (p !== 'xml' && scope[p] !== (rendered[p] ?? '')) {
        out += `${p === '' ? ' xmlns="' : ` xmlns:${p}="`}${escapeAttr(scope[p]!)}"`;
      }
    }
  }
  if (extraAttrs.length > 0) {
    for (const a of extraAttrs) (plain ??= []).push(a.name);
    prefixed = true;
  }
  if (plain) {
    if (!prefixed) {
      // unqualified attributes only (the usual case): no namespace, ordered by name
      if (plain.length > 1) plain.sort();
    } else {
      const keys = new Map(plain.map((name) => [name, attrKey(name, scope)]));
      plain.sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
    }
    for (const name of plain) {
      let value = own[name];
      if (value === undefined) for (const a of extraAttrs) if (a.name === name) value = a.value;
      out += ` ${name}="${escapeAttr(value!)}"`;
    }
  }
  lastTag.scope = scope;
  return `${out}>`;
}

/** Writes `el` canonically (startTag's arguments), but `omit`'s subtree. */
function writeElement(
  el: XmlElement,
  inherited: Scope,
  rendered: Scope | null,
  omit: XmlElement | null,
  extraAttrs: readonly { name: string; value: string }[] = NO_ATTRS,
): string {
  let out = startTag(el, inherited, rendered, extraAttrs);
  const scope = lastTag.scope;
  const content = el.content;
  for (let i = 0; i < content.length; i += 1) {
    const c = content[i]!;
    if (typeof c === 'string') out += escapeText(c);
    else if ('target' in c) out += writePi(c);
    else if (c !== omit) out += writeElement(c, scope, scope, omit);
  }
  return `${out}</${el.name}>`;
}

/** C14N's attribute order: by namespace URI, then by local name. */
function compareKeys(a: [string, string], b: [string, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** C14N 1.0 of a subset: the xml:* attributes of the apex's ancestors that it does not carry itself. */
function inheritedXmlAttrs(at: Located): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (let i = at.ancestors.length - 1; i >= 0; i -= 1) {
    const attrs = at.ancestors[i]!.attrs;
    for (const name in attrs) {
      if (name.startsWith('xml:') && !(name in at.el.attrs) && !found.some((f) => f.name === name)) {
        found.push({ name, value: attrs[name]! });
      }
    }
  }
  return found;
}

/** An attribute's sort key: its namespace URI (none when unprefixed), then its local name. */
function attrKey(name: string, scope: Scope): [string, string] {
  const colon = name.indexOf(':');
  if (colon < 0) return ['', name];
  const uri = scope[name.slice(0, colon)];
  if (uri === undefined) throw new NotVerifiable(`prefijo de espacio de nombres no declarado (${name})`);
  return [uri, name.slice(colon + 1)];
}

const writePi = (pi: XmlProcessingInstruction): string => `<?${pi.target}${pi.data ? ` ${pi.data}` : ''}?>`;

const TEXT_ESCAPED = /[&<>\r]/;
const ATTR_ESCAPED = /[&<"\t\n\r]/;

function escapeText(text: string): string {
  if (!TEXT_ESCAPED.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function escapeAttr(value: string): string {
  if (!ATTR_ESCAPED.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

/** What the verifier needs of a certificate, parsed once per certificate (the sandbox has one). */
interface CertificateFacts {
  publicKey: KeyObject;
  der: Buffer;
  serial: string;
}
const certificates = new Map<string, CertificateFacts | null>();

function certificateFacts(base64: string): CertificateFacts | null {
  let facts = certificates.get(base64);
  if (facts !== undefined) return facts;
  try {
    const x509 = new X509Certificate(Buffer.from(base64, 'base64'));
    facts = { publicKey: x509.publicKey, der: x509.raw, serial: BigInt(`0x${x509.serialNumber}`).toString() };
  } catch {
    facts = null;
  }
  if (certificates.size >= 16) certificates.clear();
  certificates.set(base64, facts);
  return facts;
}

const compact = (text: string): string => text.replace(/\s+/g, '');
const digestOf = (algorithm: string, data: string | Buffer): string => createHash(algorithm).update(data).digest('base64');

/**
 * The signature's problems, in the DIAN's words (Spanish); none: the signature is valid. Never
 * throws: a signature it cannot read is a problem.
 */
export function verifyXadesSignature(root: XmlElement): string[] {
  try {
    return verify(new DocumentIndex(root));
  } catch (error) {
    if (error instanceof NotVerifiable) return [`La firma no se pudo verificar: ${error.message}.`];
    throw error;
  }
}

function verify(doc: DocumentIndex): string[] {
  const problems: string[] = [];
  if (doc.signatures.length === 0) return ['El documento no está firmado (falta ds:Signature).'];
  if (doc.signatures.length > 1) return ['El documento tiene más de una firma (ds:Signature); la DIAN espera una sola.'];
  const located = doc.signatures[0]!;
  const signature = located.el;
  const content = doc.parent(signature);
  const extension = doc.parent(content);
  if (
    !doc.is(content, NS_EXT, 'ExtensionContent') ||
    !doc.is(extension, NS_EXT, 'UBLExtension') ||
    !doc.is(doc.parent(extension), NS_EXT, 'UBLExtensions') ||
    doc.parent(doc.parent(extension)) !== doc.root
  ) {
    problems.push(
      'La firma (ds:Signature) no está en una extensión UBL (ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent).',
    );
  }
  const signedInfo = doc.kid(signature, NS_DS, 'SignedInfo');
  const keyInfo = doc.kid(signature, NS_DS, 'KeyInfo');
  const signedProps = doc.path(signature, [NS_DS, 'Object'], [NS_XADES, 'QualifyingProperties'], [NS_XADES, 'SignedProperties']);
  if (!signedInfo) return [...problems, 'La firma no tiene ds:SignedInfo.'];
  const c14n = doc.kid(signedInfo, NS_DS, 'CanonicalizationMethod')?.attrs.Algorithm;
  if (c14n !== C14N) problems.push(`Método de canonicalización no admitido: ${c14n ?? '(ninguno)'} (se espera C14N 1.0).`);
  const method = doc.kid(signedInfo, NS_DS, 'SignatureMethod')?.attrs.Algorithm;
  if (method !== RSA_SHA256) problems.push(`Algoritmo de firma no admitido: ${method ?? '(ninguno)'} (se espera RSA-SHA256).`);

  // The references: each digest recomputed; the three the DIAN requires must be among them.
  let coversDocument = false;
  let coversKeyInfo = false;
  let coversProps = false;
  for (const [i, ref] of doc.kids(signedInfo, NS_DS, 'Reference').entries()) {
    const uri = ref.attrs.URI;
    const transforms = doc.kids(doc.kid(ref, NS_DS, 'Transforms'), NS_DS, 'Transform').map((t) => t.attrs.Algorithm ?? '');
    const unknown = transforms.find((t) => t !== ENVELOPED && t !== C14N);
    const algorithm = digestName(doc.kid(ref, NS_DS, 'DigestMethod')?.attrs.Algorithm ?? '');
    const label = `la referencia ${i + 1} (URI="${uri ?? ''}")`;
    if (unknown !== undefined) {
      problems.push(`Transformación no admitida en ${label}: ${unknown}.`);
      continue;
    }
    if (!algorithm) {
      problems.push(`Algoritmo de resumen no admitido en ${label}.`);
      continue;
    }
    const enveloped = transforms.includes(ENVELOPED) ? located : null;
    let target: XmlElement;
    let digest: string;
    if (uri === '') {
      target = doc.root;
      digest = doc.digestDocument(algorithm, enveloped);
    } else if (uri?.startsWith('#')) {
      const found = doc.ids.get(uri.slice(1));
      if (!found) {
        problems.push(
          found === null
            ? `El identificador de ${label} está repetido en el documento.`
            : `${label} no apunta a ningún elemento.`,
        );
        continue;
      }
      target = found.el;
      digest = digestOf(algorithm, doc.canonicalSubtree(found, enveloped));
    } else {
      problems.push(`${label} no es del documento (solo se admiten referencias internas).`);
      continue;
    }
    if (target === doc.root && enveloped) coversDocument = true;
    if (target === keyInfo) coversKeyInfo = true;
    if (target === signedProps && ref.attrs.Type === SIGNED_PROPERTIES_TYPE) coversProps = true;
    if (digest !== compact(doc.kid(ref, NS_DS, 'DigestValue')?.text ?? '')) {
      problems.push(`El resumen (DigestValue) de ${label} no corresponde: el contenido firmado fue modificado.`);
    }
  }
  if (!coversDocument)
    problems.push('La firma no cubre el documento (referencia URI="" con la transformación enveloped-signature).');
  if (!coversKeyInfo) problems.push('La firma no cubre el certificado (referencia a ds:KeyInfo).');
  if (!coversProps) problems.push('La firma no cubre las propiedades firmadas (referencia a xades:SignedProperties).');

  // The signature value, with the key of the certificate the signature carries.
  const certText = compact(doc.path(keyInfo, [NS_DS, 'X509Data'], [NS_DS, 'X509Certificate'])?.text ?? '');
  const cert = certText ? certificateFacts(certText) : null;
  if (!cert) {
    problems.push('La firma no incluye un certificado X.509 legible (ds:KeyInfo/ds:X509Data/ds:X509Certificate).');
  } else if (method === RSA_SHA256) {
    const value = Buffer.from(compact(doc.kid(signature, NS_DS, 'SignatureValue')?.text ?? ''), 'base64');
    const canonicalSignedInfo = Buffer.from(doc.canonicalSubtree(doc.locate(signedInfo), null), 'utf8');
    let valid: boolean;
    try {
      valid = rsaVerify('sha256', canonicalSignedInfo, cert.publicKey, value);
    } catch {
      valid = false; // a key that is not RSA, a value of the wrong size
    }
    if (!valid) problems.push('El valor de la firma (ds:SignatureValue) no corresponde al certificado ni a ds:SignedInfo.');
  }

  // XAdES-EPES: the signed properties the DIAN requires.
  const qualifying = doc.path(signature, [NS_DS, 'Object'], [NS_XADES, 'QualifyingProperties']);
  const props = doc.kid(signedProps, NS_XADES, 'SignedSignatureProperties');
  if (!props) {
    problems.push('La firma no es XAdES-EPES: faltan las propiedades firmadas (xades:SignedProperties).');
    return problems;
  }
  if (signature.attrs.Id === undefined || qualifying?.attrs.Target !== `#${signature.attrs.Id}`) {
    problems.push('xades:QualifyingProperties no apunta a la firma (Target).');
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?-05:00$/.test(doc.kid(props, NS_XADES, 'SigningTime')?.text ?? '')) {
    problems.push('xades:SigningTime debe ser la hora de Colombia con -05:00.');
  }
  const certRef = doc.path(props, [NS_XADES, 'SigningCertificate'], [NS_XADES, 'Cert']);
  const certDigest = doc.kid(certRef, NS_XADES, 'CertDigest');
  const certAlgorithm = digestName(doc.kid(certDigest, NS_DS, 'DigestMethod')?.attrs.Algorithm ?? '');
  const certDigestValue = compact(doc.kid(certDigest, NS_DS, 'DigestValue')?.text ?? '');
  if (!certDigest || !certAlgorithm || !certDigestValue) {
    problems.push('La firma no incluye el resumen del certificado firmante (xades:SigningCertificate).');
  } else if (cert && digestOf(certAlgorithm, cert.der) !== certDigestValue) {
    problems.push('El resumen del certificado firmante (xades:SigningCertificate) no corresponde al certificado de la firma.');
  } else if (cert) {
    const serial = doc.path(certRef, [NS_XADES, 'IssuerSerial'], [NS_DS, 'X509SerialNumber'])?.text.trim();
    if (serial !== cert.serial) {
      problems.push(
        'El número de serie del certificado firmante (xades:IssuerSerial) no corresponde al certificado de la firma.',
      );
    }
  }
  const policy = doc.path(props, [NS_XADES, 'SignaturePolicyIdentifier'], [NS_XADES, 'SignaturePolicyId']);
  const identifier = doc.path(policy, [NS_XADES, 'SigPolicyId'], [NS_XADES, 'Identifier'])?.text.trim();
  const policyHash = doc.kid(policy, NS_XADES, 'SigPolicyHash');
  const policyAlgorithm = digestName(doc.kid(policyHash, NS_DS, 'DigestMethod')?.attrs.Algorithm ?? '');
  const policyDigest = compact(doc.kid(policyHash, NS_DS, 'DigestValue')?.text ?? '');
  if (identifier !== DIAN_SIGNATURE_POLICY.identifier || !policyDigest) {
    problems.push('La firma no declara la política de firma de la DIAN (identificador y hash).');
  } else if (policyAlgorithm !== 'sha256' || policyDigest !== DIAN_SIGNATURE_POLICY.sha256) {
    problems.push('El hash de la política de firma (xades:SigPolicyHash) no es el del documento de la política de la DIAN.');
  }
  return problems;
}
