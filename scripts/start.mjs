// `npm start`: make sure Electron and its native modules are there, then build and open the app.
import { spawnSync } from 'node:child_process';
import { prepareElectron } from './electron-natives.mjs';

if (!prepareElectron()) {
  console.error('[factura-desk] Electron cannot start on this machine. Without it, `npm run web` opens the same app in a browser.');
  process.exit(1);
}
const run = spawnSync('npx', ['electron-vite', 'preview'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
