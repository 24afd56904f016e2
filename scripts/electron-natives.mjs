// Electron needs two things the npm registry does not carry: its binary, and better-sqlite3
// compiled against Electron's ABI. The Node-ABI builds in node_modules stay untouched (tests, CLI,
// sandbox and web bridge use them); the Electron-ABI copies live in .electron-natives/ and the
// main process loads them from there (src/main/natives.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
export const nativesDir = join(root, '.electron-natives');
// @napi-rs/keyring is N-API: the same binary loads in Node and Electron.
const NATIVE_PACKAGES = ['better-sqlite3'];

function say(line) {
  console.log(`[factura-desk] ${line}`);
}

function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
}

export function electronBinaryPresent() {
  try {
    const pathTxt = readFileSync(join(root, 'node_modules/electron/path.txt'), 'utf8');
    return existsSync(join(root, 'node_modules/electron/dist', pathTxt));
  } catch {
    return false;
  }
}

function downloadElectronBinary() {
  if (electronBinaryPresent()) return true;
  const run = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
  });
  if (run.status === 0 && electronBinaryPresent()) return true;
  say(
    'Electron binary not downloaded (no network?). Tests, `npm run web` and the sandbox work without it; ' +
      'on a connected machine run `npm install` again, then `npm start`.',
  );
  return false;
}

export function electronNativesReady() {
  try {
    return readFileSync(join(nativesDir, 'electron-version'), 'utf8').trim() === electronVersion();
  } catch {
    return false;
  }
}

function nodeGypScript() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const npmCli = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  return join(npmCli, 'npm/node_modules/node-gyp/bin/node-gyp.js');
}

function buildElectronNatives() {
  if (electronNativesReady()) return true;
  const target = electronVersion();
  rmSync(nativesDir, { recursive: true, force: true });
  mkdirSync(nativesDir, { recursive: true });
  // The user's npm config may pin nodedir to Node's headers; Electron's must be used instead.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_(nodedir|target|runtime|dist_url)$/i.test(key)),
  );
  for (const name of NATIVE_PACKAGES) {
    const source = dirname(require.resolve(`${name}/package.json`));
    const copy = join(nativesDir, name);
    cpSync(source, copy, { recursive: true, filter: (path) => !path.includes(`${name}/build`) });
    const run = spawnSync(
      process.execPath,
      [nodeGypScript(), 'rebuild', '--release', `--target=${target}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
      { cwd: copy, env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 600_000 },
    );
    if (run.status !== 0) {
      say(
        `${name} not rebuilt for Electron ${target} (its headers could not be downloaded). ` +
          'On a connected machine `npm start` rebuilds it into .electron-natives/.',
      );
      return false;
    }
  }
  writeFileSync(join(nativesDir, 'electron-version'), `${target}\n`);
  return true;
}

/** Attempts both network steps; returns true when Electron can start. */
export function prepareElectron() {
  const binary = downloadElectronBinary();
  const natives = buildElectronNatives();
  return binary && natives;
}
