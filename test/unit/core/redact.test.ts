// Pieces of a secret in a text (a server quoting a token's prefix, or cutting it) are redacted:
// every run of 6 or more of its characters; a run of digits only is kept where asked (a NIT).
import { describe, expect, it } from 'vitest';
import { redact, withoutFragments } from '#core/log/logger';

const TOKEN = 'sk_live_Ab12Cd34Ef56Gh78';

describe('withoutFragments', () => {
  it.each([
    ['token sk_live_A… revocado', 'token [oculto]… revocado'],
    ['cliente Ab12Cd34 y fin Gh78 ok', 'cliente [oculto] y fin Gh78 ok'],
    ['dos: live_Ab12 y 34Ef56Gh', 'dos: [oculto] y [oculto]'],
    ['nada que ver: sk_li', 'nada que ver: sk_li'],
    ['', ''],
  ])('%s', (text, expected) => {
    expect(withoutFragments(text, TOKEN)).toBe(expected);
  });

  it('keeps a run of digits only when asked (a NIT in a message), still taking out mixed pieces', () => {
    const numeric = 'tok-900123456789';
    expect(withoutFragments('NIT 900123456 inválido', numeric)).toBe('NIT [oculto] inválido');
    expect(withoutFragments('NIT 900123456 inválido', numeric, { keepNumbers: true })).toBe('NIT 900123456 inválido');
    expect(withoutFragments('clave tok-9001 rechazada', numeric, { keepNumbers: true })).toBe('clave [oculto] rechazada');
  });

  it('redact takes pieces out only on request (logs keep whole-token redaction)', () => {
    expect(redact('prefijo sk_live_Ab', [TOKEN])).toBe('prefijo sk_live_Ab');
    expect(redact('prefijo sk_live_Ab', [TOKEN], { fragments: true })).toBe('prefijo [oculto]');
    expect(redact(`entero ${TOKEN}.`, [TOKEN], { fragments: true })).toBe('entero [oculto].');
  });
});
