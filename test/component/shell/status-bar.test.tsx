// The status bar names this register (its name from core, «Caja 2»), beside the active connection,
// and shows the new name once the register is renamed.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CashierState } from '#shared/rpc/methods/cashiers';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries, testQueryClient } from '#test/component/render';

let cashiers: CashierState = { has_admin: false, register_name: 'Caja 2', stay_signed_in: false, current: null, cashiers: [] };

const fake = installFakeBridge({
  'connections.list': () => [],
  'app.info': () => ({
    version: '0.1.0',
    schemaVersion: 34,
    dataFolder: '/datos',
    transport: 'web',
    database: { engine: 'sqlite', address: null },
  }),
  'cashiers.state': () => cashiers,
  'registers.list': () => ({ registers: [] }),
});

let StatusBar: typeof import('#renderer/shell/StatusBar').StatusBar;
beforeAll(async () => {
  StatusBar = (await import('#renderer/shell/StatusBar')).StatusBar;
});
afterEach(() => {
  cleanup();
  fake.assertNoProblems();
});

describe('StatusBar', () => {
  it("shows this register's name, and its new name after a rename", async () => {
    const client = testQueryClient();
    renderWithQueries(<StatusBar />, client);
    expect((await screen.findByTestId('register-name')).textContent).toBe('Caja: Caja 2');
    cashiers = { ...cashiers, register_name: 'Mostrador' };
    await client.invalidateQueries({ queryKey: ['cashiers.state'] });
    await waitFor(() => expect(screen.getByTestId('register-name').textContent).toBe('Caja: Mostrador'));
  });
});
