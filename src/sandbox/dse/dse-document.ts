// Turns a validated DSE request into the stored document and its UBL: server numbering, CUDS, XML.
// The parties are the reverse of an invoice's: the supplier (not obliged to invoice) is
// AccountingSupplierParty, the company is AccountingCustomerParty and the issuer.
import { randomUUID } from 'node:crypto';
import type { DseDocument } from '#shared/api/index';
import type { DseRequest } from '#shared/dse/index';
import { dseQrText, type TipoAmbiente } from '#shared/fiscal/index';
import { computeCuds, softwareSecurityCode } from '../fiscal-hashes';
import { roundCents, sum, toMoneyString, ZERO } from '#shared/money';
import { TAX_RATES } from '../authority/catalogs';
import type { Company } from '../storage/company-store';
import type { DseRow } from '../storage/dse-store';
import { companyParty, personParty, withDepartment } from '../xml/parties';
import { exactDecimal, priceAmount, type UblInvoice } from '../xml/ubl-model';

export interface DseIssue {
  id: number;
  number: number;
  thirdPartyId: number;
  /** YYYY-MM-DD HH:MM:SS, Colombia */
  stamp: string;
  /** the document's `xml_path`; the XML itself is built from the returned model and signed afterwards */
  xmlPath: (model: UblInvoice) => string;
}

const m = toMoneyString;

export function buildDseDocument(
  company: Company,
  req: DseRequest,
  issue: DseIssue,
  exchangeRate: string | null = null,
): DseRow & { model: UblInvoice } {
  const t = req.totals;
  const ambiente: TipoAmbiente = company.habilitacion ? '2' : '1';
  const numDs = `${company.dse.prefix}${issue.number}`;
  const cuds = computeCuds({
    numDs,
    fecDs: req.fecha_documento,
    horDs: req.hora,
    valDs: t.subtotal,
    valImp: t.impuestos,
    valTol: t.total,
    numSno: req.proveedor.nit,
    nitAbs: company.nit,
    softwarePin: company.software.pin,
    tipoAmbiente: ambiente,
  });
  const p = req.proveedor;
  const customer = companyParty(company);
  const model: UblInvoice = {
    kind: 'DSE',
    id: numDs,
    issueDate: req.fecha_documento,
    issueTime: req.hora,
    ambiente,
    signingTime: `${issue.stamp.replace(' ', 'T')}-05:00`,
    uuid: cuds,
    currency: req.moneda,
    note: null,
    control: {
      resolution: company.dse.resolution.number,
      validFrom: company.dse.resolution.valid_from,
      validTo: company.dse.resolution.valid_to,
      prefix: company.dse.prefix,
      from: company.dse.resolution.range_from,
      to: company.dse.resolution.range_to,
    },
    software: {
      providerNit: company.nit,
      providerDv: customer.dv ?? '',
      softwareId: company.software.id,
      securityCode: softwareSecurityCode(company.software.id, company.software.pin, numDs),
    },
    qr: dseQrText({
      numDs,
      fecDs: req.fecha_documento,
      horDs: req.hora,
      numSno: p.nit,
      docAbs: company.nit,
      valDs: m(t.subtotal),
      valIva: m(t.impuestos),
      valTolDs: m(t.total),
      cuds,
      ambiente,
    }),
    supplier: personParty({
      tipoDoc: p.tipo_documento,
      id: p.nit,
      dv: p.dv,
      name: p.nombre,
      email: p.email,
      phone: p.telefono,
      regimen: p.regimen,
      taxScheme: { id: p.dian_tax_scheme_code, name: p.dian_tax_scheme_code === '01' ? 'IVA' : 'No aplica' },
      address: withDepartment({
        line: p.direccion,
        city: p.municipio,
        cityCode: p.codigo_municipio,
        department: p.departamento,
        departmentCode: p.codigo_departamento,
        country: p.pais,
        postalCode: p.codigo_postal,
      }),
    }),
    customer,
    paymentMeans: { formId: req.forma_pago, code: req.medio_pago_codigo, dueDate: req.fecha_vencimiento },
    period: { start: req.fecha_inicio_periodo, end: req.fecha_fin_periodo },
    // Sandbox addition: `tasa_cambio` (COP per unit of the document currency) for a DSE not in COP.
    exchangeRate:
      req.moneda !== 'COP' && exchangeRate
        ? { source: req.moneda, target: 'COP', rate: exchangeRate, date: req.fecha_documento }
        : null,
    taxTotals: taxGroups(req),
    // The percent exactly as computed (0.966, not 0.97), so that base x percent = amount in the XML too.
    withholdings: req.retenciones.map((w) => ({
      code: w.dian_tax_code,
      name: w.tax_name,
      rate: exactDecimal(w.percent),
      base: m(w.base),
      amount: m(w.amount),
    })),
    // TaxExclusiveAmount: the base of the taxed lines only (DSAU04).
    totals: {
      lineExtension: m(t.subtotal),
      taxExclusive: m(sum(req.items.filter((l) => l.impuesto.gt(0)).map((l) => l.base))),
      taxInclusive: m(t.total),
      payable: m(t.total),
    },
    lines: req.items.map((l) => ({
      quantity: exactDecimal(l.cantidad),
      unitCode: l.unidad_medida,
      lineExtension: m(l.base),
      description: l.descripcion,
      price: priceAmount(l.cantidad, l.precio_unitario, l.base),
      standardCode: l.codigo,
      taxes: l.impuesto.gt(0) ? [{ code: '01', name: 'IVA', rate: lineRate(l), base: m(l.base), amount: m(l.impuesto) }] : [],
      period: {
        start: req.fecha_inicio_periodo,
        end: req.fecha_fin_periodo,
        code: req.forma_generacion === '2' ? '2' : '1',
        description: req.forma_generacion === '2' ? 'Acumulado semanal' : 'Por operación',
      },
    })),
  };
  const costCenters = [...new Set(req.items.map((l) => l.cost_center_id).filter((c): c is number => c !== null))];
  const doc: DseDocument = {
    id: issue.id,
    company_id: company.id,
    prefijo: company.dse.prefix,
    consecutivo: issue.number,
    document_date: req.fecha_documento,
    accounting_due_date: req.fecha_vencimiento_contable,
    moneda: req.moneda,
    subtotal: m(t.subtotal),
    impuestos: m(t.impuestos),
    total: m(t.total),
    total_retenciones: m(t.total_retenciones),
    es_habilitacion: company.habilitacion ? 1 : 0,
    xml_path: issue.xmlPath(model),
    estado_dian: 'firmado',
    cuds,
    zip_key: randomUUID(),
    last_status_error: null,
    accounting_status: 'pending',
    third_party_id: issue.thirdPartyId,
    // Sandbox decision: the document's cost center is the items' one; null when none or several.
    cost_center_id: costCenters.length === 1 ? (costCenters[0] as number) : null,
    created_at: issue.stamp,
    updated_at: issue.stamp,
  };
  const extra = {
    neto_pagar: m(t.neto_pagar),
    hora: req.hora,
    forma_generacion: req.forma_generacion,
    fecha_inicio_periodo: req.fecha_inicio_periodo,
    fecha_fin_periodo: req.fecha_fin_periodo,
    forma_pago: req.forma_pago,
    medio_pago_codigo: req.medio_pago_codigo,
    fecha_vencimiento: req.fecha_vencimiento,
    proveedor: { tipo_documento: p.tipo_documento, nit: p.nit, dv: p.dv, nombre: p.nombre },
    items: req.items.map((l) => ({
      codigo: l.codigo,
      descripcion: l.descripcion,
      cantidad: l.cantidad.toFixed(),
      unidad_medida: l.unidad_medida,
      precio_unitario: l.precio_unitario.toFixed(2),
      base: m(l.base),
      porcentaje_iva: l.porcentaje_iva?.toFixed(2) ?? null,
      impuesto: m(l.impuesto),
      cost_center_id: l.cost_center_id,
    })),
    retenciones: req.retenciones.map((w) => ({
      retention_key: w.retention_key,
      dian_tax_code: w.dian_tax_code,
      tax_name: w.tax_name,
      base_mode: w.base_mode,
      base: m(w.base),
      percent: w.percent.toFixed(),
      amount: m(w.amount),
    })),
  };
  return { doc, extra, model };
}

/**
 * The line's IVA percent. A tax given as an amount (`impuesto`, legacy `iva`) has the ratio as its
 * percent, which misses DIAN's tariffs (TarifaImpuestoIVA-2.1) on small bases (2.00 on 10.50 is
 * 19.05 %): when the percent is not a tariff and a tariff gives exactly the line's tax, that tariff
 * is written, so the tax authority's product and tariff checks both hold; otherwise the percent as is.
 */
function lineRate(l: DseRequest['items'][number]): string {
  const stated = l.porcentaje_iva ?? (l.base.isZero() ? ZERO : l.impuesto.dividedBy(l.base).times(100));
  const tariffs = TAX_RATES.get('01') ?? [];
  if (tariffs.some((r) => stated.eq(r))) return stated.toFixed(2);
  const tariff = tariffs.find((r) => roundCents(l.base.times(r).dividedBy(100)).eq(l.impuesto));
  return tariff ?? stated.toFixed(2);
}

function taxGroups(req: DseRequest): UblInvoice['taxTotals'] {
  const taxed = req.items.filter((l) => l.impuesto.gt(0));
  const byRate = new Map<string, { base: DseRequest['totals']['subtotal']; amount: DseRequest['totals']['subtotal'] }>();
  for (const l of taxed) {
    const rate = lineRate(l);
    const g = byRate.get(rate);
    byRate.set(rate, g ? { base: g.base.plus(l.base), amount: g.amount.plus(l.impuesto) } : { base: l.base, amount: l.impuesto });
  }
  return [...byRate.entries()].map(([rate, g]) => ({ code: '01', name: 'IVA', rate, base: m(g.base), amount: m(g.amount) }));
}
