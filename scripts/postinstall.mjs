// Runs after `npm install`. Two steps need the internet: Electron's binary and better-sqlite3
// rebuilt against Electron's headers. Both are attempted; offline, one line says so and the install
// still succeeds: `npm start` then opens the same app in the browser, and tests, the CLI and the
// sandbox run on Node.
import { prepareElectron } from './electron-natives.mjs';

const electron = prepareElectron();
if (!electron.ready) {
  console.log(
    `[factura-desk] Aviso: ${electron.reason}. \`npm start\` abrirá Factura Desk en el navegador; con internet, \`npm install\` lo intenta de nuevo.`,
  );
}
