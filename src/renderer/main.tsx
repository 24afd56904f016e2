// First: asks core for the first screen's data before the rest of the code is evaluated.
import './start';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { currentPath } from './routes';
import { screenFor } from './screens';
import { DATA_REPLACED } from './shell/data-replaced';
import { loadShellParts } from './shell/ShellParts';
import { prefetchShell } from './shell/start-reads';
import './styles.css';
import { installSpanishZodErrors } from '#shared/zod-spanish';

installSpanishZodErrors();

const queryClient = new QueryClient({
  defaultOptions: {
    // Core is local: no refetch storms on focus, and a failed call is not retried behind the user's back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
    mutations: { retry: false },
  },
});

/** The app, mounted again from an empty cache when its data file was replaced (a restored backup). */
function Root() {
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    const replaced = () => {
      queryClient.clear();
      setEpoch((n) => n + 1);
    };
    window.addEventListener(DATA_REPLACED, replaced);
    return () => window.removeEventListener(DATA_REPLACED, replaced);
  }, []);
  return <App key={epoch} />;
}

/**
 * How long the first render waits for what core was asked for at start. Core is local and answers in
 * tens of milliseconds (hundreds on a loaded machine); one that takes longer gets the screen drawn
 * with its loading notices rather than a blank window.
 */
const FIRST_DATA_WAIT_MS = 1500;

// The first screen's code is loaded before the first render: rendering the shell first would
// commit "Cargando…", and React then holds the screen back for 300 ms after a fallback (its
// throttle), longer than the code takes to load. A screen that fails to load shows its error.
// What core was asked for at start (start.ts) goes to the query cache for the screen and the shell,
// and the first render waits for it too (a while at most): drawn with the answers, the screen is
// rendered, laid out and painted once, instead of first with "Abriendo el borrador…" and the shell's
// empty places and again a moment later, which cost the window's CPU and moved the screen about.
// The shell's parts that those answers say show (ShellParts.tsx) have their code loaded meanwhile.
const first = screenFor(currentPath());
const answers = Promise.all([first.prefetch?.(queryClient), prefetchShell(queryClient).then(() => loadShellParts(queryClient))]);
const waited = new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS));
void Promise.all([first.load().catch(() => undefined), Promise.race([answers, waited])]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Root />
      </QueryClientProvider>
    </StrictMode>,
  );
});
