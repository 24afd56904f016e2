// The document forms' lines belong to an empty form of their own (forms/LinesForm.tsx explains why): adding
// lines must not add controls to the document's form, and each line control must sit inside the
// document's markup while being owned by that other, hidden form.
import { expect } from 'vitest';

type Owned = HTMLInputElement | HTMLSelectElement | HTMLButtonElement;

/** Adds lines with `addLines` and checks the document's form kept its own controls only. */
export async function expectLinesOutsideForm(
  documentForm: HTMLFormElement,
  addLines: () => Promise<void>,
  lineControls: () => Owned[],
): Promise<void> {
  const before = documentForm.elements.length;
  await addLines();
  expect(documentForm.elements.length).toBe(before);
  const controls = lineControls();
  const owner = controls[0]!.form;
  expect(owner).not.toBeNull();
  expect(owner).not.toBe(documentForm);
  expect(owner!.hidden).toBe(true);
  for (const control of controls) {
    expect(documentForm.contains(control)).toBe(true);
    expect(control.form).toBe(owner);
  }
}
