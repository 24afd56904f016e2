// The reference a contingency invoice carries to what was printed at the sale. The contract has only
// `es_contingencia`; the reference travels as one line of `observaciones` in this fixed form, written
// by the client and read by the sandbox (docs/CLIENT-DECISIONS.md and docs/SANDBOX.md, "Contingency").
//
//   Contingencia tipo 3: talonario CT-123 del 2026-11-20 10:15:00. Resolución 18764000001 vigente del 2026-01-01 al 2027-12-31, números CT-1 al CT-5000.
//   Contingencia tipo 4: generada y firmada el 2026-11-20 10:15:00.
//
// Type 3 is the issuer's contingency (a ticket from the shop's own contingency numbering); type 4 is
// the tax authority's (a document generated and signed at the sale, transmitted later).

/** The shop's contingency numbering: its own DIAN resolution, apart from the electronic one. */
export interface ContingencyNumbering {
  /** resolution number */
  resolution: string;
  /** up to 4 capital letters or digits; may be empty */
  prefix: string;
  from: number;
  to: number;
  /** validity, YYYY-MM-DD (both included) */
  validFrom: string;
  validTo: string;
}

export type ContingencyReference =
  | {
      type: '3';
      /** the ticket's number within the contingency numbering */
      number: number;
      /** Colombia's date and time the ticket was printed */
      date: string;
      time: string;
      numbering: ContingencyNumbering;
    }
  | { type: '4'; date: string; time: string };

const DATE = String.raw`(\d{4}-\d{2}-\d{2})`;
const TIME = String.raw`(\d{2}:\d{2}:\d{2})`;
const TYPE_3 = new RegExp(
  String.raw`Contingencia tipo 3: talonario ([A-Z0-9]{0,4})-(\d{1,9}) del ${DATE} ${TIME}\. Resolución (\d{1,20}) vigente del ${DATE} al ${DATE}, números \1-(\d{1,9}) al \1-(\d{1,9})\.`,
);
const TYPE_4 = new RegExp(String.raw`Contingencia tipo 4: generada y firmada el ${DATE} ${TIME}\.`);

/** The ticket's printed number, e.g. "CT123". */
export function contingencyTicketNumber(prefix: string, number: number): string {
  return `${prefix}${number}`;
}

/** The `observaciones` line of a type 3 reference. */
export function formatContingencyReference(ref: Extract<ContingencyReference, { type: '3' }>): string {
  const n = ref.numbering;
  return (
    `Contingencia tipo 3: talonario ${n.prefix}-${ref.number} del ${ref.date} ${ref.time}. ` +
    `Resolución ${n.resolution} vigente del ${n.validFrom} al ${n.validTo}, números ${n.prefix}-${n.from} al ${n.prefix}-${n.to}.`
  );
}

/** The reference found in `observaciones` (the first one), or null when it carries none. */
export function parseContingencyReference(observaciones: string | null | undefined): ContingencyReference | null {
  if (!observaciones) return null;
  const three = TYPE_3.exec(observaciones);
  if (three) {
    const [, prefix, number, date, time, resolution, validFrom, validTo, from, to] = three as unknown as string[];
    return {
      type: '3',
      number: Number(number),
      date: date!,
      time: time!,
      numbering: {
        resolution: resolution!,
        prefix: prefix!,
        from: Number(from),
        to: Number(to),
        validFrom: validFrom!,
        validTo: validTo!,
      },
    };
  }
  const four = TYPE_4.exec(observaciones);
  return four ? { type: '4', date: four[1]!, time: four[2]! } : null;
}

/** The numbering as the issuer profile keeps it (`IssuerProfile.contingencia`, Spanish field names). */
export interface ProfileNumbering {
  numero: string;
  prefijo: string;
  rango_desde: number;
  rango_hasta: number;
  desde: string;
  hasta: string;
}

/** Ticket `number` of the profile's numbering, printed on `date` at `time` (Colombia). */
export function ticketReference(
  numbering: ProfileNumbering,
  number: number,
  date: string,
  time: string,
): Extract<ContingencyReference, { type: '3' }> {
  return {
    type: '3',
    number,
    date,
    time,
    numbering: {
      resolution: numbering.numero,
      prefix: numbering.prefijo,
      from: numbering.rango_desde,
      to: numbering.rango_hasta,
      validFrom: numbering.desde,
      validTo: numbering.hasta,
    },
  };
}

/**
 * `observaciones` with the reference line at its end (the contract has no field for it): the shop's
 * own text kept, shortened at its end if both would pass `max` characters.
 */
export function observacionesWithReference(own: string | null | undefined, line: string, max: number): string {
  const text = (own ?? '').trim();
  const room = max - line.length - 1;
  const kept = text.length > room ? text.slice(0, Math.max(room, 0)) : text;
  return kept ? `${kept}\n${line}` : line;
}
