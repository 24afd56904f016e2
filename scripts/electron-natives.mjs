// Electron needs two things the npm registry does not carry: its binary, and better-sqlite3
// compiled against Electron's ABI (@napi-rs/keyring is N-API: the same binary loads in Node and
// Electron). The Node-ABI build in node_modules stays untouched (tests, CLI, sandbox and web bridge
// use it); the Electron-ABI copy lives in .electron-natives/ and the main process loads it from
// there (src/main/natives.ts). Both steps need the internet; without it they fail quickly and say so.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
export const nativesDir = join(root, '.electron-natives');
const NATIVE_PACKAGES = ['better-sqlite3'];

function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
}

/** Where the Electron executable is, as electron's own index.js finds it (ELECTRON_OVERRIDE_DIST_PATH included); null before any download. */
export function electronBinaryPath() {
  let executable;
  try {
    executable = readFileSync(join(root, 'node_modules/electron/path.txt'), 'utf8');
  } catch {
    executable = undefined;
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return join(override, executable || 'electron');
  return executable ? join(root, 'node_modules/electron/dist', executable) : null;
}

export function electronBinaryPresent() {
  const path = electronBinaryPath();
  return path !== null && existsSync(path);
}

function downloadElectronBinary() {
  if (electronBinaryPresent()) return true;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || process.env.ELECTRON_OVERRIDE_DIST_PATH) return false;
  const run = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
  });
  return run.status === 0 && electronBinaryPresent();
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
      [
        nodeGypScript(),
        'rebuild',
        '--release',
        `--target=${target}`,
        '--runtime=electron',
        '--dist-url=https://electronjs.org/headers',
      ],
      { cwd: copy, env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 600_000 },
    );
    if (run.status !== 0) return false;
  }
  writeFileSync(join(nativesDir, 'electron-version'), `${target}\n`);
  return true;
}

/**
 * Attempts both network steps. Returns `{ ready: true }` when Electron can start, else
 * `{ ready: false, reason }` with one Spanish sentence for the person who typed the command.
 */
export function prepareElectron() {
  if (!downloadElectronBinary()) {
    return {
      ready: false,
      reason: 'no se pudo descargar Electron, el programa de la ventana de escritorio (¿sin conexión a internet?)',
    };
  }
  if (!buildElectronNatives()) {
    return {
      ready: false,
      reason: `no se pudo preparar la base de datos para Electron ${electronVersion()} (¿sin conexión a internet?)`,
    };
  }
  return { ready: true };
}
