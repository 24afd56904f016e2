// Counts in words for es-CO screens: "1 documento", "2 documentos", "1.250 documentos". One place,
// so that no screen writes "1 documentos". The form is chosen by Intl.PluralRules (es-CO has "one"
// and "other"; 1,5 is "other"), not by comparing with 1, so a new locale rule needs no screen change.
const integer = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
const rules = new Intl.PluralRules('es-CO');

/** "1 documento" / "3 documentos"; the plural is the singular plus "s" unless given. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${integer.format(n)} ${rules.select(n) === 'one' ? singular : plural}`;
}
