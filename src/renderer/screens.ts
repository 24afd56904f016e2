// The screen registry: one entry per navigation item. Each feature lives in features/<feature>/
// and is loaded when first opened, so start-up pays only for the shell.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenEntry {
  id: string;
  path: string;
  label: string;
  component: LazyExoticComponent<ComponentType>;
}

export const screens: readonly ScreenEntry[] = [
  {
    id: 'invoices',
    path: '/facturas',
    label: 'Facturas',
    component: lazy(() => import('./features/invoices/InvoicesScreen')),
  },
  {
    id: 'support-documents',
    path: '/documentos-soporte',
    label: 'Documentos soporte',
    component: lazy(() => import('./features/support-documents/SupportDocumentsScreen')),
  },
  {
    id: 'history',
    path: '/historial',
    label: 'Historial',
    component: lazy(() => import('./features/history/HistoryScreen')),
  },
  {
    id: 'settings',
    path: '/ajustes',
    label: 'Ajustes',
    component: lazy(() => import('./features/settings/SettingsScreen')),
  },
];

export const defaultScreen = screens[0]!;
