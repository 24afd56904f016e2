// Runs after `npm install`. Two steps need the internet: Electron's binary and native modules
// rebuilt against Electron's headers. Both are attempted; offline, each prints one line and the
// install still succeeds, because tests, the CLI, the sandbox and the web bridge run on Node.
import { prepareElectron } from './electron-natives.mjs';

await prepareElectron({ quiet: false });
