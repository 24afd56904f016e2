// The app's routes (hash paths) and the screen each one shows, without the screens' code, so that
// start.ts can read them before anything else is evaluated. screens.ts adds the code.
export type ScreenId = 'invoices' | 'shift' | 'catalog' | 'support-documents' | 'history' | 'day-close' | 'reports' | 'settings';

export interface Route {
  id: ScreenId;
  path: string;
  label: string;
}

export const routes: readonly Route[] = [
  { id: 'invoices', path: '/facturas', label: 'Facturas' },
  { id: 'shift', path: '/turno', label: 'Turno' },
  { id: 'catalog', path: '/productos', label: 'Productos' },
  { id: 'support-documents', path: '/documentos-soporte', label: 'Documentos soporte' },
  { id: 'history', path: '/historial', label: 'Historial' },
  { id: 'day-close', path: '/cierre', label: 'Cierre de caja' },
  { id: 'reports', path: '/informes', label: 'Informes' },
  { id: 'settings', path: '/ajustes', label: 'Ajustes' },
];

/** The path of the current hash route ("/" when there is none). */
export function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/** The route a path belongs to ("/historial/12" is the Historial's); any other path shows the first. */
export function routeFor(path: string): Route {
  return routes.find((route) => path === route.path || path.startsWith(`${route.path}/`)) ?? routes[0]!;
}
