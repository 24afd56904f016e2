import { IDENTIFICATION_TYPES } from '#shared/api/fe';

/** The DIAN's identification types as a select's options: "13 — Cédula de ciudadanía". */
export function IdentificationOptions() {
  return (
    <>
      {IDENTIFICATION_TYPES.map((t) => (
        <option key={t.code} value={t.code}>
          {t.code} — {t.label}
        </option>
      ))}
    </>
  );
}
