// What a form control's error message says: the text of the element its aria-describedby names as
// its error (src/renderer/forms/), or undefined when there is none.
export function fieldMessageOf(control: HTMLElement): string | null | undefined {
  const id = control
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('error'));
  return id ? document.getElementById(id)?.textContent : undefined;
}
