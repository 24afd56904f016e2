// DIAN's code lists, one table each in src/shared/dian: complete for what the contract names, each
// code once, and the only place a code's name is written (the sandbox keeps its own genericode lists).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IdentificationType } from '#shared/api/fe';
import { CatalogTaxRate } from '#shared/catalog/product';
import { CustomerInput } from '#shared/customers/customer';
import { codeOptionLabel, nameOf } from '#shared/dian/code-list';
import { FISCAL_RESPONSIBILITIES } from '#shared/dian/fiscal-responsibilities';
import { IDENTIFICATION_TYPES, identificationTypeName, identificationTypeShort } from '#shared/dian/identification-types';
import { DSE_PAYMENT_MEANS, PAYMENT_MEANS, paymentMeansName } from '#shared/dian/payment-means';
import { TAX_RATES } from '#shared/dian/tax-rates';
import { TAX_SCHEMES } from '#shared/dian/tax-schemes';
import { TAX_TYPES } from '#shared/dian/tax-types';
import { WITHHOLDING_TYPES } from '#shared/dian/withholding-types';
import { classifyFeTax } from '#shared/fe/tax';

const codesOf = (list: readonly { code: string }[]) => list.map((entry) => entry.code);

describe('each DIAN code list', () => {
  it.each([
    ['identification types', IDENTIFICATION_TYPES],
    ['payment means', PAYMENT_MEANS],
    ['fiscal responsibilities', FISCAL_RESPONSIBILITIES],
    ['tax schemes', TAX_SCHEMES],
    ['withholding types', WITHHOLDING_TYPES],
  ])('%s: every code once, every name written', (_, list) => {
    expect(new Set(codesOf(list)).size).toBe(list.length);
    for (const entry of list) expect(entry.name.trim()).toBe(entry.name);
    for (const entry of list) expect(entry.name).not.toBe('');
  });

  it('identification types: DIAN’s TipoIdFiscal codes with PEP and PPT, the contract’s examples among them', () => {
    expect(codesOf(IDENTIFICATION_TYPES).sort()).toEqual([
      '11',
      '12',
      '13',
      '21',
      '22',
      '31',
      '41',
      '42',
      '47',
      '48',
      '50',
      '91',
    ]);
    expect(identificationTypeName('13')).toBe('Cédula de ciudadanía');
    expect(identificationTypeName('31')).toBe('NIT');
    expect(identificationTypeName('77')).toBe('Tipo 77');
    expect(identificationTypeShort('13')).toBe('C.C.');
    expect(identificationTypeShort('77')).toBe('Doc. 77');
    expect(codeOptionLabel(IDENTIFICATION_TYPES[2])).toBe('13 · Cédula de ciudadanía');
  });

  it('identification types: the schemas accept exactly the table’s codes', () => {
    expect([...IdentificationType.options].sort()).toEqual(codesOf(IDENTIFICATION_TYPES).sort());
    const customer = { numero_doc: '1020304050', nombre: 'Pedro Gómez', email: '', direccion: '', telefono: '' };
    for (const code of codesOf(IDENTIFICATION_TYPES))
      expect(CustomerInput.safeParse({ ...customer, tipo_doc: code }).success).toBe(true);
    expect(CustomerInput.safeParse({ ...customer, tipo_doc: '77' }).success).toBe(false);
  });

  it('payment means: the codes the contract observed are named, and a DSE offers only its 1-to-3-digit codes', () => {
    expect(['10', '42', '48', '49'].map((code) => paymentMeansName(code))).toEqual([
      'Efectivo',
      'Consignación bancaria',
      'Tarjeta crédito',
      'Tarjeta débito',
    ]);
    expect(paymentMeansName('999')).toBeUndefined();
    expect(DSE_PAYMENT_MEANS.every((m) => /^\d{1,3}$/.test(m.code))).toBe(true);
    expect(codesOf(PAYMENT_MEANS).filter((code) => !codesOf(DSE_PAYMENT_MEANS).includes(code))).toEqual(['ZZZ']);
  });

  it('supplier lists hold the contract’s technical defaults (O-49, ZZ)', () => {
    expect(nameOf(FISCAL_RESPONSIBILITIES, 'O-49')).toBe('No responsable de IVA');
    expect(nameOf(TAX_SCHEMES, 'ZZ')).toBe('No aplica');
  });

  it('withholding types are exactly the contract’s canonical codes', () => {
    expect(WITHHOLDING_TYPES.map((w) => `${w.code} ${w.name}`)).toEqual(['05 ReteIVA', '06 ReteRenta', '07 ReteICA']);
  });

  it('tax rates: each label names the tax the FE rule makes of the rate, and a product takes exactly these rates', () => {
    for (const { rate, label } of TAX_RATES) {
      const tax = classifyFeTax(rate);
      expect(label.startsWith(tax ? `${TAX_TYPES[tax.code]} ${rate} %` : 'Sin impuesto')).toBe(true);
    }
    // (zod keeps an enum in an object, whose integer-like keys come out in numeric order)
    expect([...CatalogTaxRate.options].sort()).toEqual(TAX_RATES.map((r) => r.rate).sort());
  });
});

/** Every .ts/.tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one home', () => {
  it('no file outside src/shared/dian writes a DIAN name of these lists (the sandbox keeps its own)', () => {
    const names = [
      ...IDENTIFICATION_TYPES.filter((t) => t.name.length > 4).map((t) => t.name),
      ...PAYMENT_MEANS.filter((m) => m.code !== '10').map((m) => m.name),
      ...FISCAL_RESPONSIBILITIES.map((r) => r.name),
    ];
    const root = join(__dirname, '../../../src');
    const offenders = sources(root)
      .filter((file) => !file.includes(`${join('src', 'shared', 'dian')}`) && !file.includes(join('src', 'sandbox')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return names.filter((name) => text.includes(`'${name}'`)).map((name) => `${file}: ${name}`);
      });
    expect(offenders).toEqual([]);
  });
});
