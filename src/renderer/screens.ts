// The screen registry: one entry per navigation item. Each feature lives in features/<feature>/
// and is loaded when first opened, so start-up pays only for the shell; once the first screen is
// up, the others are loaded in the background (preloadScreens), so that opening one does not wait
// for its code to download and compile.
import type { QueryClient } from '@tanstack/react-query';
import { createElement, use, type ComponentType } from 'react';
import { prefetchInvoices } from './features/invoices/prefetch';

export interface ScreenEntry {
  id: string;
  path: string;
  label: string;
  /** renders the screen; suspends (App's Suspense shows "Cargando…") only while its code loads */
  component: ComponentType;
  /** loads the screen's code, once; what `component` renders */
  load: () => Promise<unknown>;
  /** asks core for what the screen shows first, while its code loads (only when the app starts on it) */
  prefetch?: (client: QueryClient) => void;
}

/** A promise carrying its outcome the way React's `use` reads it, so that a loaded one never suspends. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

type ScreenModule = { default: ComponentType };

export function screenEntry(
  id: string,
  path: string,
  label: string,
  importer: () => Promise<ScreenModule>,
  prefetch?: (client: QueryClient) => void,
): ScreenEntry {
  let loading: TrackedPromise<ScreenModule> | null = null;
  let rendered = false;
  const load = (): Promise<ScreenModule> => {
    if (!loading) {
      const promise: TrackedPromise<ScreenModule> = importer();
      promise.status = 'pending';
      rendered = false;
      promise.then(
        (module) => {
          promise.status = 'fulfilled';
          promise.value = module;
        },
        (error: unknown) => {
          promise.status = 'rejected';
          promise.reason = error;
          // A failure nobody has seen (a background preload) is forgotten: opening the screen
          // tries again. One the screen showed stays, as with React.lazy, until the app reloads.
          if (!rendered && loading === promise) loading = null;
        },
      );
      loading = promise;
    }
    return loading;
  };
  // Not React.lazy: a lazy component suspends on its first render even when its code is already
  // loaded, and React then holds the screen back behind "Cargando…" for 300 ms (its fallback
  // throttle), which the preloaded Historial paid on every first open.
  function Screen() {
    const module = load();
    rendered = true;
    return createElement(use(module).default);
  }
  Screen.displayName = `Screen(${id})`;
  return { id, path, label, component: Screen, load, ...(prefetch ? { prefetch } : {}) };
}

export const screens: readonly ScreenEntry[] = [
  screenEntry('invoices', '/facturas', 'Facturas', () => import('./features/invoices/InvoicesScreen'), prefetchInvoices),
  screenEntry('support-documents', '/documentos-soporte', 'Documentos soporte', () => import('./features/support-documents/SupportDocumentsScreen')),
  screenEntry('history', '/historial', 'Historial', () => import('./features/history/HistoryScreen')),
  screenEntry('settings', '/ajustes', 'Ajustes', () => import('./features/settings/SettingsScreen')),
];

export const defaultScreen = screens[0]!;

/** The screen a route path shows ("/historial/12" is the Historial's). */
export function screenFor(path: string): ScreenEntry {
  return screens.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`)) ?? defaultScreen;
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
