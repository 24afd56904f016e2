// `npm start` where the desktop window cannot be had: the Electron binary missing, with
// and without a display. The launcher must serve the app at the address it prints (and, with a
// display, hand that address to the system's browser opener), and stop cleanly on Ctrl+C.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { fillSale } from '../support/sale';
import { tempDir } from '../support/temp';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ADDRESS = /(http:\/\/[^\s]+)/;

let browser: Browser;
let dir: ReturnType<typeof tempDir>;
let opener: ReturnType<typeof tempDir> | undefined;
let launcher: ChildProcessWithoutNullStreams | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(() => {
  if (launcher && launcher.exitCode === null) launcher.kill('SIGKILL');
  launcher = undefined;
  dir?.remove();
  opener?.remove();
  opener = undefined;
});

/** Starts `npm start`'s script with no Electron binary (an empty dist folder) and the given display. */
function startLauncher(
  display: Record<string, string>,
  extraPath?: string,
): { output: () => string; address: Promise<string>; exited: Promise<number | null> } {
  dir = tempDir('factura-desk-launcher-');
  const noElectron = join(dir.path, 'no-electron');
  mkdirSync(noElectron);
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: noElectron, ...display };
  if (!display.DISPLAY) delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  if (extraPath) env.PATH = `${extraPath}:${env.PATH ?? ''}`;
  launcher = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--home', join(dir.path, 'home')], { cwd: ROOT, env });
  let text = '';
  const address = new Promise<string>((resolveAddress, reject) => {
    launcher!.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = text.split('\n').find((line) => line.includes('navegador') && ADDRESS.test(line));
      if (found) resolveAddress(ADDRESS.exec(found)![1]!);
    });
    launcher!.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    launcher!.on('exit', (code) => reject(new Error(`the launcher exited (${code}) before printing an address:\n${text}`)));
  });
  const exited = new Promise<number | null>((resolveExit) => launcher!.on('exit', (code) => resolveExit(code)));
  return { output: () => text, address, exited };
}

async function expectAppServed(address: string, name: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
  await page.goto(address);
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  // The embedded sandbox is the default connection on a first run.
  await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Pruebas');
  await screenshot(page, name);
  await page.close();
}

describe('npm start without the Electron binary', () => {
  it('with no display: says why in Spanish, prints the address, serves the app there and stops on Ctrl+C', async () => {
    const run = startLauncher({});
    const address = await run.address;
    expect(run.output()).toContain('no en la ventana de escritorio');
    expect(run.output()).toContain('no tiene pantalla gráfica');
    // The Ctrl+C line follows the address line and may arrive in a later chunk: wait for it.
    await expect.poll(() => run.output()).toContain('Ctrl+C');
    await expectAppServed(address, 'launcher-no-display');
    launcher!.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('with a display: hands the printed address to the system browser opener and serves the app there', async () => {
    opener = tempDir('factura-desk-opener-');
    const bin = join(opener.path, 'bin');
    mkdirSync(bin);
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);

    const run = startLauncher({ DISPLAY: ':99', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, bin);
    const address = await run.address;
    expect(run.output()).toContain('Abierta en su navegador');
    expect(run.output()).toContain('no se pudo descargar Electron');
    await expect.poll(() => existsSync(opened) && readFileSync(opened, 'utf8')).toBe(address);
    await expectAppServed(address, 'launcher-browser-opened');
    launcher!.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('with no Secret Service (a plain shell): the terminal and the first screen say what is missing; the test environment sells', async () => {
    const run = startLauncher({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' });
    const address = await run.address;
    await expect.poll(() => run.output()).toContain('[Factura Desk] Aviso: falta el llavero del sistema.');
    expect(run.output()).toContain('sudo apt install gnome-keyring');
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
    await page.goto(address);
    const notice = page.getByTestId('keychain-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Falta el llavero del sistema: solo puede usar el entorno de pruebas');
    await screenshot(page, 'launcher-no-keychain');
    await page.getByRole('button', { name: 'Emitir factura' }).waitFor();
    await fillSale(page, '900111222', 'Cliente Sin Llavero', 'Arroz 5 kg');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.getByRole('heading', { name: 'Factura aceptada por la DIAN' }).waitFor({ timeout: 30_000 });
    await page.close();
    launcher!.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });
});
