/** Payment means (DIAN's list, numeric codes of 1 to 3 digits as the contract requires). */
export const PAYMENT_MEANS: readonly { code: string; label: string }[] = [
  { code: '10', label: 'Efectivo' },
  { code: '42', label: 'Consignación bancaria' },
  { code: '47', label: 'Transferencia débito bancaria' },
  { code: '45', label: 'Transferencia crédito bancaria' },
  { code: '48', label: 'Tarjeta crédito' },
  { code: '49', label: 'Tarjeta débito' },
  { code: '20', label: 'Cheque' },
  { code: '1', label: 'Instrumento no definido' },
  { code: '2', label: 'Crédito ACH' },
  { code: '3', label: 'Débito ACH' },
  { code: '30', label: 'Transferencia crédito' },
  { code: '31', label: 'Transferencia débito' },
  { code: '44', label: 'Nota cambiaria' },
  { code: '71', label: 'Bonos' },
  { code: '72', label: 'Vales' },
];

/** The DIAN payment means code of cash: the sale that opens the cash drawer. */
export const CASH_MEANS_CODE = '10';
