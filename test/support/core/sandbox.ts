// The real sandbox in this process (startSandbox), seeded for the client-core tests, plus a core
// connected to it through the real keychain.
import { join } from 'node:path';
import { createCore, type Core } from '#core/core';
import { FileLogger } from '#core/log/logger';
import { startSandbox, type RunningSandbox } from '#sandbox/index';
import { realKeychain } from '../keychain';
import { tempDir } from '../temp';
import { CORE_COMPANY as COMPANY, coreSeed, CORE_TOKENS as TOKENS } from '../seed';

export interface TestBed {
  sandbox: RunningSandbox;
  dir: ReturnType<typeof tempDir>;
  core(options?: {
    token?: string;
    company?: number;
    home?: string;
    fetch?: typeof globalThis.fetch;
    clock?: () => Date;
  }): Promise<Core>;
  close(): Promise<void>;
}

export async function testBed(options: { feDocuments?: number; settleMs?: number } = {}): Promise<TestBed> {
  const dir = tempDir('factura-desk-core-');
  const sandbox = await startSandbox({
    seed: coreSeed(options.feDocuments),
    dataDir: join(dir.path, 'sandbox'),
    settleMs: options.settleMs ?? 150,
  });
  const cores: Core[] = [];
  let homes = 0;
  return {
    sandbox,
    dir,
    async core({ token = TOKENS.full, company = COMPANY, home, fetch, clock } = {}) {
      homes += 1;
      const core = createCore({
        home: home ?? join(dir.path, `home-${homes}`),
        secrets: realKeychain(),
        transport: 'cli',
        logger: new FileLogger(null),
        ...(fetch ? { fetch } : {}),
        ...(clock ? { clock } : {}),
      });
      cores.push(core);
      const existing = (await core.parts.connections.list()).find((c) => c.company_id === company);
      const connection =
        existing ??
        (await core.parts.connections.create({
          label: 'Pruebas',
          kind: 'sandbox',
          base_url: sandbox.baseUrl,
          company_id: company,
        }));
      await core.parts.connections.setToken(connection.id, token);
      await core.parts.connections.activate(connection.id);
      return core;
    },
    async close() {
      for (const core of cores) await core.close();
      await sandbox.close();
      dir.remove();
    },
  };
}
