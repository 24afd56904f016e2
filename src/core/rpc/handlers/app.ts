import { join } from 'node:path';
import { statSync } from 'node:fs';
import type { appMethods } from '../../../shared/rpc/methods/app';
import type { CoreParts } from '../../parts';
import type { Handlers } from '../registry';

export function appHandlers(parts: CoreParts): Handlers<typeof appMethods> {
  return {
    'app.info': () => ({
      version: parts.version,
      schemaVersion: parts.store.schemaVersion,
      dataFolder: parts.home,
      transport: parts.transport,
    }),
    'app.backup': async () => {
      const stamp = parts.clock().toISOString().replace(/[:.]/g, '-');
      const file = join(parts.home, 'backups', `factura-desk-${stamp}.sqlite`);
      await parts.store.backup(file);
      return { file, bytes: statSync(file).size };
    },
  };
}
