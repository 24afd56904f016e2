// Bad input to an RPC method is refused field by field in Spanish: the schema's own message for a
// check wins (".int('Indique el plazo en horas enteras.')"), zod's English defaults never reach a
// screen, and the generic messages count in words.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssues } from '#shared/rpc/errors';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldIssues(parsed.error);
};

describe('field issues', () => {
  it("use the schema's own Spanish message for each check", () => {
    const hours = z.object({
      hours: z
        .number({ message: 'Indique el plazo en horas, con números.' })
        .int('Indique el plazo en horas enteras.')
        .min(1, 'El plazo es de al menos 1 hora.')
        .max(720, 'El plazo es de máximo 720 horas (30 días).'),
    });
    expect(issuesOf(hours, { hours: 1.5 })).toEqual([{ path: 'hours', message: 'Indique el plazo en horas enteras.' }]);
    expect(issuesOf(hours, { hours: 0 })).toEqual([{ path: 'hours', message: 'El plazo es de al menos 1 hora.' }]);
    expect(issuesOf(hours, { hours: 721 })).toEqual([{ path: 'hours', message: 'El plazo es de máximo 720 horas (30 días).' }]);
    expect(issuesOf(hours, { hours: '72' })).toEqual([{ path: 'hours', message: 'Indique el plazo en horas, con números.' }]);
  });

  it('say in Spanish what zod would have said in English', () => {
    const plain = z.object({ n: z.number().int(), name: z.string().min(1), list: z.array(z.string()).min(1) });
    const issues = issuesOf(plain, { n: 2.5, name: '', list: [] });
    expect(issues).toEqual([
      { path: 'n', message: 'Debe ser un número entero.' },
      { path: 'name', message: 'Este campo es obligatorio.' },
      { path: 'list', message: 'Debe tener al menos un elemento.' },
    ]);
    expect(issuesOf(plain, { name: 'x', list: ['a'] })).toEqual([{ path: 'n', message: 'Este campo es obligatorio.' }]);
    expect(issuesOf(plain, { n: 'tres', name: 'x', list: ['a'] })).toEqual([{ path: 'n', message: 'Debe ser un número.' }]);
    for (const issue of issues) expect(issue.message).not.toMatch(/Invalid|Too small|expected/);
  });
});
