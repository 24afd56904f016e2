// The printed representation (representación gráfica) of an FE or a DSE, built from the local
// history only: the mirrored document, the request this app sent, and the issuer profile.
// QR contents as FISCAL.md says ("QR of the printed representation").
import { contingencyTicketNumber, parseContingencyReference } from '#shared/fe/contingency-reference';
import type { TipoAmbiente } from '#shared/fiscal/cufe';
import { dseQrText, feQrText } from '#shared/fiscal/qr';
import { formatDate } from '#shared/dates';
import { nitCheckDigit } from '#shared/fiscal/nit';
import { dec, toMoneyString } from '#shared/money';
import type { HistoryDetail, IssuerProfile } from '#shared/rpc/methods/history';
import { PAYMENT_MEANS } from '../support-documents/model/catalogs';
import { dsePrintParts } from './dse-print';
import {
  asObj,
  dseLines,
  feLines,
  ivaAndOthers,
  taxGroups,
  text,
  withholdings,
  type DocLine,
  type TaxGroup,
  type Withholding,
} from '../history/document-parts';

export interface PrintParty {
  role: string;
  nombre: string;
  documento: string;
  lines: string[];
}

export interface PrintModel {
  kind: 'FE' | 'DSE';
  title: string;
  number: string;
  issueDate: string;
  /** "HH:MM:SS", Colombia's wall clock: what a page prints (the QR alone carries the offset) */
  issueTime: string;
  dueDate: string | null;
  payment: string | null;
  ambiente: TipoAmbiente;
  issuer: PrintParty;
  counterpart: PrintParty;
  lines: DocLine[];
  taxes: TaxGroup[];
  withholdings: Withholding[];
  currency: 'COP' | 'USD';
  /** COP per USD when the document is in USD */
  rate: string | null;
  totals: { label: string; value: string; strong?: boolean }[];
  fiscalKeyLabel: 'CUFE' | 'CUDS';
  fiscalKey: string;
  /** null for a contingency invoice not yet transmitted: it has no CUFE yet */
  qrText: string | null;
  notes: string | null;
  issuerMissing: boolean;
  /** DSE weekly accumulated: the period it covers */
  period: { from: string; to: string } | null;
  /** the issuer's logo (a data URL), when the profile has one */
  logo: string | null;
  /** the numbering resolution as printed on an FE ("Autorización de numeración …"), when entered */
  resolution: string | null;
  /** the software that generated the printed representation */
  software: string;
  /** An FE issued in contingency: printed as such, with its local reference when this app made it. */
  contingency: {
    localRef: string | null;
    /** the contingency ticket's number ("CT12") from the shop's contingency numbering */
    ticket: string | null;
    /** why a queued sale has no ticket number, in the shop's words */
    problem: string | null;
    /** the contingency resolution, as printed on the ticket */
    resolution: string | null;
  } | null;
}

function contingencyOf(detail: HistoryDetail): PrintModel['contingency'] {
  if (detail.entry.kind !== 'FE') return null;
  const flagged = detail.document.es_contingencia === true || detail.request?.es_contingencia === true;
  if (!flagged && !detail.submission?.contingency) return null;
  const queued = detail.submission?.contingency;
  const reference = parseContingencyReference(
    typeof detail.request?.observaciones === 'string' ? detail.request.observaciones : null,
  );
  const ticket = reference?.type === '3' ? reference : null;
  return {
    localRef: queued?.local_ref ?? null,
    ticket: queued?.ticket ?? (ticket ? contingencyTicketNumber(ticket.numbering.prefix, ticket.number) : null),
    problem: queued?.ticket_problem ?? null,
    resolution: ticket
      ? `Numeración de contingencia DIAN No. ${ticket.numbering.resolution} del ${formatDate(ticket.numbering.validFrom)}, vigente hasta el ${formatDate(ticket.numbering.validTo)}, del ${ticket.numbering.prefix}${ticket.numbering.from} al ${ticket.numbering.prefix}${ticket.numbering.to}.`
      : null,
  };
}

/** The contingency mark as printed: "Factura de contingencia No. CT12 · Ref. local CONT-000012". */
export function contingencyMark(c: NonNullable<PrintModel['contingency']>): string {
  return `Factura de contingencia${c.ticket ? ` No. ${c.ticket}` : ''}${c.localRef ? ` · Ref. local ${c.localRef}` : ''}`;
}

/** Said where a contingency invoice not yet transmitted has no CUFE (nor QR) yet. */
export const PENDING_KEY =
  'Se asigna al transmitir la factura. Este comprobante de contingencia y su referencia local valen hasta entonces; la factura electrónica con su número y CUFE queda en el historial.';

export const PENDING_FOOTER =
  'la factura electrónica se transmite a la DIAN dentro del plazo de contingencia; con la referencia local se consulta su número y CUFE.';

export const SOFTWARE_NAME = 'Factura Desk';

/** The resolution's text the graphic representation of an FE carries. */
export function resolutionText(r: NonNullable<IssuerProfile['resolucion']>): string {
  return (
    `Autorización de numeración de facturación DIAN No. ${r.numero} del ${formatDate(r.desde)}, vigente hasta el ${formatDate(r.hasta)}, ` +
    `${r.prefijo ? `prefijo ${r.prefijo}, ` : ''}del ${r.prefijo}${r.rango_desde} al ${r.prefijo}${r.rango_hasta}.`
  );
}

/** "NIT 900123456-7": the check digit as entered, or computed from the NIT. */
function nitWithDv(issuer: IssuerProfile): string {
  const dv = issuer.dv || (/^\d{1,15}$/.test(issuer.nit) ? nitCheckDigit(issuer.nit) : '');
  return `NIT ${issuer.nit}${dv ? `-${dv}` : ''}`;
}

const FE_TITLE = 'Factura electrónica de venta';
const DSE_TITLE =
  'Documento soporte en adquisiciones efectuadas a sujetos no obligados a expedir factura o documento equivalente';

/** "HH:MM:SS-05:00" (the QR's time) from "YYYY-MM-DDTHH:MM:SS" or "YYYY-MM-DD HH:MM:SS". */
export function colombiaTime(stamp: string): string {
  const match = /[T ](\d{2}:\d{2}:\d{2})/.exec(stamp);
  return `${match?.[1] ?? '00:00:00'}-05:00`;
}

/** "HH:MM:SS" of a time that may carry an offset ("10:05:00-05:00"): the wall clock a page prints. */
function wallTime(time: string): string {
  return /^\d{2}:\d{2}(:\d{2})?/.exec(time)?.[0] ?? '00:00:00';
}

function issuerParty(issuer: IssuerProfile | null, companyId: number, role: string): PrintParty {
  if (!issuer) return { role, nombre: `Empresa ${companyId}`, documento: 'NIT sin configurar', lines: [] };
  return {
    role,
    nombre: issuer.nombre,
    documento: nitWithDv(issuer),
    lines: [issuer.direccion, issuer.ciudad, issuer.telefono, issuer.email].filter((line) => line.length > 0),
  };
}

export function buildPrintModel(detail: HistoryDetail): PrintModel {
  const { entry, document, request, issuer } = detail;
  const nit = issuer?.nit ?? '';
  const ambiente: TipoAmbiente = document.es_habilitacion === true || document.es_habilitacion === 1 ? '2' : '1';
  const m = (value: string) => toMoneyString(value);
  if (entry.kind === 'FE') {
    const lines = feLines(document);
    const tercero = asObj(document.tercero);
    const receptor = asObj(request?.receptor);
    const payment = asObj(request?.payment);
    const currencyInfo = asObj(request?.currency);
    const currency = text(document.moneda) === 'USD' || text(currencyInfo.commercial_currency) === 'USD' ? 'USD' : 'COP';
    const rate = currency === 'USD' ? text(currencyInfo.applied_rate ?? currencyInfo.official_trm) || null : null;
    const { iva, others } = ivaAndOthers(lines);
    const qrTime = colombiaTime(text(document.fecha_emision));
    const totals: PrintModel['totals'] = [
      { label: 'Subtotal', value: m(entry.subtotal) },
      { label: 'Impuestos', value: m(entry.impuestos) },
      { label: 'Total', value: m(entry.total), strong: true },
    ];
    return {
      kind: 'FE',
      title: FE_TITLE,
      // A contingency invoice not yet transmitted: the service numbers it.
      number: entry.fiscal_key ? entry.number : 'por asignar al transmitir',
      issueDate: entry.issue_date,
      issueTime: wallTime(qrTime),
      dueDate: text(document.fecha_vencimiento) || text(payment.due_date) || null,
      payment: payment.form
        ? `${text(payment.form) === 'credito' ? 'Crédito' : 'Contado'} · ${meansLabel(text(payment.means_code))}`
        : null,
      ambiente,
      issuer: issuerParty(issuer, detail.company_id, 'Emisor (vendedor)'),
      counterpart: {
        role: 'Adquiriente (cliente)',
        nombre: text(tercero.nombre) || entry.counterpart_name,
        documento: `${docTypeLabel(text(tercero.tipo_documento))} ${text(tercero.numero_documento) || entry.counterpart_doc}`,
        lines: [text(receptor.direccion), text(tercero.email) || text(receptor.email)].filter((line) => line.length > 0),
      },
      lines,
      taxes: taxGroups(lines),
      withholdings: withholdings('FE', request),
      currency,
      rate,
      totals,
      fiscalKeyLabel: 'CUFE',
      fiscalKey: entry.fiscal_key,
      qrText: !entry.fiscal_key
        ? null
        : feQrText({
            numFac: entry.number,
            fecFac: entry.issue_date,
            horFac: qrTime,
            nitFac: nit,
            docAdq: text(tercero.numero_documento) || entry.counterpart_doc,
            valFac: m(entry.subtotal),
            valIva: iva,
            valOtroIm: others,
            valTolFac: m(entry.total),
            cufe: entry.fiscal_key,
            ambiente,
          }),
      notes: text(request?.observaciones) || null,
      issuerMissing: issuer === null,
      contingency: contingencyOf(detail),
      period: null,
      logo: issuer?.logo || null,
      resolution: issuer?.resolucion ? resolutionText(issuer.resolucion) : null,
      software: SOFTWARE_NAME,
    };
  }
  const supplier = asObj(request?.proveedor);
  const lines = dseLines(request);
  const qrTime = text(request?.hora) || colombiaTime(text(document.created_at));
  const retenciones = text(document.total_retenciones) || '0.00';
  const neto = toMoneyString(dec(entry.total).minus(retenciones));
  const dseParts = dsePrintParts(request);
  return {
    kind: 'DSE',
    title: DSE_TITLE,
    number: entry.number,
    issueDate: entry.issue_date,
    issueTime: wallTime(qrTime),
    dueDate: text(request?.fecha_vencimiento) || null,
    payment: request?.forma_pago
      ? `${text(request.forma_pago) === '2' ? 'Crédito' : 'Contado'} · ${meansLabel(text(request.medio_pago_codigo) || '10')}`
      : null,
    ambiente,
    issuer: issuerParty(issuer, detail.company_id, 'Adquiriente (emisor del documento)'),
    counterpart: {
      role: 'Vendedor no obligado a facturar (proveedor)',
      nombre: text(supplier.nombre) || entry.counterpart_name,
      documento: `${docTypeLabel(text(supplier.tipo_documento))} ${text(supplier.nit) || entry.counterpart_doc}${supplier.dv ? `-${text(supplier.dv)}` : ''}`,
      lines: [
        text(supplier.direccion),
        [text(supplier.municipio), text(supplier.departamento)].filter(Boolean).join(', '),
        text(supplier.email),
      ].filter((line) => line.length > 0),
    },
    lines,
    taxes: taxGroups(lines),
    withholdings: dseParts?.withholdings ?? withholdings('DSE', request),
    currency: entry.moneda === 'USD' ? 'USD' : 'COP',
    rate: null,
    totals: [
      { label: 'Subtotal', value: m(entry.subtotal) },
      { label: 'IVA', value: m(entry.impuestos) },
      { label: 'Total', value: m(entry.total) },
      { label: 'Retenciones', value: toMoneyString(retenciones) },
      { label: 'Neto a pagar', value: neto, strong: true },
    ],
    fiscalKeyLabel: 'CUDS',
    fiscalKey: entry.fiscal_key,
    qrText: dseQrText({
      numDs: entry.number,
      fecDs: entry.issue_date,
      horDs: qrTime,
      numSno: text(supplier.nit) || entry.counterpart_doc,
      docAbs: nit,
      valDs: m(entry.subtotal),
      valIva: m(entry.impuestos),
      valTolDs: m(entry.total),
      cuds: entry.fiscal_key,
      ambiente,
    }),
    notes: null,
    issuerMissing: issuer === null,
    contingency: null,
    period: dseParts?.period ?? null,
    logo: issuer?.logo || null,
    resolution: null,
    software: SOFTWARE_NAME,
  };
}

/** A DIAN payment means code in words ("Efectivo"); an unknown one by its code. */
function meansLabel(code: string): string {
  return PAYMENT_MEANS.find((means) => means.code === code)?.label ?? `medio de pago ${code || 'sin código'}`;
}

function docTypeLabel(code: string): string {
  return code === '31'
    ? 'NIT'
    : code === '13'
      ? 'C.C.'
      : code === '22'
        ? 'C.E.'
        : code === '41'
          ? 'Pasaporte'
          : code
            ? `Doc. ${code}`
            : '';
}
