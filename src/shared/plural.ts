// Counts in words for es-CO screens: "1 documento", "2 documentos", "1.250 documentos". One place,
// so that no screen writes "1 documentos" (issue 18, "One voice").
const integer = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

/** "1 documento" / "3 documentos"; the plural is the singular plus "s" unless given. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${integer.format(n)} ${n === 1 ? singular : plural}`;
}
