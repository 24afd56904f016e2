// First: asks core for the first screen's data before the rest of the code is evaluated.
import './start';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { currentPath } from './routes';
import { screenFor } from './screens';
import { DATA_REPLACED } from './shell/data-replaced';
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

// The first screen's code is loaded before the first render: rendering the shell first would
// commit "Cargando…", and React then holds the screen back for 300 ms after a fallback (its
// throttle), longer than the code takes to load. A screen that fails to load shows its error.
// What core was asked for at start (start.ts) goes to the query cache for the screen.
const first = screenFor(currentPath());
first.prefetch?.(queryClient);
prefetchShell(queryClient);
void first
  .load()
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Root />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
