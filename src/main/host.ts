// What every host (the Electron shell, the web bridge) starts: core, the embedded sandbox on first
// run, and core's background work (resuming submissions in doubt, then the poller). Free of
// `electron`, so it runs under plain Node too.
import { createCore, type Core, type CoreOptions } from '../core/core';
import type { RunningSandbox } from '../sandbox/index';
import { startEmbeddedSandbox, type EmbeddedSandboxOptions } from './embedded-sandbox';

export interface Host {
  core: Core;
  close(): Promise<void>;
}

export interface HostOptions extends CoreOptions {
  /** false: no embedded sandbox (hosts that bring their own server); default: started when needed. */
  embeddedSandbox?: false | EmbeddedSandboxOptions;
}

export async function startHost(options: HostOptions): Promise<Host> {
  const core = createCore(options);
  let sandbox: RunningSandbox | null = null;
  try {
    if (options.embeddedSandbox !== false) sandbox = await startEmbeddedSandbox(core, options.embeddedSandbox ?? {});
  } catch (error) {
    core.parts.logger.error('embedded sandbox failed to start', { error: error instanceof Error ? error.message : String(error) });
  }
  // Resumes every submission in doubt, then starts the poller. Not awaited: the window need not wait
  // for the network; a new submission waits for the resume itself (Submissions.ensureResumed).
  void core.startBackground();
  return {
    core,
    async close() {
      await core.close();
      await sandbox?.close();
    },
  };
}
