// Against a fake bridge: a register selling without the caja principal shows a banner above every
// screen saying so, since when, what it means and what to do; a handover stopped by a conflict says
// core's own words and that it is not tried again until the app opens again (not «cuando vuelva»); the
// host's `offline.changed` (core reopened on the shop's database) takes the banner away, and a
// register on the shop's database shows none.
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineStatus } from '#shared/rpc/methods/offline';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries, testQueryClient } from '#test/component/render';

const ONLINE: OfflineStatus = { offline: false, address: null, since: null, problem: null };
const OFFLINE: OfflineStatus = {
  offline: true,
  address: 'postgres://caja@192.168.1.10:5433/tienda?sslmode=verify-ca',
  since: '2026-12-07T15:00:00.000Z',
  problem: null,
};
let status: OfflineStatus;

const fake = installFakeBridge({ 'offline.status': () => status });

let OfflineBanner: typeof import('#renderer/shell/OfflineBanner').OfflineBanner;
let useEventInvalidation: typeof import('#renderer/rpc/invalidation').useEventInvalidation;
beforeAll(async () => {
  ({ OfflineBanner } = await import('#renderer/shell/OfflineBanner'));
  ({ useEventInvalidation } = await import('#renderer/rpc/invalidation'));
});
beforeEach(() => {
  status = OFFLINE;
});
afterEach(() => {
  cleanup();
  fake.assertNoProblems();
});

/** The app's root installs the event map (rpc/invalidation.ts) that refreshes the banner. */
function WithEvents({ children }: { children: ReactNode }) {
  useEventInvalidation();
  return <>{children}</>;
}

describe('the banner of a register without the caja principal', () => {
  it('says the register works without it and that its sales are handed over when it is back', async () => {
    renderWithQueries(<OfflineBanner />);
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.querySelector('.alert__title')?.textContent).toMatch(/^Trabajando sin la caja principal desde /);
    expect(banner.textContent).toMatch(/se guardan aquí y se entregan a la caja principal cuando vuelva/);
    expect(banner.textContent).toMatch(/Revise que la caja principal esté encendida y conectada a la red/);
    expect(banner.textContent).toMatch(/el catálogo, los clientes y los ajustes del negocio se cambian allí/);
    expect(screen.getByRole('status')).toBe(banner.firstElementChild);
  });

  it('says since when: the time today, the date and time before', async () => {
    status = { ...OFFLINE, since: new Date().toISOString() };
    renderWithQueries(<OfflineBanner />);
    const title = (await screen.findByTestId('offline-banner')).querySelector('.alert__title');
    expect(title?.textContent).toMatch(/^Trabajando sin la caja principal desde las \d\d:\d\d\s[ap]\.\sm\.$/);
    cleanup();
    status = { ...OFFLINE, since: '2026-01-05T15:00:00.000Z' };
    renderWithQueries(<OfflineBanner />);
    const before = (await screen.findByTestId('offline-banner')).querySelector('.alert__title');
    expect(before?.textContent).toMatch(/^Trabajando sin la caja principal desde el 05\/01\/2026, 10:00\sa\.\sm\.$/);
  });

  it('a handover stopped: core’s words, and that it is not tried again until the app opens again', async () => {
    status = { ...OFFLINE, problem: 'No se pudieron entregar a la caja principal las ventas hechas sin ella.' };
    renderWithQueries(<OfflineBanner />);
    const problem = await screen.findByText('No se pudieron entregar a la caja principal las ventas hechas sin ella.');
    const banner = screen.getByTestId('offline-banner');
    expect(banner.contains(problem)).toBe(true);
    expect(banner.textContent).toMatch(/No vuelve a intentar la entrega hasta que Factura Desk se abra de nuevo/);
    // The shop's database answered, and nothing is handed over by itself: neither is said.
    expect(banner.textContent).not.toMatch(/no encuentra la base de datos|cuando vuelva/);
  });

  it('goes when core is reopened on the shop database (offline.changed)', async () => {
    renderWithQueries(
      <WithEvents>
        <OfflineBanner />
      </WithEvents>,
    );
    await screen.findByTestId('offline-banner');
    status = ONLINE;
    fake.emit('offline.changed', { offline: false });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });

  it('is absent on the shop database', async () => {
    status = ONLINE;
    const client = testQueryClient();
    renderWithQueries(<OfflineBanner />, client);
    // Core answered, and the answer is rendered: nothing to show.
    await waitFor(() => expect(client.getQueryData(['offline.status', {}])).toEqual(ONLINE));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
