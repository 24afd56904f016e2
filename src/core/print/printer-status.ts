// What a network receipt printer says about itself before a ticket: the four real-time status
// bytes of ESC/POS (DLE EOT n), read into the printer's state and turned into the shop's words. A
// state that keeps the ticket from printing (cover open, no paper, a jammed cutter, a fault) refuses
// the print with one sentence saying what to do; paper about to run out is a note on a ticket that
// printed. A printer that does not answer (many generic ones) prints as before.

const DLE = 0x10;
const EOT = 0x04;

/** DLE EOT n: 1 printer, 2 offline cause, 3 error cause, 4 roll paper sensor; asked in this order. */
export const STATUS_QUERIES = [1, 2, 3, 4] as const;
export type StatusQuery = (typeof STATUS_QUERIES)[number];

export function statusQuery(n: StatusQuery): Buffer {
  return Buffer.from([DLE, EOT, n]);
}

/**
 * Every status byte has bit 0 and bit 7 clear, bits 1 and 4 set: a byte that does not is not an
 * answer (something else on the port), and is not read as a state.
 */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/** The answers received, by query; a query not answered is absent. */
export type StatusAnswers = Partial<Record<StatusQuery, number>>;

export interface PrinterState {
  /** DLE EOT 1, bit 3 */
  offline: boolean;
  /**
   * DLE EOT 1, bit 2: the drawer connector's pin 3. Whether high means open or shut depends on the
   * drawer's switch, so it is read but never said to the shop as «open» or «closed».
   */
  drawerSignal: boolean;
  /** DLE EOT 2, bit 2 */
  coverOpen: boolean;
  /** DLE EOT 2, bit 3 (and DLE EOT 1, bit 6): paper being fed with the button */
  feedButton: boolean;
  /** DLE EOT 2, bit 5; DLE EOT 4, bits 5 and 6 */
  paperOut: boolean;
  /** DLE EOT 2, bit 6: an error, its cause in DLE EOT 3 */
  error: boolean;
  /** DLE EOT 3, bit 2: a mechanical error that clears once its cause is removed */
  recoverableError: boolean;
  /** DLE EOT 3, bit 3 */
  cutterError: boolean;
  /** DLE EOT 3, bit 5 */
  unrecoverableError: boolean;
  /** DLE EOT 3, bit 6: e.g. the head too hot; clears by itself */
  autoRecoverableError: boolean;
  /** DLE EOT 4, bits 2 and 3 */
  paperNearEnd: boolean;
}

export function readState(answers: StatusAnswers): PrinterState {
  const bit = (n: StatusQuery, mask: number) => {
    const byte = answers[n];
    return byte !== undefined && (byte & mask) !== 0;
  };
  return {
    offline: bit(1, 0x08),
    drawerSignal: bit(1, 0x04),
    coverOpen: bit(2, 0x04),
    feedButton: bit(2, 0x08) || bit(1, 0x40),
    paperOut: bit(2, 0x20) || bit(4, 0x60),
    error: bit(2, 0x40),
    recoverableError: bit(3, 0x04),
    cutterError: bit(3, 0x08),
    unrecoverableError: bit(3, 0x20),
    autoRecoverableError: bit(3, 0x40),
    paperNearEnd: bit(4, 0x0c),
  };
}

/**
 * Why the printer cannot print now, in the shop's words, or null. The most specific cause first:
 * a printer offline because its cover is open says «la tapa», not «fuera de línea».
 */
export function stateProblem(state: PrinterState, where: string): string | null {
  if (state.coverOpen) return `La tapa de la impresora ${where} está abierta: ciérrela y vuelva a imprimir.`;
  if (state.paperOut) return `La impresora ${where} no tiene papel: cambie el rollo y vuelva a imprimir.`;
  if (state.cutterError) {
    return `La cuchilla de la impresora ${where} está trabada: apáguela, abra la tapa, retire el papel atascado, ciérrela, enciéndala y vuelva a imprimir.`;
  }
  if (state.unrecoverableError) {
    return `La impresora ${where} tiene una falla que no se quita sola: apáguela y enciéndala; si sigue, llévela a revisión.`;
  }
  if (state.autoRecoverableError) {
    return `La impresora ${where} se está recuperando de un error (por ejemplo, el cabezal está muy caliente): espere un minuto y vuelva a imprimir.`;
  }
  if (state.recoverableError || state.error) {
    return `La impresora ${where} tiene un error: apáguela y enciéndala, y vuelva a imprimir.`;
  }
  if (state.feedButton) {
    return `El botón de avance de papel de la impresora ${where} está oprimido: suéltelo y vuelva a imprimir.`;
  }
  if (state.offline) {
    return `La impresora ${where} está fuera de línea: revise que tenga la tapa cerrada y papel, y vuelva a imprimir.`;
  }
  return null;
}

/** What the shop should know about a printer that printed: its paper about to run out. */
export function stateNotes(state: PrinterState): string[] {
  return state.paperNearEnd ? ['Al rollo de la impresora le queda poco papel: tenga uno nuevo a la mano.'] : [];
}
