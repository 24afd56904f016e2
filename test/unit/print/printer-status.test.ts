// The four real-time status bytes of a network receipt printer read as the shop's words: each cause
// that keeps a ticket from printing, the most specific first; paper near its end as a note; bytes
// that are not status answers, and queries never answered, read as nothing wrong.
import { describe, expect, it } from 'vitest';
import { isStatusByte, readState, stateNotes, stateProblem, type StatusAnswers } from '#core/print/printer-status';
import { READY, statusByte, type PrinterCondition } from '#test/virtual-printer';

/** The answers a printer in `condition` gives to DLE EOT 1 to 4 (the virtual printer's table). */
function answersOf(condition: Partial<PrinterCondition>, paperOut = false): StatusAnswers {
  const c = { ...READY, ...condition };
  return {
    1: statusByte(1, c, paperOut),
    2: statusByte(2, c, paperOut),
    3: statusByte(3, c, paperOut),
    4: statusByte(4, c, paperOut),
  };
}

const problem = (answers: StatusAnswers) => stateProblem(readState(answers), 'la de la caja');

describe('printer status', () => {
  it('a ready printer (Epson answers 0x12 to each query) has no problem and no note', () => {
    const answers: StatusAnswers = { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 };
    expect(problem(answers)).toBeNull();
    expect(stateNotes(readState(answers))).toEqual([]);
  });

  for (const [condition, paperOut, start] of [
    [{ coverOpen: true }, false, 'La tapa de la impresora la de la caja está abierta'],
    [{}, true, 'La impresora la de la caja no tiene papel'],
    [{ cutterError: true }, false, 'La cuchilla de la impresora'],
    [{ unrecoverableError: true }, false, 'La impresora la de la caja tiene una falla que no se quita sola'],
    [{ autoRecoverableError: true }, false, 'La impresora la de la caja se está recuperando'],
    [{ recoverableError: true }, false, 'La impresora la de la caja tiene un error'],
    [{ feedButton: true }, false, 'El botón de avance de papel'],
    // The cover says why the printer is offline and out of paper at once: the cover is said.
    [{ coverOpen: true, cutterError: true }, true, 'La tapa de la impresora'],
  ] as [Partial<PrinterCondition>, boolean, string][]) {
    it(`${JSON.stringify(condition)}${paperOut ? ' without paper' : ''}: «${start}…»`, () => {
      expect(problem(answersOf(condition, paperOut))).toMatch(new RegExp(`^${start}`));
    });
  }

  it('offline with no cause given is said as offline; an old printer answering only the paper is read from that', () => {
    expect(problem({ 1: 0x12 | 0x08 })).toMatch(/^La impresora la de la caja está fuera de línea: revise/);
    expect(problem({ 4: 0x72 })).toMatch(/no tiene papel/);
    expect(problem({ 4: 0x12 })).toBeNull();
    expect(problem({})).toBeNull();
  });

  it('paper near its end is a note, never a refusal', () => {
    const answers = answersOf({ paperNearEnd: true });
    expect(problem(answers)).toBeNull();
    expect(stateNotes(readState(answers))).toEqual(['Al rollo de la impresora le queda poco papel: tenga uno nuevo a la mano.']);
  });

  it('the drawer signal is read but is no problem and no note (its meaning depends on the drawer)', () => {
    const answers = answersOf({ drawerSignal: true });
    expect(readState(answers).drawerSignal).toBe(true);
    expect(problem(answers)).toBeNull();
    expect(stateNotes(readState(answers))).toEqual([]);
  });

  it('only bytes with the fixed bits of a status answer are taken as one', () => {
    for (const byte of [0x12, 0x16, 0x1e, 0x72, 0x7e]) expect(isStatusByte(byte)).toBe(true);
    for (const byte of [0x00, 0xff, 0x41, 0x0a, 0x13, 0x92]) expect(isStatusByte(byte)).toBe(false);
  });
});
