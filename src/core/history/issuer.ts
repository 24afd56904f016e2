// The issuer's data for the printed representation, one profile per connection (migrations 0006
// and 0016), with the warnings about the numbering resolution and the
// yearly plan. The contract has no endpoint that returns the company's own name, NIT, address or
// resolution, so the user enters them once in Ajustes. The profile and its warnings (IssuerProfiles),
// and the contingency book a queued sale numbers from (ContingencyBook), are read on either engine.
import { colombiaToday, daysBetween, formatDate } from '#shared/dates';
import { NumberingResolution, type IssuerProfile, type IssuerWarning } from '#shared/rpc/methods/history';
import { nitCheckDigit } from '#shared/fiscal/nit';
import type { Kysely } from 'kysely';
import type { Engine } from '../store/engine';
import type { Schema } from '../store/schema';
import { numberingNext } from '../submissions/contingency-tickets';
import { countOf, formatInteger, pluralOf } from '#shared/format';

/** The DV of a profile: the one given (the schema checked it against the NIT) or computed from the NIT. */
function checkDigitFor(nit: string, dv: string): string {
  return dv !== '' || !/^\d{1,15}$/.test(nit) ? dv : nitCheckDigit(nit);
}

/** A stored resolution that no longer parses counts as none. */
function resolutionOf(json: string | null): NumberingResolution | null {
  if (json === null) return null;
  const parsed = NumberingResolution.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/**
 * The practice contingency book of the embedded test environment (sandbox decision, like its demo
 * company): prefix PR, numbers 1 to 999,999, in force for any date the app will see. A real connection
 * never gets it.
 */
export const PRACTICE_NUMBERING: NumberingResolution = {
  numero: '18760000000',
  desde: '2020-01-01',
  hasta: '2099-12-31',
  prefijo: 'PR',
  rango_desde: 1,
  rango_hasta: 999_999,
};

/** Days before the end of the resolution's validity from which the app warns. */
export const RESOLUTION_DAYS_WARNING = 30;
/** Share of the plan's documents used from which the app warns. */
export const PLAN_SHARE_WARNING = 0.8;

export class IssuerProfiles {
  constructor(
    private readonly engine: Engine,
    private readonly clock: () => Date,
  ) {}

  async get(connectionId: number): Promise<IssuerProfile | null> {
    const row = await this.engine.db
      .selectFrom('issuer_profiles')
      .select([
        'nombre',
        'nit',
        'dv',
        'direccion',
        'ciudad',
        'email',
        'telefono',
        'logo',
        'resolucion_json',
        'contingencia_json',
        'plan',
      ])
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    if (!row) return null;
    const { resolucion_json, contingencia_json, plan, ...rest } = row;
    // A profile saved before the DV was computed prints with it all the same.
    return {
      ...rest,
      plan: plan as IssuerProfile['plan'],
      dv: checkDigitFor(rest.nit, rest.dv),
      resolucion: resolutionOf(resolucion_json),
      contingencia: resolutionOf(contingencia_json),
    };
  }

  async set(connectionId: number, profile: IssuerProfile): Promise<IssuerProfile> {
    const { resolucion, contingencia, ...fields } = profile;
    const columns = {
      ...fields,
      dv: checkDigitFor(fields.nit, fields.dv),
      resolucion_json: resolucion ? JSON.stringify(resolucion) : null,
      contingencia_json: contingencia ? JSON.stringify(contingencia) : null,
      updated_at: this.clock().toISOString(),
    };
    await this.engine.db
      .insertInto('issuer_profiles')
      .values({ connection_id: connectionId, ...columns })
      .onConflict((conflict) => conflict.column('connection_id').doUpdateSet(columns))
      .execute();
    return (await this.get(connectionId))!;
  }

  /**
   * What the shop should know before it runs out of numbers, validity or plan: the resolution's
   * validity (expired, not yet valid, ending within 30 days), its range (used up, or 10 % or 100
   * numbers left, whichever is more) counted from the highest number of that prefix in the local
   * history, and the yearly plan (80 % used, or used up) counted from the documents of this
   * calendar year in the local history.
   */
  async warnings(connectionId: number): Promise<IssuerWarning[]> {
    const profile = await this.get(connectionId);
    if (!profile) return [];
    const today = colombiaToday(this.clock());
    const out: IssuerWarning[] = [];
    const r = profile.resolucion;
    if (r) {
      const label = `La resolución de numeración No. ${r.numero}`;
      if (today > r.hasta) {
        out.push({
          level: 'error',
          code: 'resolution_expired',
          text: `${label} venció el ${formatDate(r.hasta)}. Solicite una nueva en el portal de la DIAN, regístrela con su proveedor y escríbala en Ajustes.`,
        });
      } else if (today < r.desde) {
        out.push({
          level: 'warn',
          code: 'resolution_not_yet',
          text: `${label} rige desde el ${formatDate(r.desde)}; revise la fecha en Ajustes.`,
        });
      } else {
        const days = daysBetween(today, r.hasta);
        if (days <= RESOLUTION_DAYS_WARNING) {
          out.push({
            level: 'warn',
            code: 'resolution_ending',
            text: `${label} vence ${days === 0 ? 'hoy' : days === 1 ? 'mañana' : `en ${days} días`} (${formatDate(r.hasta)}). Solicite la siguiente a tiempo.`,
          });
        }
      }
      const used = (
        await this.engine.db
          .selectFrom('history_documents')
          .select((eb) => eb.fn.max('consecutivo').as('top'))
          .where('connection_id', '=', connectionId)
          .where('kind', '=', 'FE')
          .where('prefijo', '=', r.prefijo)
          .executeTakeFirst()
      )?.top;
      const last = Math.max(used ?? 0, r.rango_desde - 1);
      const left = r.rango_hasta - last;
      const size = r.rango_hasta - r.rango_desde + 1;
      if (left <= 0) {
        out.push({
          level: 'error',
          code: 'range_used_up',
          text: `Se agotó el rango de numeración (${r.prefijo}${r.rango_desde} a ${r.prefijo}${r.rango_hasta}). Solicite una nueva resolución antes de seguir facturando.`,
        });
      } else if (left <= Math.max(Math.ceil(size * 0.1), 100)) {
        out.push({
          level: 'warn',
          code: 'range_ending',
          text: `${pluralOf(left, 'Queda', 'Quedan')} ${countOf(left, 'número')} del rango autorizado (hasta ${r.prefijo}${r.rango_hasta}). Solicite la siguiente resolución a tiempo.`,
        });
      }
    }
    if (profile.plan !== 'ilimitado') {
      const limit = Number(profile.plan);
      const year = today.slice(0, 4);
      const count = Number(
        (
          await this.engine.db
            .selectFrom('history_documents')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('connection_id', '=', connectionId)
            .where('issue_date', '>=', `${year}-01-01`)
            .where('issue_date', '<', `${Number(year) + 1}-01-01`)
            .executeTakeFirst()
        )?.n ?? 0,
      );
      const used = `${formatInteger(count)} de ${countOf(limit, 'documento')} de su plan anual`;
      if (count >= limit) {
        out.push({
          level: 'error',
          code: 'plan_used_up',
          text: `Usó ${used} en ${year}. Amplíe el plan con su proveedor para seguir emitiendo.`,
        });
      } else if (count >= limit * PLAN_SHARE_WARNING) {
        out.push({
          level: 'warn',
          code: 'plan_ending',
          text: `Lleva ${used} en ${year}. Considere ampliar el plan con su proveedor.`,
        });
      }
    }
    return out;
  }
}

/**
 * The connection's contingency book on either engine: the numbering a queued sale takes its ticket
 * from (read by the contingency queue inside the commit that gives the ticket its number,
 * submissions/contingency-queue.ts), and what the shop should know of it.
 */
export class ContingencyBook {
  constructor(
    private readonly engine: Engine,
    private readonly clock: () => Date,
  ) {}

  /**
   * The connection's contingency numbering, or null (no profile, or none entered). The embedded test
   * environment, until one is entered, numbers with a practice book (PRACTICE_NUMBERING), so that an
   * outage rehearsed there ends in accepted invoices as a real shop's would. Read inside `db` when
   * given (the caller's transaction), else on the engine.
   */
  async contingencyNumbering(connectionId: number, db: Kysely<Schema> = this.engine.db): Promise<NumberingResolution | null> {
    const row = await db
      .selectFrom('connections as c')
      .leftJoin('issuer_profiles as p', 'p.connection_id', 'c.id')
      .select(['p.contingencia_json', 'c.embedded'])
      .where('c.id', '=', connectionId)
      .executeTakeFirst();
    const own = resolutionOf(row?.contingencia_json ?? null);
    return own ?? (row?.embedded === 1 ? PRACTICE_NUMBERING : null);
  }

  /**
   * What the shop should know of the numbering its contingency tickets take (contingency-tickets.ts):
   * said in Ajustes › Contingencia and in the queue's banner, not on the sales screen (a shop that never
   * sells in contingency need not see it every day). The tickets are counted in the engine's queue.
   */
  async contingencyWarnings(connectionId: number): Promise<IssuerWarning[]> {
    const r = await this.contingencyNumbering(connectionId);
    const today = colombiaToday(this.clock());
    if (!r) return [{ level: 'warn', code: 'contingency_missing', text: CONTINGENCY_MISSING }];
    const label = `La resolución de contingencia No. ${r.numero}`;
    if (today > r.hasta) {
      return [
        {
          level: 'error',
          code: 'contingency_expired',
          text: `${label} venció el ${formatDate(r.hasta)}: los tiquetes de contingencia saldrán sin número y la DIAN rechazará esas facturas. Solicite una nueva y escríbala en Datos del emisor.`,
        },
      ];
    }
    // Past the range's end: every number given, or held by a register for selling without the caja principal.
    if ((await numberingNext(this.engine.db, r)) > r.rango_hasta) {
      return [
        {
          level: 'error',
          code: 'contingency_used_up',
          text: `Se agotó la numeración de contingencia (${r.prefijo}${r.rango_desde} a ${r.prefijo}${r.rango_hasta}): los tiquetes de contingencia saldrán sin número. Solicite una nueva resolución de contingencia a la DIAN.`,
        },
      ];
    }
    return [];
  }
}

/** Said in Ajustes and in the queue's banner while a connection has no contingency numbering. */
export const CONTINGENCY_MISSING =
  'Falta la numeración de contingencia: si el servicio no responde, las ventas se guardan y se imprimen igual, pero sin número de talonario de contingencia, y la DIAN rechaza esas facturas al transmitirlas. Escriba en Datos del emisor la resolución de contingencia que le autorizó la DIAN.';
