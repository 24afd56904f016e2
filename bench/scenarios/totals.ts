// Live totals: what the forms recompute on every keystroke. FE: computeFeTotals over the lines with
// three withholdings; DSE: validateDseRequest, the very function the DSE form runs while the user
// types (items, the nine withholding rules, totals). Each against a plain binary-float loop over the
// same lines, so the cost of exact decimal money is known. The lines' amounts are computed in integer
// cents and made into Decimals when first read, so at 1,000 lines a second figure adds what a screen
// showing every line reads: each line's amounts as Decimals.
import { validateDseRequest, type DseLine } from '#shared/dse/index';
import { computeFeTotals, type FeLine, type FeLineInput, type FeWithholdingInput } from '#shared/fe/index';
import { seededRandom } from '../generator';
import { perCall, summarise, type Figure } from '../lib/figure';
import type { Scenario } from '../lib/scenario';

const SIZES = [10, 100, 1000] as const;

function feLines(count: number): FeLineInput[] {
  const random = seededRandom(count);
  return Array.from({ length: count }, (_, i) => ({
    // Strings, as the form holds what the user typed.
    cant: String(1 + Math.floor(random() * 12)),
    unit: (Math.floor(random() * 50_000_000) / 100).toFixed(2),
    iva: ['19', '5', '0'][i % 3]!,
    iva_incluido: false,
  }));
}

const FE_WITHHOLDINGS: FeWithholdingInput[] = [
  { type: 'ReteFuente', base_mode: 'subtotal', percent: '2.5' },
  { type: 'ReteIVA', base_mode: 'impuestos', percent: '15' },
  { type: 'ReteICA', base_mode: 'subtotal', percent: '0.966' },
];

function dseBody(count: number): Record<string, unknown> {
  const random = seededRandom(count + 1);
  return {
    fecha_documento: '2026-11-20',
    forma_generacion: '2',
    fecha_inicio_periodo: '2026-11-14',
    fecha_fin_periodo: '2026-11-20',
    forma_pago: '1',
    medio_pago_codigo: '10',
    proveedor: {
      tipo_documento: '13',
      nit: '1020304050',
      nombre: 'Pedro Gómez',
      direccion: 'Vereda El Salitre',
      municipio: 'Chía',
      codigo_municipio: '25175',
    },
    items: Array.from({ length: count }, (_, i) => ({
      codigo: '70111703',
      descripcion: `Jornal de corte ${i + 1}`,
      cantidad: 1 + Math.floor(random() * 6),
      precio_unitario: Math.floor(random() * 20_000_000) / 100,
      porcentaje_iva: i % 4 === 0 ? 19 : 0,
    })),
    retenciones: [
      { retention_key: 'reterenta', dian_tax_code: '06', tax_name: 'ReteRenta', base_mode: 'subtotal', percent: 3.5 },
      { retention_key: 'reteiva', dian_tax_code: '05', tax_name: 'ReteIVA', base_mode: 'impuestos', percent: 15 },
      { retention_key: 'reteica', dian_tax_code: '07', tax_name: 'ReteICA', base_mode: 'subtotal', percent: 0.966 },
    ],
  };
}

const DSE_CTX = { today: '2026-11-20', nowTime: '10:00:00', costCenters: [{ id: 1, code: 'ADM' }] };

/** The same arithmetic in binary floats, rounding to cents with Math.round: what correctness replaces. */
function floatFe(lines: readonly FeLineInput[]): number {
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    const base = Math.round(Number(line.cant) * Number(line.unit) * 100) / 100;
    subtotal += base;
    tax += Math.round(base * Number(line.iva)) / 100;
  }
  const withholdings = Math.round(subtotal * 2.5) / 100 + Math.round(tax * 15) / 100 + Math.round(subtotal * 0.966) / 100;
  return subtotal + tax - withholdings;
}

function floatDse(body: Record<string, unknown>): number {
  const items = body.items as { cantidad: number; precio_unitario: number; porcentaje_iva: number }[];
  let subtotal = 0;
  let tax = 0;
  for (const item of items) {
    const base = Math.round(item.cantidad * item.precio_unitario * 100) / 100;
    subtotal += base;
    tax += Math.round(base * item.porcentaje_iva) / 100;
  }
  const withholdings = Math.round(subtotal * 3.5) / 100 + Math.round(tax * 15) / 100 + Math.round(subtotal * 0.966) / 100;
  return subtotal + tax - withholdings;
}

/** Reads each line's amounts as Decimals (a screen showing every line does); the count keeps the reads. */
function readFeLines(lines: readonly FeLine[]): number {
  let zeros = 0;
  for (const line of lines) zeros += Number(line.base.isZero()) + Number(line.taxAmount.isZero()) + Number(line.total.isZero());
  return zeros;
}

function readDseLines(lines: readonly DseLine[]): number {
  let zeros = 0;
  for (const line of lines)
    zeros += Number(line.base.isZero()) + Number(line.impuesto.isZero()) + Number(line.precio_unitario.isZero());
  return zeros;
}

export const totalsScenario: Scenario = {
  id: 'totals',
  title: 'live totals FE and DSE with withholdings (10 / 100 / 1,000 lines) and the float baseline',
  async run(ctx) {
    const figures: Figure[] = [];
    for (const kind of ['FE', 'DSE'] as const) {
      for (const size of SIZES) {
        const lines = feLines(size);
        const body = dseBody(size);
        const validDse = () => {
          const result = validateDseRequest(body, DSE_CTX);
          if (!result.ok) throw new Error(`DSE bench body is invalid: ${JSON.stringify(result.errors.slice(0, 2))}`);
          return result.value;
        };
        const exact = kind === 'FE' ? () => computeFeTotals(lines, undefined, FE_WITHHOLDINGS) : validDse;
        const exactRead =
          kind === 'FE'
            ? () => readFeLines(computeFeTotals(lines, undefined, FE_WITHHOLDINGS).lines)
            : () => readDseLines(validDse().items);
        const float = kind === 'FE' ? () => floatFe(lines) : () => floatDse(body);
        perCall(exact, { samples: 5 }); // warm-up (JIT)
        perCall(float, { samples: 5 });
        const withReads = size === 1000;
        if (withReads) perCall(exactRead, { samples: 5 });
        const medians: number[] = [];
        const p95s: number[] = [];
        const ratios: number[] = [];
        const readMedians: number[] = [];
        for (let run = 0; run < ctx.runs; run += 1) {
          const exactRun = summarise(perCall(exact, { samples: 15 }));
          const floatRun = summarise(perCall(float, { samples: 15 }));
          medians.push(exactRun.median);
          p95s.push(exactRun.p95);
          ratios.push(exactRun.median / floatRun.median);
          if (withReads) readMedians.push(summarise(perCall(exactRead, { samples: 15 })).median);
        }
        figures.push({
          name: `totals ${kind} ${size} lines`,
          unit: 'ms',
          runs: medians,
          p95s,
          ...(size === 1000 ? { target: { on: 'median', op: '<=', value: 2 } as const } : {}),
        });
        figures.push({ name: `totals ${kind} ${size} lines, decimal/float`, unit: 'x', runs: ratios });
        if (withReads) {
          figures.push({
            name: `totals ${kind} ${size} lines, then every line's amounts read`,
            unit: 'ms',
            runs: readMedians,
            note: "the recompute plus reading each line's amounts as Decimals (made when first read), as a screen showing every line does",
          });
        }
      }
    }
    return figures;
  },
};
