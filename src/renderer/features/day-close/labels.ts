// Labels of the Cierre de caja: payment methods by the company's own names when known, taxes by
// type and rate. Money stays in integer cents until it is shown.
import type { PaymentMethod } from '#shared/api/fe';
import { centsToDec } from '#shared/cents';
import { formatCop } from '#shared/money';
import type { DayClose } from '#shared/rpc/methods/day-close';

/** Names of the DIAN payment means codes seen at a counter, for a method the company no longer lists. */
const MEANS: Record<string, string> = {
  '10': 'Efectivo',
  '20': 'Cheque',
  '42': 'Consignación bancaria',
  '47': 'Transferencia débito bancaria',
  '48': 'Tarjeta crédito',
  '49': 'Tarjeta débito',
  ZZZ: 'Otro medio',
};

export function paymentLabel(group: DayClose['by_payment'][number], methods: readonly PaymentMethod[]): string {
  const method = methods.find((m) => m.id === group.method_id);
  const name =
    method?.label || method?.payment_means_name || MEANS[group.means_code] || `Medio de pago ${group.means_code || 'sin código'}`;
  return group.form === 'credito' ? `Crédito · ${name}` : name;
}

export function taxLabel(tax: DayClose['taxes'][number]): string {
  return `${tax.name} ${tax.rate.replace('.', ',')} %`;
}

export function cop(cents: number): string {
  return formatCop(centsToDec(cents));
}

export function documentsText(n: number): string {
  return `${n.toLocaleString('es-CO')} ${n === 1 ? 'documento' : 'documentos'}`;
}
