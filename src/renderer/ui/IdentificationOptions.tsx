import { codeOptionLabel } from '#shared/dian/code-list';
import { IDENTIFICATION_TYPES } from '#shared/dian/identification-types';

/** DIAN's identification types as a select's options, «13 · Cédula de ciudadanía»: the FE receiver, the DSE supplier and customers offer the same list. */
export function IdentificationOptions() {
  return (
    <>
      {IDENTIFICATION_TYPES.map((t) => (
        <option key={t.code} value={t.code}>
          {codeOptionLabel(t)}
        </option>
      ))}
    </>
  );
}
