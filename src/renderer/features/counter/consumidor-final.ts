// A sale with no customer chosen is a sale to «consumidor final». Pure.
import type { FeFormValues } from '../invoices/model';

/** The generic identification the DIAN prescribes for a sale to an unidentified buyer. */
export const CONSUMIDOR_FINAL = {
  tipo_doc: '13',
  numero_doc: '222222222222',
  nombre: 'Consumidor final',
  email: '',
  direccion: '',
} as const;

type Receptor = FeFormValues['receptor'];

/** Whether no customer was chosen or typed: neither a document number nor a name. */
export function noCustomer(receptor: Receptor): boolean {
  return receptor.numero_doc.trim() === '' && receptor.nombre.trim() === '';
}

/** The buyer the invoice names: the one typed, or «consumidor final» when none was. */
export function saleReceptor(receptor: Receptor): Receptor {
  return noCustomer(receptor) ? { ...CONSUMIDOR_FINAL } : receptor;
}
