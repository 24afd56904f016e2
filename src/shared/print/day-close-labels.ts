// Labels of the Cierre de caja: payment methods by the company's own names when known, taxes by
// type and rate. Money stays in integer cents until it is shown.
import type { PaymentMethod } from '#shared/api/fe';
import { centsToDec } from '#shared/cents';
import { countOf, formatPercent } from '#shared/format';
import { formatCop } from '#shared/money';
import { paymentMeansName } from '#shared/dian/payment-means';
import type { DayClose } from '#shared/rpc/methods/day-close';

export function paymentLabel(group: DayClose['by_payment'][number], methods: readonly PaymentMethod[]): string {
  const method = methods.find((m) => m.id === group.method_id);
  const name =
    method?.label ||
    method?.payment_means_name ||
    paymentMeansName(group.means_code) ||
    `Medio de pago ${group.means_code || 'sin código'}`;
  return group.form === 'credito' ? `Crédito · ${name}` : name;
}

export function taxLabel(tax: DayClose['taxes'][number]): string {
  return `${tax.name} ${formatPercent(tax.rate)}`;
}

export function cop(cents: number): string {
  return formatCop(centsToDec(cents));
}

export function documentsText(n: number): string {
  return countOf(n, 'documento');
}
