// What the customer picker offers: saved customers in the core's order (recent
// first), then the company's third parties by name, the exact number first wherever it came from,
// no third party twice when it is also saved, and the DIAN lookup for a number nobody has.
import { describe, expect, it } from 'vitest';
import type { Tercero } from '#shared/api/fe';
import type { Customer } from '#shared/customers/customer';
import { customerOptions, typedNumber } from '#renderer/features/counter/customer-options';

function saved(id: number, nombre: string, numero: string, tipo = '13'): Customer {
  return {
    id,
    tipo_doc: tipo,
    numero_doc: numero,
    dv: null,
    nombre,
    email: '',
    direccion: '',
    telefono: '',
    active: true,
    last_used_at: null,
    updated_at: '',
  };
}
function tercero(id: number, nombre: string, numero: string, tipo = '13'): Tercero {
  return { id, nombre, tipo_documento: tipo, numero_documento: numero, email: '', direccion: '' };
}

const SAVED = [saved(1, 'Pedro Espinosa', '80111222'), saved(2, 'Panadería La Espiga', '901234567', '31')];
const TERCEROS = [
  tercero(10, 'Zapatería Espinal', '52000111'),
  tercero(11, 'Ana Espitia', '80111'),
  tercero(12, 'Pedro Espinosa', '80111222'), // also saved
  tercero(13, 'Ferretería El Tornillo', '900456789', '31'),
];
const keys = (q: string, savedList = SAVED) => customerOptions(savedList, TERCEROS, q).map((o) => o.key);

describe('customer picker options', () => {
  it('keeps the saved ones in the order given (recent first), then third parties by name, without duplicates', () => {
    expect(keys('espi')).toEqual(['c1', 'c2', 't11', 't10']);
    expect(keys('espi', [SAVED[1]!, SAVED[0]!])).toEqual(['c2', 'c1', 't11', 't10']);
  });

  it('matches third parties by word starts (accents folded) and numbers by their start', () => {
    expect(keys('zapateria')).toEqual(['c1', 'c2', 't10']);
    expect(keys('ateria', [])).toEqual([]);
    expect(keys('9004', [])).toEqual(['t13']);
  });

  it('puts the exact number first, wherever it came from, and offers the DIAN lookup only when nobody has it', () => {
    expect(keys('80111', [])).toEqual(['t11', 't12']);
    expect(keys('80.111.222')).toEqual(['c1', 'c2']);
    const unknown = customerOptions([], TERCEROS, '1.020.304.050');
    expect(unknown).toEqual([{ kind: 'dian', key: 'd1020304050', numero: '1020304050' }]);
    expect(customerOptions([], TERCEROS, '1234')).toEqual([]);
    expect(typedNumber('52 111 222')).toBe('52111222');
    expect(typedNumber('Ana 1')).toBe('');
  });

  it('shows only saved customers when nothing is typed (the recent list)', () => {
    expect(keys('')).toEqual(['c1', 'c2']);
  });
});
