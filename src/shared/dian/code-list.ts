// The shape every DIAN code list of the client shares, and the one way a screen writes a code with
// its name («13 · Cédula de ciudadanía»), so that no two selects word the same list differently.

/** One row of a DIAN code list: the code sent, the name as DIAN writes it, and a shorter form for narrow places. */
export interface DianCode {
  readonly code: string;
  readonly name: string;
  /** For printouts and lists where the full name does not fit; the name when absent. */
  readonly short?: string;
}

/** The name of a code in a list, or undefined for a code the list does not hold. */
export function nameOf(list: readonly DianCode[], code: string): string | undefined {
  return list.find((entry) => entry.code === code.trim())?.name;
}

/** «13 · Cédula de ciudadanía»: how an option of a code list reads in every form. */
export function codeOptionLabel(entry: DianCode): string {
  return `${entry.code} · ${entry.name}`;
}
