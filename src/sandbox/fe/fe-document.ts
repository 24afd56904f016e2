// Turns a validated FE request into the stored document (the detail endpoint's `doc`) and its UBL:
// server numbering, CUFE, signed XML.
import { randomUUID } from 'node:crypto';
import type { FeDocument, Tercero } from '#shared/api/index';
import { DSE_WITHHOLDINGS } from '#shared/dse/aliases';
import type { FeRequest } from '#shared/fe/index';
import { feQrText, type TipoAmbiente } from '#shared/fiscal/index';
import { computeCufe, softwareSecurityCode } from '../fiscal-hashes';
import { sum, toMoneyString } from '#shared/money';
import type { Company } from '../storage/company-store';
import { companyParty, personParty, withDepartment } from '../xml/parties';
import { exactDecimal, priceAmount, type UblInvoice, type UblLine, type UblTax } from '../xml/ubl-model';

/** Sandbox addition: the receiver's municipality, when the request gives it (README, "FE receptor address"). */
export interface FeReceiverPlace {
  city: string;
  cityCode: string;
  department: string;
  departmentCode: string;
}

export interface FeIssue {
  /** the receiver's municipality (sandbox addition to `receptor`) */
  place?: FeReceiverPlace | null;
  id: number;
  number: number;
  date: string;
  /** HH:MM:SS */
  time: string;
  xmlPath: (model: UblInvoice) => string;
  /** a contingency invoice (docs/SANDBOX.md, "Contingency"); absent: an ordinary one (01) */
  contingency?: FeContingencyIssue;
}

/**
 * How a contingency invoice is written: type 03 is numbered by the ticket printed at the sale (its
 * contingency resolution, prefix and number) and generated on the day it is transmitted (annex 1.9:
 * generation and signature on the same day), referring to the ticket; type 04 keeps the generation
 * date and time the issuer declares. Without a ticket a type 03 takes the server's number and
 * carries no reference (the authority rejects it).
 */
export interface FeContingencyIssue {
  typeCode: '03' | '04';
  /** cbc:IssueDate and cbc:IssueTime (HH:MM:SS) */
  issueDate: string;
  issueTime: string;
  ticket?: { prefix: string; number: number; date: string; time: string; control: UblInvoice['control'] };
}

const m = toMoneyString;

function withholdingScheme(type: string): { code: string; name: string } {
  const known = DSE_WITHHOLDINGS.find((w) => w.key === type.toLowerCase());
  return known ? { code: known.code, name: known.name } : { code: type, name: type };
}

/**
 * AIU as invoice lines, so that LineExtensionAmount is the sum of the lines and the AIU's IVA group
 * is carried by a line (DIAN FAU02, FAS01b): with the tax on A+I+U one line "AIU" (base A+I+U); with
 * the tax on the utility two lines, "Administración e imprevistos" (untaxed) and "Utilidad" (taxed).
 */
function aiuLines(aiu: FeRequest['totals']['aiu']): UblLine[] {
  if (!aiu) return [];
  const tax = (base: Parameters<typeof m>[0]): UblTax[] =>
    aiu.taxRate.isZero() ? [] : [{ code: '01', name: 'IVA', rate: exactDecimal(aiu.taxRate), base: m(base), amount: m(aiu.tax) }];
  const line = (description: string, amount: Parameters<typeof m>[0], taxes: UblTax[]): UblLine => ({
    quantity: '1.00',
    unitCode: '94',
    lineExtension: m(amount),
    description,
    price: m(amount),
    ownCode: 'AIU',
    taxes,
  });
  const aiuSum = aiu.administracion.plus(aiu.imprevistos).plus(aiu.utilidad);
  if (aiuSum.isZero()) return [];
  if (aiu.taxBase.eq(aiuSum)) return [line('AIU: administración, imprevistos y utilidad', aiuSum, tax(aiuSum))];
  const ai = aiu.administracion.plus(aiu.imprevistos);
  return [
    ...(ai.isZero() ? [] : [line('AIU: administración e imprevistos', ai, [])]),
    line('AIU: utilidad', aiu.utilidad, tax(aiu.utilidad)),
  ];
}

export function buildFeDocument(
  company: Company,
  request: FeRequest,
  tercero: Tercero,
  issue: FeIssue,
): { doc: FeDocument; extra: Record<string, unknown> } {
  const t = request.totals;
  const ambiente: TipoAmbiente = company.habilitacion ? '2' : '1';
  const ticket = issue.contingency?.ticket;
  const prefix = ticket ? ticket.prefix : company.fe.prefix;
  const number = ticket ? ticket.number : issue.number;
  const numFac = `${prefix}${number}`;
  const issueDate = issue.contingency?.issueDate ?? request.fecha_emision;
  const issueTime = issue.contingency?.issueTime ?? issue.time;
  const horFac = `${issueTime}-05:00`;
  const cufe = computeCufe({
    numFac,
    fecFac: issueDate,
    horFac,
    valFac: t.subtotal,
    valImpIva: t.iva,
    valImpInc: t.inc,
    valImpIca: t.ica,
    valTot: t.total,
    nitOfe: company.nit,
    numAdq: request.receptor.numero_doc,
    claveTecnica: company.fe.technical_key,
    tipoAmbiente: ambiente,
  });
  const lineTaxes = (i: number): UblTax[] => {
    const line = t.lines[i];
    return line?.tax
      ? [
          {
            code: line.tax.code,
            name: line.tax.name,
            rate: exactDecimal(line.rate),
            base: m(line.base),
            amount: m(line.taxAmount),
          },
        ]
      : [];
  };
  const itemLines: UblLine[] = request.items.map((item, i) => {
    const line = t.lines[i]!;
    return {
      quantity: exactDecimal(line.quantity),
      unitCode: '94',
      lineExtension: m(line.base),
      description: item.desc,
      price: priceAmount(line.quantity, line.unitValue, line.base),
      ownCode: String(i + 1),
      taxes: lineTaxes(i),
    };
  });
  const aiu = aiuLines(t.aiu);
  const lines = [...itemLines, ...aiu];
  const model: UblInvoice = {
    kind: 'FE',
    // AIU is its own operation type in DIAN's list (09); the standard one is 10.
    ...(aiu.length > 0 ? { operationType: '09' } : {}),
    ...(issue.contingency ? { typeCode: issue.contingency.typeCode } : {}),
    contingencyTicket: ticket ? { id: numFac, issueDate: ticket.date, issueTime: `${ticket.time}-05:00` } : null,
    id: numFac,
    issueDate,
    issueTime: horFac,
    ambiente,
    signingTime: `${issue.date}T${issue.time}-05:00`,
    uuid: cufe,
    currency: request.currency.commercial_currency,
    note: request.observaciones,
    control: ticket?.control ?? {
      resolution: company.fe.resolution.number,
      validFrom: company.fe.resolution.valid_from,
      validTo: company.fe.resolution.valid_to,
      prefix: company.fe.prefix,
      from: company.fe.resolution.range_from,
      to: company.fe.resolution.range_to,
    },
    software: {
      providerNit: company.nit,
      providerDv: companyParty(company).dv ?? '',
      softwareId: company.software.id,
      securityCode: softwareSecurityCode(company.software.id, company.software.pin, numFac),
    },
    qr: feQrText({
      numFac,
      fecFac: issueDate,
      horFac,
      nitFac: company.nit,
      docAdq: request.receptor.numero_doc,
      valFac: m(t.subtotal),
      valIva: m(t.iva),
      valOtroIm: m(t.inc.plus(t.ica)),
      valTolFac: m(t.total),
      cufe,
      ambiente,
    }),
    supplier: companyParty(company),
    customer: personParty({
      tipoDoc: request.receptor.tipo_doc,
      id: request.receptor.numero_doc,
      name: request.receptor.nombre,
      email: request.receptor.email,
      address: withDepartment({ line: request.receptor.direccion, ...(issue.place ?? {}) }),
    }),
    paymentMeans: {
      formId: request.payment.form === 'contado' ? '1' : '2',
      code: request.payment.means_code,
      dueDate: request.payment.due_date,
    },
    period: null,
    exchangeRate:
      request.currency.commercial_currency === 'USD' && request.currency.applied_rate
        ? {
            source: 'USD',
            target: 'COP',
            rate: request.currency.applied_rate,
            date: request.currency.rate_date ?? request.fecha_emision,
          }
        : null,
    taxTotals: t.taxGroups.map((g) => ({
      code: g.code,
      name: g.name,
      rate: exactDecimal(g.rate),
      base: m(g.base),
      amount: m(g.amount),
    })),
    withholdings: t.withholdings.map((w) => ({
      ...withholdingScheme(w.type),
      rate: exactDecimal(w.percent),
      base: m(w.base),
      amount: m(w.amount),
    })),
    // TaxExclusiveAmount: the base of the taxed lines only (FAU04).
    totals: {
      lineExtension: m(t.subtotal),
      taxExclusive: m(sum(lines.flatMap((l) => l.taxes.map((x) => x.base)))),
      taxInclusive: m(t.total),
      payable: m(t.total),
    },
    lines,
  };
  const doc: FeDocument = {
    id: issue.id,
    company_id: company.id,
    // The contract knows invoices as 01 (and notes as 91): a contingency invoice stays 01 there and
    // says its DIAN type (cbc:InvoiceTypeCode) in the sandbox addition `tipo_factura`.
    tipo_dian: '01',
    prefijo: prefix,
    consecutivo: number,
    estado_dian: 'sending',
    cufe,
    es_habilitacion: company.habilitacion,
    subtotal: m(t.subtotal),
    impuestos: m(t.impuestos),
    total: m(t.total),
    moneda: request.currency.commercial_currency,
    fecha_emision: `${issueDate}T${issueTime}`,
    fecha_vencimiento: request.payment.due_date,
    xml_path: issue.xmlPath(model),
    track_id: randomUUID(),
    zip_key: randomUUID(),
    tercero: {
      id: tercero.id,
      nombre: tercero.nombre,
      tipo_documento: tercero.tipo_documento,
      numero_documento: tercero.numero_documento,
      email: tercero.email,
    },
    items: request.items.map((item, i) => {
      const line = t.lines[i]!;
      return {
        id: i + 1,
        descripcion: item.desc,
        cantidad: m(line.quantity),
        valor_unitario: m(line.unitValue),
        descuento: '0.00',
        base_imponible: m(line.base),
        impuesto: m(line.taxAmount),
        // Sandbox decision: an untaxed line shows DIAN's "No aplica" code ZZ.
        tipo_impuesto: line.tax?.name ?? 'No aplica',
        codigo_impuesto: line.tax?.code ?? 'ZZ',
      };
    }),
  };
  const extra = {
    es_contingencia: request.es_contingencia,
    ...(issue.contingency ? { tipo_factura: issue.contingency.typeCode } : {}),
    observaciones: request.observaciones,
    total_retenciones: m(t.totalRetenciones),
    neto_pagar: m(t.netoPagar),
    payment: request.payment,
    currency: request.currency,
    ...(t.aiu
      ? {
          aiu: {
            administracion: m(t.aiu.administracion),
            imprevistos: m(t.aiu.imprevistos),
            utilidad: m(t.aiu.utilidad),
            impuesto: m(t.aiu.tax),
          },
        }
      : {}),
  };
  return { doc: { ...doc, ...extra } as FeDocument, extra };
}
