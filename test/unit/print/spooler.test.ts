// The system spooler's raw path on Windows, as far as it can be checked away from Windows: the
// command line cmd.exe receives for a share named with spaces, accents, «&» and parentheses; names
// it cannot carry refused in Spanish before anything runs; the job's file always removed (printed,
// refused, interpreter missing, spooler stuck); copy's exit code read. cmd.exe itself is stood in
// for by a small script that records what it was given.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendSystem, windowsCopyCommand } from '#core/print/spooler';
import { tempDir } from '#test/temp';

let dir: ReturnType<typeof tempDir>;
let jobs: string;
beforeEach(() => {
  dir = tempDir();
  jobs = join(dir.path, 'jobs');
  mkdirSync(jobs);
});
afterEach(() => dir.remove());

/** A stand-in for cmd.exe: records its arguments and the job file it finds, then ends with `exit` (or hangs). */
function fakeComspec(exit: number | 'hang'): string {
  const script = join(dir.path, `cmd-${exit}.sh`);
  writeFileSync(
    script,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir.path}/args"\ncat factura-desk-*.bin > "${dir.path}/job" 2>/dev/null\n${exit === 'hang' ? 'exec sleep 30' : `exit ${exit}`}\n`,
  );
  chmodSync(script, 0o755);
  return script;
}

const win = (comspec: string, timeoutMs = 10_000) => ({ platform: 'win32' as const, timeoutMs, tempDir: jobs, comspec });

describe('the Windows share, raw', () => {
  it('builds the copy as Node builds its own shell on Windows, the paths quoted', () => {
    for (const [share, line] of [
      ['EPSON TM-T20', '"copy /b "factura-desk-1.bin" "\\\\localhost\\EPSON TM-T20""'],
      ['Caja Ñandú (1)', '"copy /b "factura-desk-1.bin" "\\\\localhost\\Caja Ñandú (1)""'],
      ['POS&Caja^2!', '"copy /b "factura-desk-1.bin" "\\\\localhost\\POS&Caja^2!""'],
    ] as const) {
      expect(windowsCopyCommand('factura-desk-1.bin', share, 'C:\\Windows\\system32\\cmd.exe')).toEqual({
        command: 'C:\\Windows\\system32\\cmd.exe',
        args: ['/d', '/v:off', '/s', '/c', line],
        verbatim: true,
      });
    }
    expect(() => windowsCopyCommand('..\\otro.bin', 'EPSON')).toThrow();
  });

  it('a share name cmd.exe or Windows cannot carry is refused in Spanish, nothing run or written', async () => {
    for (const share of ['Caja 100%', 'Caja:1', 'A|B']) {
      await expect(sendSystem(share, Buffer.from('x'), win(fakeComspec(0)))).rejects.toMatchObject({
        code: 'printer_failed',
        message: expect.stringMatching(/^El nombre compartido «.+» lleva caracteres que no sirven para imprimir por aquí/),
      });
    }
    expect(existsSync(join(dir.path, 'args'))).toBe(false);
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('sends the job file from its folder and removes it once printed', async () => {
    await sendSystem('Caja Ñandú (1)', Buffer.from('ticket bytes'), win(fakeComspec(0)));
    const args = readFileSync(join(dir.path, 'args'), 'utf8').trim().split('\n');
    expect(args.slice(0, 4)).toEqual(['/d', '/v:off', '/s', '/c']);
    expect(args[4]).toMatch(/^"copy \/b "factura-desk-[0-9a-f-]+\.bin" "\\\\localhost\\Caja Ñandú \(1\)""$/);
    expect(readFileSync(join(dir.path, 'job'), 'utf8')).toBe('ticket bytes');
    expect(readdirSync(jobs)).toEqual([]);
  });

  it("copy's failure (a share that does not exist) is said in Spanish, and the file is removed", async () => {
    await expect(sendSystem('No existe', Buffer.from('x'), win(fakeComspec(1)))).rejects.toMatchObject({
      code: 'printer_failed',
      message: expect.stringMatching(/^Windows no aceptó el trabajo para la impresora compartida «No existe»\. Revise/),
    });
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('no command interpreter at all is the same refusal, the file removed', async () => {
    await expect(sendSystem('EPSON', Buffer.from('x'), win(join(dir.path, 'no-cmd.exe')))).rejects.toMatchObject({
      code: 'printer_failed',
    });
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('a spooler that never takes the job is given up after its time, the file removed', async () => {
    await expect(sendSystem('EPSON', Buffer.from('x'), win(fakeComspec('hang'), 300))).rejects.toMatchObject({
      code: 'printer_failed',
      message: expect.stringMatching(/^El sistema de impresión no recibió el trabajo para «EPSON» a tiempo/),
    });
    expect(readdirSync(jobs)).toEqual([]);
  });
});
