// Field errors are data, field and message apart (src/shared/api/fields.ts, field-errors.ts): a rule
// records its field beside its message, never glued into it, and a server's message is kept whole,
// even when it starts with a word and a colon as «NIT: 900123456 no existe» does.
import { describe, expect, it } from 'vitest';
import { submissionFieldErrors } from '#shared/api/field-errors';
import { FieldErrors, readString } from '#shared/api/fields';
import { validateDseRequest } from '#shared/dse/request';

describe('field errors, field and message apart', () => {
  it('a rule records its field beside its message', () => {
    const errors = new FieldErrors();
    readString(5, 'receptor.nombre', errors);
    expect(errors.list).toEqual([{ field: 'receptor.nombre', message: 'debe ser un texto' }]);
  });

  it("the shared request rules' messages do not repeat their field", () => {
    const result = validateDseRequest({}, { today: '2026-11-20', nowTime: '10:00:00', costCenters: [] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.length).toBeGreaterThan(0);
    for (const error of result.errors) expect(error.message.startsWith(`${error.field}:`), error.message).toBe(false);
  });

  it('a server message is kept whole, whatever it starts with', () => {
    const body = {
      ok: false,
      errors: [
        { field: 'proveedor.nit', message: 'NIT: 900123456 no existe' },
        { field: 'receptor.email', message: 'receptor.email: no es un correo válido' },
      ],
    };
    expect(submissionFieldErrors(body).map((e) => e.message)).toEqual([
      'NIT: 900123456 no existe',
      'receptor.email: no es un correo válido',
    ]);
  });
});
