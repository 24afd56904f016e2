// One sandbox process per test file, started through the CLI with the conformance seed.
import { afterAll, beforeAll } from 'vitest';
import { startSandboxProcess, type SandboxProcess, type SandboxProcessOptions } from '../sandbox-process';
import { apiClient, type ApiClient } from './http';
import { conformanceSeed, SANDBOX_NOW as NOW } from '../seed';

/** How long the sandbox keeps a pending document pending (`--settle-ms`) in the conformance suite. */
const SETTLE_MS = 200;

export interface RunningFixture {
  process: SandboxProcess;
  api: ApiClient;
  baseUrl: string;
}

export function useSandbox(options: Partial<SandboxProcessOptions> = {}): RunningFixture {
  const fixture = {} as RunningFixture;
  beforeAll(async () => {
    fixture.process = await startSandboxProcess({ seed: conformanceSeed(), now: NOW, settleMs: SETTLE_MS, ...options });
    fixture.baseUrl = fixture.process.baseUrl;
    fixture.api = apiClient(fixture.baseUrl);
  });
  afterAll(async () => {
    await fixture.process?.stop();
  });
  return fixture;
}
