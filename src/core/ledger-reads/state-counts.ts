// The ledger's submissions counted by state (the command line's «status»), on either engine.
import type { Kysely } from 'kysely';
import type { Schema } from '../store/schema';

export async function stateCounts(db: Kysely<Schema>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('submissions')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}
