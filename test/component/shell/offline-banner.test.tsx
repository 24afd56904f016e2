// Against a fake bridge: a register selling without the caja principal shows a banner above every
// screen saying so and what it means; a handover stopped by a conflict adds core's own words; the
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
    expect(banner.querySelector('.alert__title')?.textContent).toBe('Trabajando sin la caja principal');
    expect(banner.textContent).toMatch(/se guardan aquí y se entregan a la caja principal cuando vuelva/);
    expect(banner.textContent).toMatch(/El catálogo, los clientes y los ajustes del negocio se cambian en la caja principal/);
    expect(screen.getByRole('status')).toBe(banner.firstElementChild);
  });

  it('adds what stopped the handover, in core’s words', async () => {
    status = { ...OFFLINE, problem: 'No se pudieron entregar a la caja principal las ventas hechas sin ella.' };
    renderWithQueries(<OfflineBanner />);
    const problem = await screen.findByText('No se pudieron entregar a la caja principal las ventas hechas sin ella.');
    expect(screen.getByTestId('offline-banner').contains(problem)).toBe(true);
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
