// UBL parties of the sandbox's companies and of the request's counterparties.
import { nitCheckDigit } from '#shared/fiscal/nit';
import { loadDivipola } from '../authority/catalogs';
import type { Company } from '../storage/company-store';
import type { UblParty } from './ubl-model';

export function companyParty(company: Company): UblParty {
  return {
    tipoDoc: '31',
    id: company.nit,
    dv: nitCheckDigit(company.nit),
    name: company.name,
    organizationType: '1',
    regimen: 'O-13',
    taxScheme: { id: '01', name: 'IVA' },
    address: {
      line: company.address.line,
      city: company.address.city,
      cityCode: company.address.city_code,
      department: company.address.department,
      departmentCode: company.address.department_code,
      country: 'CO',
      postalCode: company.address.postal_code,
    },
    email: company.email,
    phone: '',
  };
}

export function personParty(p: {
  tipoDoc: string;
  id: string;
  dv?: string | null;
  name: string;
  email?: string;
  phone?: string;
  regimen?: string;
  taxScheme?: { id: string; name: string };
  address?: Partial<UblParty['address']>;
}): UblParty {
  const dv = p.dv ?? (p.tipoDoc === '31' && /^\d{1,15}$/.test(p.id) ? nitCheckDigit(p.id) : null);
  return {
    tipoDoc: p.tipoDoc,
    id: p.id,
    dv,
    name: p.name,
    organizationType: p.tipoDoc === '31' ? '1' : '2',
    regimen: p.regimen ?? 'R-99-PN',
    taxScheme: p.taxScheme ?? { id: 'ZZ', name: 'No aplica' },
    address: {
      line: p.address?.line ?? '',
      city: p.address?.city ?? '',
      cityCode: p.address?.cityCode ?? '',
      department: p.address?.department ?? '',
      departmentCode: p.address?.departmentCode ?? '',
      country: p.address?.country ?? 'CO',
      postalCode: p.address?.postalCode ?? '',
    },
    email: p.email ?? '',
    phone: p.phone ?? '',
  };
}

/**
 * The contract's "the server fills defaults to avoid empty fields": a Colombian address that names
 * a DIVIPOLA municipality but not its department gets the municipality's department (code and
 * name), and a missing municipality name is filled too. A department that is given is kept as is, so
 * that a municipality of another department still reaches the tax authority's rule (SBX-DIR01).
 */
export function withDepartment<
  A extends { cityCode?: string; city?: string; departmentCode?: string; department?: string; country?: string },
>(address: A): A {
  if (!address.cityCode || (address.country ?? 'CO') !== 'CO') return address;
  const { municipalities, departments } = loadDivipola();
  const municipality = municipalities.get(address.cityCode);
  if (!municipality) return address;
  const filled = { ...address };
  if (!filled.city) filled.city = municipality.name;
  if (!filled.departmentCode) {
    filled.departmentCode = municipality.departmentCode;
    if (!filled.department) filled.department = departments.get(municipality.departmentCode) ?? '';
  }
  return filled;
}
