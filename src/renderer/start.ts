// Evaluated first (main.tsx imports it before React and the screens' code, and it imports only the
// routes and the RPC client): when the app opens on Facturas, core is asked at once for what its
// form needs, so that the answers are on their way while the rest of the code is evaluated.
import { startInvoices } from './features/invoices/start-reads';
import { currentPath, routeFor } from './routes';

if (routeFor(currentPath()).id === 'invoices') startInvoices();
