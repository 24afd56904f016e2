// The simulated tax authority's reproducible outcomes, chosen by the DSE supplier's `proveedor.nit`
// or the FE receiver's `receptor.numero_doc` (docs/SANDBOX.md, "Magic outcomes").
export type Outcome =
  | 'accept'
  | 'reject'
  /** uncertain now, `aceptado` after settle-ms */
  | 'uncertain_then_accept'
  /** uncertain now, `rechazado` after settle-ms */
  | 'uncertain_then_reject'
  /** created, signed and recorded as accepted, then the connection is destroyed without an answer */
  | 'drop_connection'
  /** the first attempt of each key answers 500 before creating anything */
  | 'fail_first_attempt'
  /** the transmission takes settle-ms, then accepted */
  | 'slow_accept';

export const MAGIC_OUTCOMES: Readonly<Record<string, Outcome>> = {
  '222222222': 'reject',
  '333333333': 'uncertain_then_accept',
  '444444444': 'uncertain_then_reject',
  '555555555': 'drop_connection',
  '666666666': 'fail_first_attempt',
  '777777777': 'slow_accept',
};

/** `get-acquirer` for this identification number answers 502. */
export const ACQUIRER_UNAVAILABLE_NUMBER = '502502502';

export function outcomeFor(partyNumber: string): Outcome {
  return MAGIC_OUTCOMES[partyNumber] ?? 'accept';
}

export const DIAN_ACCEPTED = {
  is_valid: true,
  status_code: '00',
  status_description: 'Procesado Correctamente.',
} as const;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
