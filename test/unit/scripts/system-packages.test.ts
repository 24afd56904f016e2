// `npm test`'s own set-up (scripts/system-packages.sh): with packages missing and no way to become
// root, it stops at once with the exact command to run, and installs nothing. (As root it installs
// them: that path is what every CI run on a fresh machine takes.)
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '#test/temp';

const SCRIPT = resolve(import.meta.dirname, '..', '..', '..', 'scripts', 'system-packages.sh');
let dir: ReturnType<typeof tempDir> | undefined;
afterEach(() => dir?.remove());

/** A PATH with only the tools the script needs, none of the packages' commands, and a non-root `id`. */
function bareMachine(sudo: 'absent' | 'needs-password'): string {
  dir = tempDir('factura-desk-syspkg-');
  const bin = join(dir.path, 'bin');
  mkdirSync(bin);
  for (const tool of ['bash', 'dpkg-query', 'grep'])
    symlinkSync(spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(bin, tool));
  const fake = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  fake('id', 'echo 1000');
  fake('apt-get', `echo apt-get "$@" >> '${join(dir.path, 'apt-calls')}'; exit 0`);
  if (sudo === 'needs-password') fake('sudo', 'echo "sudo: a password is required" >&2; exit 1');
  return bin;
}

describe('npm test set-up without root', () => {
  it.each(['absent', 'needs-password'] as const)('sudo %s: stops with the exact command, installs nothing', (sudo) => {
    const bin = bareMachine(sudo);
    const run = spawnSync(join(bin, 'bash'), [SCRIPT], { env: { PATH: bin }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Faltan paquetes del sistema para las pruebas');
    const command = /sudo apt-get update && sudo apt-get install -y -qq --no-install-recommends ([a-z0-9.+ -]+)$/m.exec(
      run.stderr,
    );
    expect(command?.[1]?.split(' ')).toEqual(expect.arrayContaining(['chromium', 'gnome-keyring', 'dbus', 'poppler-utils']));
    expect(spawnSync('test', ['-e', join(dir!.path, 'apt-calls')]).status).not.toBe(0);
  });
});
