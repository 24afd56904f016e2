// ZE02 verified for real (docs/SANDBOX.md, "Rules of the simulated tax authority", signature): real
// documents of the running sandbox (a DSE and an FE created over HTTP, read from its data folder) are
// tampered in many ways, and the rule engine (authority/rules.ts with authority/signature-check.ts)
// and xmlsec1 must agree on each: both accept or both reject. XAdES-level defects (the policy hash,
// the SigningCertificate digest, a missing reference) are made cryptographically valid by re-signing
// with xmlsec1, so xmlsec1 accepts them and only the rule engine can reject them.
//
// The API takes JSON, never XML: the sandbox checks only the XML it wrote itself, so there is no HTTP
// path for a tampered document. The tampered documents go to the rule engine as a unit, and the HTTP
// side is that the sandbox's own documents pass ZE02 (201, dian.is_valid).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkTransmittedXml, type AuthorityInput } from '#sandbox/authority/rules';
import { DIAN_SIGNATURE_POLICY } from '#sandbox/xml/signer';
import { dseBody, feBody, newKey } from '#test/requests/conformance';
import { useSandbox } from '#test/sandbox/fixture';
import { SANDBOX_TODAY } from '#test/seed';
import { tempDir } from '#test/temp';
import { xmlsec1Sign, xmlsec1Verify } from '#test/ubl/xmlsec1';

const data = tempDir('signature-check-');
const sandbox = useSandbox({ data: data.path });

interface Signed {
  kind: 'DSE' | 'FE';
  xml: string;
  authority: AuthorityInput;
}
const docs: Signed[] = [];
let certificatePem = '';
let keyPem = '';
let otherCertificateBase64 = '';

type Dian = { is_valid: boolean; errores?: { regla: string }[] };

beforeAll(async () => {
  const dse = await sandbox.api.post<{ documento: { xml_path: string }; dian: Dian }>('/dse/documentos', dseBody(), {
    idempotencyKey: newKey('firma'),
  });
  const fe = await sandbox.api.post<{ factura_id: number }>('/fe/facturas', feBody({ draft_key: newKey('firma-fe') }));
  expect(dse.status, JSON.stringify(dse.body)).toBe(201);
  expect(fe.status, JSON.stringify(fe.body)).toBe(201);
  const feDoc = (await sandbox.api.get<{ doc: { xml_path: string } }>(`/fe/docs/${fe.body.factura_id}`)).body.doc;
  certificatePem = readFileSync(join(data.path, 'cert', 'sandbox-signing-cert.pem'), 'utf8');
  keyPem = readFileSync(join(data.path, 'cert', 'sandbox-signing-key.pem'), 'utf8');
  docs.push({
    kind: 'DSE',
    xml: readFileSync(join(data.path, dse.body.documento.xml_path), 'utf8'),
    authority: { kind: 'DSE', key: '12345', pin: '12345', today: SANDBOX_TODAY },
  });
  docs.push({
    kind: 'FE',
    xml: readFileSync(join(data.path, feDoc.xml_path), 'utf8'),
    authority: { kind: 'FE', key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c', pin: '12345', today: SANDBOX_TODAY },
  });
  const other = await selfsigned.generate([{ name: 'commonName', value: 'Otro firmante' }], { keyType: 'rsa', keySize: 2048 });
  otherCertificateBase64 = other.cert.replace(/-----[A-Z ]+-----|\s+/g, '');
});

/** The rule engine's ZE02 problems for the document. */
const ze02 = (xml: string, doc: Signed) =>
  checkTransmittedXml(xml, doc.authority)
    .filter((v) => v.code === 'ZE02')
    .map((v) => v.message);

/** Both verifiers on one document: whether each accepts it. */
function verdicts(xml: string, doc: Signed): { ours: boolean; xmlsec1: boolean; problems: string[] } {
  const problems = ze02(xml, doc);
  return { ours: problems.length === 0, xmlsec1: xmlsec1Verify(xml, certificatePem).ok, problems };
}

/** `re` must match `xml`: a tamper that changes nothing would prove nothing. */
function replaceOnce(xml: string, re: RegExp | string, by: string | ((...m: string[]) => string)): string {
  const out = xml.replace(re, by as (substring: string, ...args: unknown[]) => string);
  if (out === xml) throw new Error(`the tamper did not apply: ${String(re)}`);
  return out;
}

/** The document's ds:SignedInfo emptied of its digests and signature value: a template for xmlsec1 --sign. */
function template(xml: string): string {
  const withDigests = replaceOnce(xml, /<ds:SignedInfo>[\s\S]*?<\/ds:SignedInfo>/, (signedInfo) =>
    signedInfo.replace(/<ds:DigestValue>[^<]*<\/ds:DigestValue>/g, '<ds:DigestValue></ds:DigestValue>'),
  );
  return replaceOnce(withDigests, /(<ds:SignatureValue[^>]*>)[^<]*</, '$1<');
}

const resign = (xml: string) => xmlsec1Sign(template(xml), keyPem, certificatePem);

const flipSignatureByte = (xml: string) =>
  replaceOnce(xml, /(<ds:SignatureValue[^>]*>)([^<]+)</, (_, open: string, value: string) => {
    const bytes = Buffer.from(value, 'base64');
    bytes[17]! ^= 0x01;
    return `${open}${bytes.toString('base64')}<`;
  });

const OTHER_DIGEST = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

/** Cryptographic defects: both must reject. */
const rejectedByBoth: [string, (xml: string) => string][] = [
  ['an amount changed after signing', (x) => replaceOnce(x, /(<cbc:PayableAmount currencyID="COP">)[\d.]+</, '$11.00<')],
  [
    'the CUFE / CUDS changed',
    (x) =>
      replaceOnce(x, /(schemeName="CU(?:FE|DS)-SHA384">)(.)/, (_, open: string, c: string) => `${open}${c === 'a' ? 'b' : 'a'}`),
  ],
  ['a byte of SignatureValue flipped', flipSignatureByte],
  [
    "the document reference's DigestValue changed",
    (x) => replaceOnce(x, /(<ds:Reference [^>]*URI=""[\s\S]*?<ds:DigestValue>)[^<]*/, `$1${OTHER_DIGEST}`),
  ],
  [
    "the KeyInfo reference's DigestValue changed",
    (x) => replaceOnce(x, /(<ds:Reference URI="#[^"]*-KeyInfo">[\s\S]*?<ds:DigestValue>)[^<]*/, `$1${OTHER_DIGEST}`),
  ],
  ['another certificate in KeyInfo', (x) => replaceOnce(x, /(<ds:X509Certificate>)[^<]*/, `$1${otherCertificateBase64}`)],
  ['the KeyInfo reference removed', (x) => replaceOnce(x, /<ds:Reference URI="#[^"]*-KeyInfo">[\s\S]*?<\/ds:Reference>/, '')],
  [
    'SigningTime changed',
    (x) => replaceOnce(x, /(<xades:SigningTime>[^T]*T)(\d\d)/, (_, a: string, h: string) => `${a}${h === '11' ? '12' : '11'}`),
  ],
  [
    'the policy hash changed (not re-signed: the SignedProperties digest breaks)',
    (x) => replaceOnce(x, DIAN_SIGNATURE_POLICY.sha256, OTHER_DIGEST),
  ],
  [
    'whitespace added between two elements',
    (x) => replaceOnce(x, '</cbc:IssueDate><cbc:IssueTime>', '</cbc:IssueDate>\n<cbc:IssueTime>'),
  ],
  [
    'a text outside the signature changed',
    (x) => replaceOnce(x, /(<cbc:IssueTime>\d\d:\d\d:)(\d)/, (_, a: string, s: string) => `${a}${s === '1' ? '2' : '1'}`),
  ],
];

/** Changes canonicalization removes (a comment, a character reference, quotes): both must accept. */
const acceptedByBoth: [string, (xml: string) => string][] = [
  ['a comment added in the document', (x) => replaceOnce(x, '</cbc:IssueDate>', '</cbc:IssueDate><!-- añadido después -->')],
  ['a letter written as a character reference', (x) => replaceOnce(x, '<cbc:ProfileID>DIAN', '<cbc:ProfileID>&#68;IAN')],
  ['an attribute in single quotes', (x) => replaceOnce(x, 'currencyID="COP"', "currencyID='COP'")],
  ['CRLF after the XML declaration', (x) => replaceOnce(x, /\?>\n?/, '?>\r\n')],
];

/** XAdES-level defects, re-signed by xmlsec1: xmlsec1 accepts them, the rule engine must not. */
const xadesDefects: [string, (xml: string) => string, RegExp][] = [
  ['a wrong policy hash', (x) => replaceOnce(x, DIAN_SIGNATURE_POLICY.sha256, OTHER_DIGEST), /política de firma/],
  [
    'another policy identifier',
    (x) => replaceOnce(x, DIAN_SIGNATURE_POLICY.identifier, 'https://example.com/politica.pdf'),
    /política de firma de la DIAN/,
  ],
  [
    'a SigningCertificate digest of another certificate',
    (x) => replaceOnce(x, /(<xades:CertDigest>[\s\S]*?<ds:DigestValue>)[^<]*/, `$1${OTHER_DIGEST}`),
    /certificado firmante/,
  ],
  [
    'only two references (KeyInfo not covered)',
    (x) => replaceOnce(x, /<ds:Reference URI="#[^"]*-KeyInfo">[\s\S]*?<\/ds:Reference>/, ''),
    /no cubre el certificado/,
  ],
  ['SigningTime in UTC', (x) => replaceOnce(x, /(<xades:SigningTime>[^<]*)-05:00/, '$1Z'), /-05:00/],
];

/**
 * The same document written otherwise (what another signer might send): line breaks and indentation,
 * CRLF, self-closed empty elements, attributes in another order, namespaces declared again or
 * elsewhere, an empty default namespace, xml:lang on the root, comments. Re-signed by xmlsec1 with its
 * own canonicalization; ours must compute the same digests.
 */
function writtenOtherwise(xml: string): string {
  let x = xml;
  x = replaceOnce(x, /<Invoice /, '<Invoice xml:lang="es-CO" ');
  x = replaceOnce(x, /<ds:Reference (Id="[^"]*") (URI="")>/, '<ds:Reference $2 $1>');
  x = x.replace(/<(ds:(?:Transform|DigestMethod|CanonicalizationMethod|SignatureMethod)) ([^>]*)><\/\1>/g, '<$1 $2/>');
  x = replaceOnce(
    x,
    '<cac:InvoiceLine>',
    '<cac:InvoiceLine xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:otro="urn:ejemplo:otro">',
  );
  x = replaceOnce(x, '<ds:KeyInfo ', '<ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:k="urn:ejemplo:keyinfo" ');
  x = replaceOnce(x, /<cbc:Note>|<\/cbc:IssueTime>/, (m) =>
    m === '<cbc:Note>' ? '<cbc:Note xmlns="">' : `${m}<extra xmlns="">sin espacio de nombres</extra>`,
  );
  x = replaceOnce(x, '</cac:LegalMonetaryTotal>', '</cac:LegalMonetaryTotal><!-- fin de totales -->');
  x = x.replace(/></g, '>\n  <').replace(/\n/g, '\r\n');
  return x;
}

describe('ZE02: the rule engine and xmlsec1 agree on tampered sandbox documents', () => {
  it("the sandbox's own documents pass ZE02 over HTTP (201) and verify with both", async () => {
    const answer = await sandbox.api.post<{ dian: Dian }>('/dse/documentos', dseBody(), { idempotencyKey: newKey('ok') });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.dian.is_valid).toBe(true);
    for (const doc of docs) {
      expect(checkTransmittedXml(doc.xml, doc.authority)).toEqual([]);
      expect(xmlsec1Verify(doc.xml, certificatePem).ok).toBe(true);
    }
  });

  it.each(rejectedByBoth)('%s: both reject, the rule engine with ZE02', (_what, tamper) => {
    for (const doc of docs) {
      const result = verdicts(tamper(doc.xml), doc);
      expect(result, doc.kind).toMatchObject({ ours: false, xmlsec1: false });
    }
  });

  it.each(acceptedByBoth)('%s: both accept', (_what, change) => {
    for (const doc of docs) {
      expect(verdicts(change(doc.xml), doc), doc.kind).toMatchObject({ ours: true, xmlsec1: true });
    }
  });

  it.each(xadesDefects)('%s, re-signed: xmlsec1 accepts it, the rule engine rejects it with ZE02', (_what, tamper, message) => {
    for (const doc of docs) {
      const result = verdicts(resign(tamper(doc.xml)), doc);
      expect(result, doc.kind).toMatchObject({ ours: false, xmlsec1: true });
      expect(result.problems.join(' '), doc.kind).toMatch(message);
    }
  });

  it('a document written otherwise and re-signed by xmlsec1: both accept it, and both reject it once an amount changes', () => {
    for (const doc of docs) {
      const resigned = resign(writtenOtherwise(doc.xml));
      expect(verdicts(resigned, doc), doc.kind).toMatchObject({ ours: true, xmlsec1: true });
      const tampered = replaceOnce(resigned, /(<cbc:PayableAmount currencyID="COP">)[\d.]+</, '$11.00<');
      expect(verdicts(tampered, doc), doc.kind).toMatchObject({ ours: false, xmlsec1: false });
    }
  });

  it('an Id carried twice (a copy of KeyInfo planted in the document) is refused by the rule engine, whichever the reference would find', () => {
    for (const doc of docs) {
      const keyInfo = /<ds:KeyInfo [\s\S]*?<\/ds:KeyInfo>/.exec(doc.xml)![0];
      const twice = replaceOnce(doc.xml, '</cbc:IssueTime>', `</cbc:IssueTime>${keyInfo}`);
      expect(ze02(twice, doc).join(' '), doc.kind).toMatch(/repetido/);
    }
  });

  it('the untouched document re-signed by xmlsec1 is accepted by both (the same canonical bytes)', () => {
    for (const doc of docs) expect(verdicts(resign(doc.xml), doc), doc.kind).toMatchObject({ ours: true, xmlsec1: true });
  });
});
