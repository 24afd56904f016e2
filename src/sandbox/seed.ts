// The seed file (issue: "Seed file"): companies, their catalogs and historic FE documents, and the
// API clients with their tokens. Parsed strictly; a bad field is reported with its path.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FeDocument, PaymentMethod, Scope } from '../shared/api';

/** Yearly plans per company and module: up to 50, 100 or 500 documents, or unlimited (null). */
const Quota = z.union([z.literal(50), z.literal(100), z.literal(500), z.null()]);

/** Sandbox decision: a numbering resolution; defaults are DIAN's public test-environment values (FISCAL.md). */
const Resolution = z.object({
  number: z.string().regex(/^\d+$/).default('18760000001'),
  valid_from: z.iso.date().default('2019-01-19'),
  valid_to: z.iso.date().default('2030-01-19'),
  range_from: z.number().int().min(0).default(1),
  range_to: z.number().int().min(1).default(995000000),
});

const ModuleConfig = z.object({
  prefix: z.string().regex(/^[A-Z0-9]{0,4}$/, 'prefijo de hasta 4 letras mayúsculas o dígitos'),
  next_number: z.number().int().min(1),
  quota: Quota,
  /** documents already issued in the current yearly term, outside the sandbox (sandbox decision) */
  used: z.number().int().min(0).default(0),
  resolution: Resolution.default(Resolution.parse({})),
});

const FeModuleConfig = ModuleConfig.extend({
  /** the FE withholding `type` values this company's configuration accepts (sandbox decision) */
  withholding_types: z.array(z.string().min(1)).default(['reterenta', 'reteiva', 'reteica']),
  technical_key: z.string().min(1).default('fc8eac422eba16e22ffd8c6f94b3f40a6e38162c'),
});

const SeedTercero = z.object({
  id: z.number().int().positive(),
  nombre: z.string().min(1),
  tipo_documento: z.string().min(1),
  numero_documento: z.string().min(1),
  email: z.string(),
  direccion: z.string(),
});

const CostCenter = z.object({ id: z.number().int().positive(), code: z.string().min(1), name: z.string().min(1) });

const Company = z.object({
  id: z.number().int().positive(),
  nit: z.string().regex(/^\d{5,15}$/, 'NIT sin dígito de verificación'),
  name: z.string().min(1),
  address: z
    .object({
      line: z.string().default('Calle 100 # 10-20'),
      city: z.string().default('Bogotá, D.C.'),
      city_code: z.string().default('11001'),
      department: z.string().default('Bogotá'),
      department_code: z.string().default('11'),
      postal_code: z.string().default('110111'),
    })
    .default({
      line: 'Calle 100 # 10-20',
      city: 'Bogotá, D.C.',
      city_code: '11001',
      department: 'Bogotá',
      department_code: '11',
      postal_code: '110111',
    }),
  email: z.string().default(''),
  /** sandbox decision: the software identifiers the server keeps for the company */
  software: z.object({ id: z.string().min(1), pin: z.string().min(1) }).default({ id: 'sbx-0f4c7e1a-software', pin: '12345' }),
  /** true: documents are issued in the enablement (test) environment and excluded from listings */
  habilitacion: z.boolean().default(false),
  fe: FeModuleConfig,
  dse: ModuleConfig,
  payment_methods: z.array(PaymentMethod),
  terceros: z.array(SeedTercero),
  cost_centers: z.array(CostCenter),
  fe_documents: z.array(FeDocument).default([]),
});
export type SeedCompany = z.infer<typeof Company>;

const Client = z.object({
  id: z.string().min(1),
  company_id: z.number().int().positive(),
  scopes: z.array(Scope),
  tokens: z.array(
    z.object({
      token: z.string().min(8),
      expires_at: z.iso.datetime({ offset: true }).nullable(),
      revoked: z.boolean(),
    }),
  ),
});

export const Seed = z.object({ companies: z.array(Company).min(1), clients: z.array(Client) }).superRefine((seed, ctx) => {
  const ids = new Set(seed.companies.map((c) => c.id));
  seed.clients.forEach((client, i) => {
    if (!ids.has(client.company_id))
      ctx.addIssue({
        code: 'custom',
        path: ['clients', i, 'company_id'],
        message: `la empresa ${client.company_id} no está en companies`,
      });
  });
  // Third parties and FE documents are numbered across the whole sandbox, not per company.
  const terceroIds = new Set<number>();
  const docIds = new Set<number>();
  seed.companies.forEach((company, i) => {
    company.terceros.forEach((t, j) => {
      if (terceroIds.has(t.id))
        ctx.addIssue({
          code: 'custom',
          path: ['companies', i, 'terceros', j, 'id'],
          message: `id ${t.id} repetido en la semilla`,
        });
      terceroIds.add(t.id);
    });
    company.fe_documents.forEach((doc, j) => {
      if (docIds.has(doc.id))
        ctx.addIssue({
          code: 'custom',
          path: ['companies', i, 'fe_documents', j, 'id'],
          message: `id ${doc.id} repetido en la semilla`,
        });
      docIds.add(doc.id);
      if (doc.company_id !== company.id)
        ctx.addIssue({
          code: 'custom',
          path: ['companies', i, 'fe_documents', j, 'company_id'],
          message: `debe ser ${company.id}`,
        });
    });
  });
});
export type Seed = z.infer<typeof Seed>;

export class SeedError extends Error {}

function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    '',
  );
}

export function parseSeed(value: unknown, source = 'seed'): Seed {
  const parsed = Seed.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 10).map((i) => `${pathOf(i.path) || '(raíz)'}: ${i.message}`);
  throw new SeedError(`${source}: semilla inválida\n  ${issues.join('\n  ')}`);
}

export function loadSeedFile(path: string): Seed {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new SeedError(`${path}: no se pudo leer el archivo de semilla`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`${path}: el archivo de semilla no es JSON válido (${(error as Error).message})`);
  }
  return parseSeed(json, path);
}
