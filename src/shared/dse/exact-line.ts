// A DSE line computed in integer cents (src/shared/cents.ts) by readDseItems. Each Decimal field is
// made when first read and kept, so that the form's recompute of 1,000 lines costs integer
// arithmetic and a screen pays only for what it shows; the values are those of the decimal.js
// computation, and toJSON gives its plain shape.
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
  #cantidadDec: Dec | undefined;
  #precioDec: Dec | undefined;
  #baseDec: Dec | undefined;
  #percentDec: Dec | undefined;
  #impuestoDec: Dec | undefined;

  constructor(
    fields: { codigo: string; descripcion: string; unidad_medida: string; cost_center_id: number | null },
    cantidad: number,
    precio: number,
    percent: number | undefined,
    baseCents: number,
    taxCents: number,
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

  get cantidad(): Dec {
    return (this.#cantidadDec ??= decOfJsonNumber(this.#cantidad));
  }

  get precio_unitario(): Dec {
    return (this.#precioDec ??= decOfJsonNumber(this.#precio));
  }

  get base(): Dec {
    return (this.#baseDec ??= centsToDec(this.baseCents));
  }

  /** as sent; 0 when the line carries no tax (as the decimal reading gives) */
  get porcentaje_iva(): Dec {
    return (this.#percentDec ??= this.#percent === undefined ? ZERO : decOfJsonNumber(this.#percent));
  }

  get impuesto(): Dec {
    return (this.#impuestoDec ??= this.#percent === undefined ? ZERO : centsToDec(this.taxCents));
  }

  toJSON(): DseLine {
    const { codigo, descripcion, cantidad, unidad_medida, precio_unitario, base, porcentaje_iva, impuesto, cost_center_id } =
      this;
    return { codigo, descripcion, cantidad, unidad_medida, precio_unitario, base, porcentaje_iva, impuesto, cost_center_id };
  }
}
