// startSandbox(options): the sandbox as a library (tests, the app's embedded default).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SeedError, startSandbox } from '#sandbox/index';
import { tempDir } from '#test/temp';
import { conformanceSeed, SANDBOX_NOW as NOW } from '#test/seed';

const auth = { Authorization: 'Bearer sbx_101_full' };

describe('startSandbox', () => {
  it('starts on a free loopback port from a seed object and closes cleanly, more than once', async () => {
    const sandbox = await startSandbox({ seed: conformanceSeed(), now: NOW, settleMs: 50 });
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const res = await fetch(`${sandbox.baseUrl}/companies/101/fe/terceros`, { headers: auth });
    expect(res.status).toBe(200);
    await sandbox.close();
    await sandbox.close();
    await expect(fetch(`${sandbox.baseUrl}/companies/101/fe/terceros`, { headers: auth })).rejects.toThrow();
  });

  it('starts from a seed file path and keeps its data folder when given one', async () => {
    const data = tempDir('start-sandbox-');
    const sandbox = await startSandbox({ seed: 'resources/demo-seed.json', dataDir: data.path });
    await sandbox.close();
    expect(existsSync(`${data.path}/sandbox.sqlite`)).toBe(true);
    expect(existsSync(`${data.path}/cert/sandbox-signing-cert.pem`)).toBe(true);
    data.remove();
  });

  it('refuses an invalid seed with the path of the bad field', async () => {
    const seed = conformanceSeed();
    (seed.clients[0] as Record<string, unknown>).scopes = ['fe.read', 'fe.everything'];
    const error = await startSandbox({ seed }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    expect((error as Error).message).toContain('clients[0].scopes[1]');
  });

  it('refuses an invalid --now', async () => {
    await expect(startSandbox({ seed: conformanceSeed(), now: 'mañana' })).rejects.toThrow(/--now/);
  });
});
