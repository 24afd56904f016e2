// DIAN's payment means (`MediosPago-2.1`), the codes a shop uses: the FE takes its code from the
// company's payment methods (the contract: "the company catalog is authoritative"), so this list only
// names a code for screens and printouts; the DSE sends the code itself, "numeric, 1 to 3 digits"
// ("DSE create"), so its form offers the numeric codes only. Names as DIAN writes them, its typos
// («Consiganción», «Transferecia») corrected.
import type { DianCode } from './code-list';

export const PAYMENT_MEANS = [
  { code: '10', name: 'Efectivo' },
  { code: '42', name: 'Consignación bancaria' },
  { code: '47', name: 'Transferencia débito bancaria' },
  { code: '45', name: 'Transferencia crédito bancario' },
  { code: '48', name: 'Tarjeta crédito' },
  { code: '49', name: 'Tarjeta débito' },
  { code: '20', name: 'Cheque' },
  { code: '1', name: 'Instrumento no definido' },
  { code: '2', name: 'Crédito ACH' },
  { code: '3', name: 'Débito ACH' },
  { code: '30', name: 'Transferencia crédito' },
  { code: '31', name: 'Transferencia débito' },
  { code: '44', name: 'Nota cambiaria' },
  { code: '71', name: 'Bonos' },
  { code: '72', name: 'Vales' },
  { code: 'ZZZ', name: 'Acuerdo mutuo' },
] as const satisfies readonly DianCode[];

/** The codes a DSE may send: the contract's «1 to 3 digits». */
export const DSE_PAYMENT_MEANS: readonly DianCode[] = PAYMENT_MEANS.filter((m) => /^\d{1,3}$/.test(m.code));

/** «Efectivo»; undefined for a code the list does not name. */
export function paymentMeansName(code: string): string | undefined {
  return PAYMENT_MEANS.find((m) => m.code === code.trim())?.name;
}

/** The payment means code of cash: the sale that opens the cash drawer. */
export const CASH_MEANS_CODE = '10';
