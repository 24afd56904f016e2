// The goods, services and parties the request bodies are made of: an FE of a shirt at IVA 19 % and a
// lunch at INC 8 % (120 000 + 20 600), and a DSE of gardening with no IVA and lunches at IVA 19 %
// bought from Pedro Gómez in Chía. Each body spreads copies, so a test may change its own freely.

type Json = Record<string, unknown>;

/** The FE's two lines; `shirt` names the first. */
export const feLines = (shirt: string): Json[] => [
  { desc: shirt, cant: 2, unit: 50000, iva: 19, iva_incluido: false, unit_input: 50000 },
  { desc: 'Almuerzo ejecutivo', cant: 1, unit: 20000, iva: 8, iva_incluido: false, unit_input: 20000 },
];

/** The FE lines' sums, and the cash payment they are paid with. */
export const FE_SUMS = { subtotal: 120000, impuestos: 20600, total: 140600 } as const;
export const cashPayment = () => ({ form: 'contado', method_id: 1, means_code: '10', due_date: '' });

export const GARDENING = {
  codigo: '70111703',
  descripcion: 'Mantenimiento de jardines',
  cantidad: 2,
  precio_unitario: 150000,
  porcentaje_iva: 0,
} as const;
export const LUNCHES = {
  codigo: '90101501',
  descripcion: 'Almuerzos',
  cantidad: 10,
  precio_unitario: 15000,
  porcentaje_iva: 19,
} as const;

/** Where the DSE's supplier lives (Chía, Cundinamarca). */
export const IN_CHIA = { direccion: 'Vereda El Salitre', municipio: 'Chía', codigo_municipio: '25175' } as const;

/** How the DSE is generated and paid: per operation, cash. */
export const DSE_TERMS = { forma_generacion: '1', forma_pago: '1', medio_pago_codigo: '10' } as const;
