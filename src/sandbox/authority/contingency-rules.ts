// The simulated tax authority's contingency rules (docs/SANDBOX.md, "Contingency"): an invoice of the
// issuer's contingency (InvoiceTypeCode 03) carries the ticket printed at the sale and arrives within
// 48 hours of the problem being solved; one of the tax authority's contingency (04) was signed when it
// was generated, while the authority was unavailable. Called from rules.ts on the transmitted XML;
// what the XML cannot know (when the problem was solved, numbers already received) comes in
// `ContingencyFacts`, worked out by the FE creation from the server's clock and records.
import { CONTINGENCY_TICKET_TYPE } from '../xml/ubl';
import type { RuleInfo } from './rules';
import { child, textAt, type XmlElement } from './xml-tree';

/** What the server knows, apart from the XML, when a contingency invoice arrives. */
export interface ContingencyFacts {
  /** a type 03 arrives more than 48 h after the problem was solved */
  late: boolean;
  /** Colombia's date and time of that deadline, for the message */
  deadlineText: string | null;
  /** a type 03 with this ticket number was already received and not rejected */
  duplicate: boolean;
  /** the simulated tax authority was unavailable at the signing time */
  authorityDown: boolean;
}

/** Hours after the problem is solved within which the contingency documents must be transmitted. */
export const CONTINGENCY_HOURS = 48;

export const CONTINGENCY_RULES: readonly RuleInfo[] = [
  {
    id: 'signing-date',
    fe: 'FAD09e',
    dse: 'FAD09e',
    source: 'public-table',
    checks: "FE: IssueDate is the date of the signature (xades:SigningTime's date), every invoice type (annex 1.9).",
  },
  {
    id: 'contingency-reference',
    fe: 'SBX-CTG01',
    dse: 'SBX-CTG01',
    source: 'sandbox',
    checks:
      "An invoice of the issuer's contingency (InvoiceTypeCode 03) carries an AdditionalDocumentReference to the ticket printed at the sale (ID = cbc:ID, IssueDate, IssueTime, DocumentTypeCode FTC), dated within its contingency resolution and not after the invoice.",
  },
  {
    id: 'contingency-duplicate',
    fe: '90',
    dse: '90',
    source: 'inferred',
    checks: 'A contingency ticket number is received once: a second type 03 invoice with the same number is rejected.',
  },
  {
    id: 'contingency-deadline',
    fe: 'SBX-CTG02',
    dse: 'SBX-CTG02',
    source: 'sandbox',
    checks:
      "A type 03 invoice arrives within 48 hours after the problem was solved: the end of the service outage the sandbox simulated at the ticket's time, or else the first type 03 invoice the company transmitted after the ticket.",
  },
  {
    id: 'contingency-authority',
    fe: 'CTG01',
    dse: 'CTG01',
    source: 'inferred',
    checks:
      "An invoice of the tax authority's contingency (InvoiceTypeCode 04) was signed while the authority was unavailable (an 'authority' outage of the sandbox in force at xades:SigningTime).",
  },
];

const CODE = Object.fromEntries(CONTINGENCY_RULES.map((r) => [r.id, r.fe])) as Record<string, string>;

type Fail = (code: string, message: string, field?: string | null) => void;

/** The ticket's date a type 03 invoice refers to (its issue as the shop printed it), or null. */
export function ticketDateOf(root: XmlElement): string | null {
  if (textAt(root, 'cbc:InvoiceTypeCode') !== '03') return null;
  return textAt(child(root, 'cac:AdditionalDocumentReference'), 'cbc:IssueDate') || null;
}

/** The contingency rules of an FE's XML (the kind is checked by the caller). */
export function checkContingency(root: XmlElement, signingTime: string, facts: ContingencyFacts | undefined, fail: Fail): void {
  const rule = (id: string) => CODE[id]!;
  const issue = textAt(root, 'cbc:IssueDate');
  const signedOn = signingTime.slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(signedOn) && issue !== signedOn) {
    fail(
      rule('signing-date'),
      `La fecha de generación de la factura (${issue}) es diferente a la fecha de firma de la factura (${signedOn}).`,
      'fecha_emision',
    );
  }
  const type = textAt(root, 'cbc:InvoiceTypeCode');
  if (type === '03') checkIssuerContingency(root, facts, fail);
  if (type === '04' && !facts?.authorityDown) {
    fail(
      rule('contingency-authority'),
      `La factura de contingencia de la DIAN (tipo 04) se firmó el ${signingTime.replace('T', ' ').slice(0, 19)}, fuera de un periodo de indisponibilidad de la DIAN.`,
    );
  }
}

function checkIssuerContingency(root: XmlElement, facts: ContingencyFacts | undefined, fail: Fail): void {
  const ref = child(root, 'cac:AdditionalDocumentReference');
  const id = textAt(root, 'cbc:ID');
  const ticket = textAt(ref, 'cbc:ID');
  const ticketDate = textAt(ref, 'cbc:IssueDate');
  if (
    !ref ||
    !ticket ||
    !/^\d{4}-\d{2}-\d{2}$/.test(ticketDate) ||
    textAt(ref, 'cbc:DocumentTypeCode') !== CONTINGENCY_TICKET_TYPE
  ) {
    fail(
      CODE['contingency-reference']!,
      'La factura de contingencia (tipo 03) no referencia la factura de talonario expedida en la venta (número, fecha y resolución de contingencia).',
      'observaciones',
    );
    return;
  }
  if (ticket !== id) {
    fail(
      CODE['contingency-reference']!,
      `La factura de contingencia ${id} referencia el talonario ${ticket}: deben ser el mismo número.`,
      'observaciones',
    );
  }
  const issue = textAt(root, 'cbc:IssueDate');
  if (ticketDate > issue) {
    fail(
      CODE['contingency-reference']!,
      `El talonario ${ticket} tiene fecha ${ticketDate}, posterior a la de la factura electrónica (${issue}).`,
      'observaciones',
    );
  }
  if (facts?.duplicate) {
    fail(
      CODE['contingency-duplicate']!,
      `Documento procesado anteriormente: la factura de contingencia ${id} ya fue recibida.`,
      'observaciones',
    );
  }
  if (facts?.late) {
    fail(
      CODE['contingency-deadline']!,
      `La factura de contingencia ${id} se transmitió después del plazo de ${CONTINGENCY_HOURS} horas desde que se superó el inconveniente (venció el ${facts.deadlineText ?? '(desconocido)'}).`,
      'observaciones',
    );
  }
}
