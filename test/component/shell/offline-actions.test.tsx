// Against a fake bridge: while this register sells without the caja principal, the screens that
// offer an edit of the shop's shared data show it disabled, with the reason core would refuse it
// beside it (shared/offline/refused.ts); on the shop's database the same actions work and nothing is
// said. What still works offline (exporting, the count's fields aside, the list itself) stays enabled.
// Every screen reads the one `offline.status` query the banner reads.
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/catalog/product';
import type { Customer } from '#shared/customers/customer';
import type { OfflineStatus } from '#shared/rpc/methods/offline';
import type { Shift } from '#shared/rpc/methods/shifts';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const ONLINE: OfflineStatus = { offline: false, address: null, since: null, problem: null };
const OFFLINE: OfflineStatus = {
  offline: true,
  address: 'postgres://caja@192.168.1.10:5433/tienda?sslmode=verify-ca',
  since: '2026-12-07T15:00:00.000Z',
  problem: null,
};
let status: OfflineStatus;
/** What catalog.search answers (every test starts with one product). */
let products: Product[];

const RICE: Product = {
  id: 3,
  code: 'ARR500',
  barcodes: ['7702001000028'],
  description: 'Arroz 500 g',
  unit_price: '2500',
  price_includes_tax: false,
  tax_rate: '0',
  unit: 'unidad',
  unspsc: null,
  active: true,
  updated_at: '2026-11-20T15:00:00Z',
};
const ANA: Customer = {
  id: 1,
  tipo_doc: '13',
  numero_doc: '52123456',
  dv: null,
  nombre: 'Ana Pérez',
  email: '',
  direccion: '',
  telefono: '',
  active: true,
  last_used_at: null,
  updated_at: '2026-11-20T15:00:00Z',
};
const SHIFT: Shift = {
  id: 7,
  register_name: 'Caja 2',
  cashier: { id: 2, name: 'Ana' },
  opening_float: '100000.00',
  opened_at: '2026-11-20T13:00:00.000Z',
  closed_at: null,
  closed_by: null,
  movements: [],
  sales: { documents: 0, total: '0.00', cash_documents: 0, rejected: 0 },
  cash_received: '0.00',
  change_given: '0.00',
  cash_in: '0.00',
  cash_out: '0.00',
  expected_cash: '100000.00',
  counted_cash: null,
  difference: null,
  counts: null,
  difference_accepted_by: null,
};

const fake = installFakeBridge({
  'offline.status': () => status,
  'catalog.search': () => ({ items: products, total: products.length, total_capped: false }),
  'customers.search': () => ({ items: [ANA], total: 1 }),
  'history.status': () => ({
    running: false,
    documents: 12,
    next_page: 1,
    total_pages: 1,
    started_at: null,
    finished_at: '2026-11-20T15:00:00Z',
    last_error: null,
    warning: null,
  }),
  'outbox.status': () => ({
    queued: 0,
    last_check_at: null,
    reachable: null,
    transmitting: false,
    window_hours: 48,
    items: [],
    numbering_notice: null,
  }),
});

type Screens = {
  CatalogScreen: typeof import('#renderer/features/catalog/CatalogScreen').default;
  CustomersPanel: typeof import('#renderer/features/customers/CustomersPanel').CustomersPanel;
  SyncBar: typeof import('#renderer/features/history/SyncBar').SyncBar;
  CloseForm: typeof import('#renderer/features/shifts/CloseForm').CloseForm;
  ContingencyPanel: typeof import('#renderer/features/settings/ContingencyPanel').ContingencyPanel;
  OfflineBanner: typeof import('#renderer/shell/OfflineBanner').OfflineBanner;
};
let s: Screens;
beforeAll(async () => {
  s = {
    CatalogScreen: (await import('#renderer/features/catalog/CatalogScreen')).default,
    CustomersPanel: (await import('#renderer/features/customers/CustomersPanel')).CustomersPanel,
    SyncBar: (await import('#renderer/features/history/SyncBar')).SyncBar,
    CloseForm: (await import('#renderer/features/shifts/CloseForm')).CloseForm,
    ContingencyPanel: (await import('#renderer/features/settings/ContingencyPanel')).ContingencyPanel,
    OfflineBanner: (await import('#renderer/shell/OfflineBanner')).OfflineBanner,
  };
});
beforeEach(() => {
  status = OFFLINE;
  products = [RICE];
});
afterEach(() => {
  cleanup();
  fake.assertNoProblems();
});

/** Each screen, the buttons that edit shared data, what it still does offline, and the reason shown. */
const CASES: { screen: string; render: () => ReactNode; locked: string[]; working: string[]; reason: RegExp }[] = [
  {
    screen: 'Productos',
    render: () => <s.CatalogScreen />,
    locked: ['Nuevo producto', 'Importar', 'Editar', 'Desactivar'],
    working: ['Exportar CSV'],
    reason: /^El catálogo se cambia en la caja principal\. Esta caja está trabajando sin la caja principal\.$/,
  },
  {
    screen: 'Clientes',
    render: () => <s.CustomersPanel />,
    locked: ['Nuevo cliente', 'Editar', 'Desactivar'],
    working: [],
    reason: /^La lista de clientes se cambia en la caja principal\./,
  },
  {
    screen: 'Historial',
    render: () => <s.SyncBar />,
    locked: ['Sincronizar'],
    working: [],
    reason: /^El historial completo se sincroniza con la caja principal\./,
  },
  {
    screen: 'Turno',
    render: () => <s.CloseForm shift={SHIFT} isAdmin onClosed={() => undefined} />,
    locked: ['Cerrar turno con la diferencia'],
    working: [],
    reason: /^El turno se cierra cuando vuelva la caja principal: sus ventas de antes del corte están allá\./,
  },
  {
    screen: 'Ajustes › Contingencia',
    render: () => <s.ContingencyPanel />,
    locked: ['Guardar plazo'],
    working: [],
    reason: /^El plazo de contingencia se cambia en la caja principal\./,
  },
];

/** Whether the button can be pressed: its own attribute or a disabled fieldset around it (OfflineLock). */
const disabled = (name: string) => screen.getByRole('button', { name }).matches(':disabled');

describe('the shared data’s edits on a register without the caja principal', () => {
  it.each(CASES)('$screen: disabled, with the reason beside them', async ({ render, locked, working, reason }) => {
    renderWithQueries(render());
    const note = await screen.findByTestId('offline-note');
    expect(note.textContent).toMatch(reason);
    for (const name of locked) expect(disabled(name), name).toBe(true);
    for (const name of working) expect(disabled(name), name).toBe(false);
  });

  it.each(CASES)('$screen: enabled and nothing said on the shop’s database', async ({ render, locked, working }) => {
    status = ONLINE;
    renderWithQueries(render());
    // The last of the locked buttons to appear is the one that waits for a list or a status.
    await screen.findByRole('button', { name: locked.at(-1) });
    await expect.poll(() => fake.callsTo('offline.status').length).toBe(1);
    for (const name of [...locked, ...working]) expect(disabled(name), name).toBe(false);
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });

  it('asks core once for the whole window: the banner and the screen read the same query', async () => {
    renderWithQueries(
      <>
        <s.OfflineBanner />
        <s.CatalogScreen />
      </>,
    );
    await screen.findByTestId('offline-banner');
    await screen.findByTestId('offline-note');
    expect(disabled('Editar')).toBe(true);
    expect(fake.callsTo('offline.status')).toHaveLength(1);
  });

  it('takes the actions back when the register is on the shop’s database again', async () => {
    const { useEventInvalidation } = await import('#renderer/rpc/invalidation');
    function WithEvents({ children }: { children: ReactNode }) {
      useEventInvalidation();
      return <>{children}</>;
    }
    renderWithQueries(
      <WithEvents>
        <s.CatalogScreen />
      </WithEvents>,
    );
    await screen.findByTestId('offline-note');
    status = ONLINE;
    fake.emit('offline.changed', { offline: false });
    await screen.findByRole('button', { name: 'Nuevo producto' });
    await expect.poll(() => disabled('Nuevo producto')).toBe(false);
    expect(screen.queryByTestId('offline-note')).toBeNull();
  });
});

describe('an empty catalog', () => {
  it('offline, says products are made when the caja principal is back, not «cree un producto»', async () => {
    products = [];
    renderWithQueries(<s.CatalogScreen />);
    await screen.findByTestId('offline-note');
    const said = await screen.findByText(/^El catálogo está vacío/);
    expect(said.textContent).toBe(
      'El catálogo está vacío. Sin la caja principal no se crean productos: créelos o impórtelos cuando vuelva la conexión.',
    );
    expect(disabled('Nuevo producto')).toBe(true);
  });

  it('on the shop’s database, asks to create or import one', async () => {
    status = ONLINE;
    products = [];
    renderWithQueries(<s.CatalogScreen />);
    await expect.poll(() => fake.callsTo('offline.status').length).toBe(1);
    await expect
      .poll(() => screen.queryByText(/^El catálogo está vacío/)?.textContent)
      .toBe('El catálogo está vacío: cree un producto o importe una lista.');
    expect(disabled('Nuevo producto')).toBe(false);
  });
});
