// NIT check digit (DV) per DIAN: weights from the rightmost digit leftwards (FISCAL.md, "NIT check digit").
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** Check digit of a NIT given without its DV. Throws on a value that is not 1 to 15 digits. */
export function nitCheckDigit(nit: string): string {
  if (!/^\d{1,15}$/.test(nit)) throw new Error(`NIT inválido: ${nit}`);
  let total = 0;
  const digits = nit.split('').reverse();
  digits.forEach((digit, index) => {
    total += Number(digit) * (WEIGHTS[index] as number);
  });
  const r = total % 11;
  return String(r === 0 || r === 1 ? r : 11 - r);
}

/** True when `dv` is the check digit of `nit`. */
export function isValidNitDv(nit: string, dv: string): boolean {
  return /^\d{1,15}$/.test(nit) && nitCheckDigit(nit) === dv;
}
