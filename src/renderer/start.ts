// Evaluated first: the build makes it an entry with its own script ahead of the app's, run as soon
// as it arrives (see electron.vite.config.ts), and it imports only the routes and the RPC client.
// When the app opens on Facturas, core is asked at once for what its form needs, so that the answers
// are on their way while the rest of the code downloads and is evaluated. main.tsx imports it too
// (the same module).
import { startInvoices } from './features/invoices/start-reads';
import { currentPath, routeFor } from './routes';
import { startShell } from './shell/start-reads';

if (routeFor(currentPath()).id === 'invoices') startInvoices();
// After the first screen's reads: what the shell around every screen shows.
startShell();

// A new renderer loads its locale and time-zone data (ICU) on the first Intl formatter it builds and
// uses: tens of milliseconds, hundreds on a loaded machine. Every screen shows dates in Colombia's
// zone and amounts in es-CO, so that load happens here, once core has been asked and while the app's
// code is still on its way, rather than when the app's formatters (shared/dates.ts, shared/format.ts)
// are built, between its code's arrival and its first render. The formatters built here are dropped.
new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'short', timeStyle: 'short' }).format(0);
new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(0.5);
