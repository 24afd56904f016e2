// `--register NAME` as the CLI, `npm run web` and `npm start` take it: both spellings, the rest of
// argv untouched, and a missing or unusable name refused in Spanish before anything opens.
import { describe, expect, it } from 'vitest';
import { takeRegisterArgument } from '#core/registers/register-argument';

describe('--register NAME', () => {
  it.each([
    [['--register', 'Caja 2', 'status'], 'Caja 2', ['status']],
    [['--home', '/tmp/x', '--register=Mostrador', 'history'], 'Mostrador', ['--home', '/tmp/x', 'history']],
    [['--register', '  Caja 3  '], 'Caja 3', []],
    [['status'], undefined, ['status']],
  ])('%j: %s', (argv, register, rest) => {
    expect(takeRegisterArgument(argv)).toEqual({ register, rest });
  });

  it.each([
    [['--register'], /Falta el nombre de la caja después de --register/],
    [['--register', '--database', 'sqlite'], /Falta el nombre de la caja/],
    [['--register='], /Escriba el nombre de esta caja/],
    [['--register', 'x'.repeat(41)], /como máximo 40 caracteres/],
  ])('%j is refused', (argv, message) => {
    expect(() => takeRegisterArgument(argv)).toThrow(message);
    try {
      takeRegisterArgument(argv);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_input' });
    }
  });
});
