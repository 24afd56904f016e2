// Evaluated first: the build makes it an entry with its own script ahead of the app's (see
// electron.vite.config.ts), and it imports only the routes and the RPC client. When the app opens
// on Facturas, core is asked at once for what its form needs, so that the answers are on their way
// while the rest of the code downloads and is evaluated. main.tsx imports it too (the same module).
import { startInvoices } from './features/invoices/start-reads';
import { currentPath, routeFor } from './routes';

if (routeFor(currentPath()).id === 'invoices') startInvoices();
