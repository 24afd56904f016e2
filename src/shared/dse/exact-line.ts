// A DSE line computed in integer cents (src/shared/cents.ts) by readDseItems. Its Decimal fields are
// made when first read and kept, so that the form's recompute of 1,000 lines costs integer
// arithmetic; the values are those of the decimal.js computation, and toJSON gives its plain shape.
import { decOfJsonNumber } from '../api/fields';
import { centsToDec } from '../cents';
import { ZERO, type Dec } from '../money';
import type { DseLine } from './items';

export class ExactDseLine implements DseLine {
  readonly codigo: string;
  readonly descripcion: string;
  readonly unidad_medida: string;
  readonly cost_center_id: number | null;
  /** cantidad x precio_unitario, cents */
  readonly baseCents: number;
  readonly taxCents: number;
  readonly #cantidad: number;
  readonly #precio: number;
  /** porcentaje_iva as sent; undefined when the line carries no tax */
  readonly #percent: number | undefined;
  #decimals: { cantidad: Dec; precio: Dec; base: Dec; percent: Dec; impuesto: Dec } | undefined;

  constructor(
    fields: { codigo: string; descripcion: string; unidad_medida: string; cost_center_id: number | null },
    cantidad: number, precio: number, percent: number | undefined, baseCents: number, taxCents: number,
  ) {
    this.codigo = fields.codigo;
    this.descripcion = fields.descripcion;
    this.unidad_medida = fields.unidad_medida;
    this.cost_center_id = fields.cost_center_id;
    this.#cantidad = cantidad;
    this.#precio = precio;
    this.#percent = percent;
    this.baseCents = baseCents;
    this.taxCents = taxCents;
  }

  /** All five at once: whoever reads one of them (a screen, the XML) reads the others too. */
  #decimal() {
    return (this.#decimals ??= {
      cantidad: decOfJsonNumber(this.#cantidad),
      precio: decOfJsonNumber(this.#precio),
      base: centsToDec(this.baseCents),
      percent: this.#percent === undefined ? ZERO : decOfJsonNumber(this.#percent),
      impuesto: this.#percent === undefined ? ZERO : centsToDec(this.taxCents),
    });
  }

  get cantidad(): Dec {
    return this.#decimal().cantidad;
  }

  get precio_unitario(): Dec {
    return this.#decimal().precio;
  }

  get base(): Dec {
    return this.#decimal().base;
  }

  get porcentaje_iva(): Dec {
    return this.#decimal().percent;
  }

  get impuesto(): Dec {
    return this.#decimal().impuesto;
  }

  toJSON(): DseLine {
    const { codigo, descripcion, cantidad, unidad_medida, precio_unitario, base, porcentaje_iva, impuesto, cost_center_id } = this;
    return { codigo, descripcion, cantidad, unidad_medida, precio_unitario, base, porcentaje_iva, impuesto, cost_center_id };
  }
}
