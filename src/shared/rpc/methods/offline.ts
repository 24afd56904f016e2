// Selling without the caja principal: a register whose shop database (PostgreSQL) is out of reach
// opens on its own copy of the shop's data and keeps selling; what it sells there is handed over to
// the shop's database, by key and exactly once, when it is back (src/core/offline/).
import { z } from 'zod';
import { method } from '../define';

export const OfflineStatus = z.object({
  /** true while this register sells on its own copy, without the shop's database */
  offline: z.boolean(),
  /** the shop database's address (no password) this register waits for; null when it runs there */
  address: z.string().nullable(),
  /** when this register began selling without it; null when it runs there */
  since: z.string().nullable(),
  /** why the last handover did not happen (a conflict), in Spanish; null when nothing stopped it */
  problem: z.string().nullable(),
});
export type OfflineStatus = z.infer<typeof OfflineStatus>;

export const offlineMethods = {
  /** Whether this register works without the caja principal, shown as a banner on every screen. */
  'offline.status': method(z.object({}).strict(), OfflineStatus),
};
