import { Suspense, useEffect } from 'react';
import { defaultScreen, preloadScreens, screens } from './screens';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { StatusBar } from './shell/StatusBar';
import { useHashRoute } from './shell/useHashRoute';

export function App() {
  const path = useHashRoute();
  const screen = screens.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`)) ?? defaultScreen;
  const Screen = screen.component;
  useEffect(() => preloadScreens(), []);
  return (
    <div className="app">
      <nav className="sidebar" aria-label="Navegación principal">
        <div className="sidebar__brand">Factura Desk</div>
        <ul>
          {screens.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.path}`} className="sidebar__link" aria-current={entry.id === screen.id ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <ErrorBoundary resetKey={screen.id}>
          <Suspense fallback={<p className="muted">Cargando…</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      <StatusBar />
    </div>
  );
}
