// The screen registry: one entry per navigation item. Each feature lives in features/<feature>/.
// Facturas, the screen the app opens on, is part of the initial code (its files download together
// with the shell's instead of after it); the others are loaded when first opened, or in the
// background once the first screen is up (preloadScreens), so that opening one does not wait for
// its code to download and compile.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import * as invoicesScreen from './features/invoices/InvoicesScreen';
import { prefetchInvoices } from './features/invoices/prefetch';
import { lazyPart, type PartModule } from './lazy';
import { routeFor, routes, type ScreenId } from './routes';

export interface ScreenEntry {
  id: string;
  path: string;
  label: string;
  /** renders the screen; suspends (App's Suspense shows "Cargando…") only while its code loads (lazy.ts) */
  component: ComponentType;
  /** loads the screen's code, once; what `component` renders */
  load: () => Promise<unknown>;
  /**
   * asks core for what the screen shows first, as the app starts on it (before React's first
   * render); settles once those answers have arrived (never rejects)
   */
  prefetch?: (client: QueryClient) => Promise<void>;
}

type ScreenModule = PartModule<object>;

/** `code`: the screen's module when it is part of the initial code, else the import that loads it. */
export function screenEntry(
  id: string,
  path: string,
  label: string,
  code: ScreenModule | (() => Promise<ScreenModule>),
  prefetch?: (client: QueryClient) => Promise<void>,
): ScreenEntry {
  const { Component, load } = lazyPart(`Screen(${id})`, code);
  return { id, path, label, component: Component, load, ...(prefetch ? { prefetch } : {}) };
}

const code: Record<ScreenId, ScreenModule | (() => Promise<ScreenModule>)> = {
  invoices: invoicesScreen,
  shift: () => import('./features/shifts/ShiftScreen'),
  catalog: () => import('./features/catalog/CatalogScreen'),
  'support-documents': () => import('./features/support-documents/SupportDocumentsScreen'),
  history: () => import('./features/history/HistoryScreen'),
  'day-close': () => import('./features/day-close/DayCloseScreen'),
  reports: () => import('./features/reports/ReportsScreen'),
  settings: () => import('./features/settings/SettingsScreen'),
};

const prefetchOf: Partial<Record<ScreenId, (client: QueryClient) => Promise<void>>> = { invoices: prefetchInvoices };

export const screens: readonly ScreenEntry[] = routes.map((route) =>
  screenEntry(route.id, route.path, route.label, code[route.id], prefetchOf[route.id]),
);

/** The screen a route path shows ("/historial/12" is the Historial's); any other path shows Facturas. */
export function screenFor(path: string): ScreenEntry {
  const { id } = routeFor(path);
  return screens.find((screen) => screen.id === id)!;
}

/**
 * After this long the first screen has started even on a loaded machine (its figure is 0.5-1.2 s
 * on the bench machine under load), so the preload does not compete with it. A user who opens
 * another screen sooner gets its code from pointing at or focusing its link (App).
 */
export const PRELOAD_AFTER_MS = 3000;
/** How often a busy renderer is looked at again, and for how long at most the preload waits for it. */
const BUSY_RETRY_MS = 250;
const BUSY_GIVE_UP_MS = 10_000;

/**
 * Loads every screen's code PRELOAD_AFTER_MS after start, once `busy()` says the first screen is no
 * longer loading its data (on a slow or loaded machine that takes longer) and the renderer is idle,
 * so that it never competes with the first screen. A screen that fails to load here is loaded again
 * (and its error shown) when opened. Returns a function that cancels what has not started yet.
 */
export function preloadScreens(entries: readonly ScreenEntry[] = screens, busy: () => boolean = () => false): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let idle: number | null = null;
  const startedAt = Date.now();
  const run = () => {
    for (const screen of entries) void screen.load().catch(() => undefined);
  };
  const attempt = () => {
    timer = null;
    if (busy() && Date.now() - startedAt < BUSY_GIVE_UP_MS) {
      timer = setTimeout(attempt, BUSY_RETRY_MS);
      return;
    }
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
    else run();
  };
  timer = setTimeout(attempt, PRELOAD_AFTER_MS);
  return () => {
    if (timer !== null) clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}
