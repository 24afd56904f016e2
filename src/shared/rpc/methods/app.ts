import { z } from 'zod';
import { method } from '../define';

export const appMethods = {
  /** What the status bar and Ajustes show about this installation. */
  'app.info': method(
    z.object({}).strict(),
    z.object({
      version: z.string(),
      schemaVersion: z.number().int(),
      dataFolder: z.string(),
      transport: z.enum(['electron', 'web', 'cli']),
    }),
  ),
  /** Online backup of the local database into the data folder's `backups/`. */
  'app.backup': method(z.object({}).strict(), z.object({ file: z.string(), bytes: z.number().int() })),
};
