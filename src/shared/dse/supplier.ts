// The supplier of a DSE ("Supplier (proveedor)"): aliases, defaults, and check-digit validation.
import { FieldErrors, isRawObject, pickConsistent, readCode, readString } from '../api/fields';
import { isValidNitDv, nitCheckDigit } from '../fiscal/nit';
import { DSE_SUPPLIER_ALIASES } from './aliases';

export interface DseSupplier {
  tipo_documento: string;
  nit: string;
  dv: string | null;
  nombre: string;
  nombre_comercial: string;
  regimen: string;
  dian_tax_scheme_code: string;
  direccion: string;
  municipio: string;
  codigo_municipio: string;
  departamento: string;
  codigo_departamento: string;
  pais: string;
  email: string;
  telefono: string;
  codigo_postal: string;
}

const OPTIONAL_TEXT = [
  'direccion',
  'municipio',
  'codigo_municipio',
  'departamento',
  'codigo_departamento',
  'email',
  'telefono',
  'codigo_postal',
] as const;

/** Defaults of the contract: tipo_documento 13, regimen O-49, dian_tax_scheme_code ZZ, pais CO. */
export function readSupplier(raw: unknown, errors: FieldErrors): DseSupplier | undefined {
  if (!isRawObject(raw)) {
    errors.add('proveedor', 'es obligatorio y debe ser un objeto con los datos reales del proveedor');
    return undefined;
  }
  const tipo = readCode(raw.tipo_documento, 'proveedor.tipo_documento', errors) || '13';
  const nitField = pickConsistent(raw, DSE_SUPPLIER_ALIASES.nit, errors);
  const nit = nitField ? readCode(nitField.value, `proveedor.${nitField.name}`, errors) : undefined;
  const dv = readCode(raw.dv, 'proveedor.dv', errors) || null;
  const nombre = readString(raw.nombre, 'proveedor.nombre', errors)?.trim();
  const text = (name: string): string => readString(raw[name], `proveedor.${name}`, errors)?.trim() ?? '';
  if (!nit) errors.add('proveedor.nit', 'la identificación del proveedor es obligatoria');
  else if (!/^[0-9A-Za-z]{3,20}$/.test(nit))
    errors.add('proveedor.nit', 'debe tener de 3 a 20 letras o dígitos, sin puntos, guiones ni dígito de verificación');
  else if ((tipo === '13' || tipo === '31') && !/^\d+$/.test(nit))
    errors.add('proveedor.nit', 'debe ser numérico para cédula (13) y NIT (31)');
  if (!/^\d{2}$/.test(tipo)) errors.add('proveedor.tipo_documento', 'debe ser un código de dos dígitos (13 cédula, 31 NIT, ...)');
  if (dv !== null && nit && /^\d{1,15}$/.test(nit) && tipo === '31' && !isValidNitDv(nit, dv)) {
    errors.add('proveedor.dv', `no corresponde al NIT ${nit} (el dígito de verificación es ${nitCheckDigit(nit)})`);
  }
  if (!nombre) errors.add('proveedor.nombre', 'el nombre o razón social es obligatorio');
  const email = text('email');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.add('proveedor.email', 'no es un correo válido');
  if (!nit || !nombre) return undefined;
  const rest = Object.fromEntries(OPTIONAL_TEXT.map((name) => [name, text(name)])) as Record<
    (typeof OPTIONAL_TEXT)[number],
    string
  >;
  return {
    ...rest,
    tipo_documento: tipo,
    nit,
    dv: dv ?? (tipo === '31' && /^\d{1,15}$/.test(nit) ? nitCheckDigit(nit) : null),
    nombre,
    nombre_comercial: text('nombre_comercial') || nombre,
    regimen: text('regimen') || 'O-49',
    dian_tax_scheme_code: text('dian_tax_scheme_code') || 'ZZ',
    pais: text('pais') || 'CO',
  };
}
