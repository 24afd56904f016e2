// The document forms' lines belong to an empty form of their own (forms/LinesForm.tsx explains why): adding
// lines must not add controls to the document's form, and each line control must sit inside the
// document's markup while being owned by that other, hidden form.
import { expect } from 'vitest';

type Owned = HTMLInputElement | HTMLSelectElement | HTMLButtonElement;

const CONTROLS = 'input, select, textarea, button, fieldset, output, object';

/**
 * Adds lines with `addLines` and checks the document's form kept its own controls only: no control
 * of the lines' body is among the document form's elements. (Not a count of the form's elements:
 * parts of the form drawn from data that arrives later, such as the cost centers, may add their own
 * controls while the lines are being added.)
 */
export async function expectLinesOutsideForm(
  documentForm: HTMLFormElement,
  addLines: () => Promise<void>,
  lineControls: () => Owned[],
): Promise<void> {
  await addLines();
  const controls = lineControls();
  const body = controls[0]!.closest('tbody');
  expect(body).not.toBeNull();
  const inLines = [...body!.querySelectorAll<Owned>(CONTROLS)];
  // Every added line's controls are there (3 given per line at least), and none belongs to the document's form.
  expect(inLines.length).toBeGreaterThanOrEqual(controls.length);
  const documentControls = new Set<Element>(documentForm.elements);
  expect(inLines.filter((control) => documentControls.has(control))).toEqual([]);
  const owner = controls[0]!.form;
  expect(owner).not.toBeNull();
  expect(owner).not.toBe(documentForm);
  expect(owner!.hidden).toBe(true);
  for (const control of inLines) {
    expect(documentForm.contains(control)).toBe(true);
    expect(control.form).toBe(owner);
  }
}
