import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
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
      // The name is chosen when this backup's turn comes: two in the same millisecond get two files.
      const file = await parts.store.backup(() => {
        const stamp = parts.clock().toISOString().replace(/[:.]/g, '-');
        const base = join(parts.home, 'backups', `factura-desk-${stamp}`);
        let candidate = `${base}.sqlite`;
        for (let n = 2; existsSync(candidate); n += 1) candidate = `${base}-${n}.sqlite`;
        return candidate;
      });
      return { file, bytes: statSync(file).size };
    },
  };
}
