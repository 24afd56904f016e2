// What every host (the Electron shell, the web bridge, the command line) starts: core, plus the
// services that run beside it. Free of `electron`, so it runs under plain Node too.
import { createCore, type Core, type CoreOptions } from '../core/core';

export interface Host {
  core: Core;
  close(): Promise<void>;
}

export async function startHost(options: CoreOptions): Promise<Host> {
  const core = createCore(options);
  return {
    core,
    async close() {
      await core.close();
    },
  };
}
