import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useEventInvalidation } from './rpc/invalidation';
import { preloadScreens, screenFor, screens } from './screens';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { Notices } from './shell/notices/Notices';
import { KeychainNotice } from './shell/KeychainNotice';
import { OfflineBanner } from './shell/OfflineBanner';
import { OutboxBanner } from './shell/OutboxBanner';
import { SettlementNotices } from './shell/notices/SettlementNotices';
import { CashierSwitchPart, DatabaseUnavailableNotice } from './shell/ShellParts';
import { StatusBar } from './shell/StatusBar';
import { useConnectionScope } from './shell/useConnectionScope';
import { useHashRoute } from './shell/useHashRoute';

export function App() {
  const path = useHashRoute();
  const screen = screenFor(path);
  const Screen = screen.component;
  const queries = useQueryClient();
  useConnectionScope();
  useEventInvalidation();
  // The other screens' code, once this one has its data.
  useEffect(() => preloadScreens(screens, () => queries.isFetching() > 0), [queries]);
  return (
    <div className="app">
      <nav className="sidebar" aria-label="Navegación principal">
        <div className="sidebar__brand">Factura Desk</div>
        <ul>
          {screens.map((entry) => (
            <li key={entry.id}>
              <a
                href={`#${entry.path}`}
                className="sidebar__link"
                aria-current={entry.id === screen.id ? 'page' : undefined}
                // Pointing at or focusing a link loads its screen's code, ahead of the click.
                onPointerEnter={() => void entry.load().catch(() => undefined)}
                onFocus={() => void entry.load().catch(() => undefined)}
              >
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
        <CashierSwitchPart />
      </nav>
      <main className="content">
        <DatabaseUnavailableNotice />
        <OfflineBanner />
        <KeychainNotice />
        <OutboxBanner />
        <ErrorBoundary resetKey={screen.id}>
          <Suspense fallback={<p className="muted">Cargando…</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      <StatusBar />
      <SettlementNotices />
      <Notices />
    </div>
  );
}
