// A line's quantity as people read it on paper: "1 und.", "2,5 kg" (es-CO digits, no trailing
// zeros), the UN/ECE unit code in words for the common ones and as it is otherwise.
const UNITS: Record<string, string> = {
  EA: 'und.',
  NIU: 'und.',
  '94': 'und.',
  KGM: 'kg',
  GRM: 'g',
  LTR: 'l',
  MLT: 'ml',
  MTR: 'm',
  CMT: 'cm',
  MTK: 'm²',
  HUR: 'h',
  DAY: 'días',
  MON: 'meses',
  SET: 'juegos',
  PR: 'pares',
};

const quantityFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 6 });

export function formatQuantity(cantidad: string, unidad: string): string {
  const value = Number(cantidad);
  const amount = cantidad.trim() !== '' && Number.isFinite(value) ? quantityFormat.format(value) : cantidad;
  const unit = UNITS[unidad.trim().toUpperCase()] ?? unidad.trim();
  return unit ? `${amount} ${unit}` : amount;
}
