// Historial against a fake bridge holding 1,000 documents: the list is virtualised and paged (only
// visible pages are asked for), search and filters reach core as a typed filter, a bad date, a
// reversed range or a search longer than the contract allows gets a Spanish message on its field
// instead of a query, and followed documents carry the "en duda / pendiente" marker.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryRow } from '#shared/rpc/methods/history';
import { installFakeBridge } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

const TOTAL = 1000;
const INCOMPLETE =
  'El servicio no dejó recorrer todo el historial de facturas: se leyeron 20 facturas. Lo sincronizado se conserva; ' +
  'una factura que falte aquí puede consultarse en el portal de su proveedor.';
const rows: HistoryRow[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: TOTAL - i,
  kind: i % 3 === 0 ? 'DSE' : 'FE',
  remote_id: TOTAL - i,
  tipo_dian: i % 3 === 0 ? '05' : '01',
  number: `SETP${990000000 + TOTAL - i}`,
  estado_dian: i === 1 ? 'en_proceso' : i === 2 ? 'aceptado_con_notificaciones' : 'aceptado',
  fiscal_key: 'a'.repeat(96),
  issue_date: '2026-11-20',
  counterpart_name: i % 2 === 0 ? 'Panadería La Espiga' : 'Ferretería Central',
  counterpart_doc: `9001${i}`,
  subtotal: '1000000.00',
  impuestos: '190000.00',
  total: '1190000.50',
  moneda: 'COP',
  submission_id: null,
  synced_at: '2026-11-20T15:00:00Z',
  submission_state: i === 1 ? 'pending' : null,
  following: i === 1,
}));

const fake = installFakeBridge({
  'history.list': (args) => {
    const matching = args.filter.q
      ? rows.filter((row) => row.counterpart_name.toLowerCase().includes(args.filter.q!.toLowerCase()))
      : rows;
    return { total: matching.length, offset: args.offset, items: matching.slice(args.offset, args.offset + args.limit) };
  },
  'history.status': () => ({
    running: false,
    documents: TOTAL,
    next_page: 1,
    total_pages: 10,
    started_at: null,
    finished_at: '2026-11-20T15:00:00Z',
    last_error: null,
    warning: INCOMPLETE,
  }),
  'history.following': () => [],
});
const listCalls = () => fake.inputsOf('history.list');

let HistoryScreen: typeof import('#renderer/features/history/HistoryScreen').default;

beforeAll(async () => {
  // jsdom has no layout: give the scroller a height so the virtualizer has a window to fill.
  const NoResize = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globalThis.ResizeObserver ??= NoResize;
  window.ResizeObserver ??= NoResize;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 440 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
  HistoryScreen = (await import('#renderer/features/history/HistoryScreen')).default;
});

afterEach(cleanup);
beforeEach(() => {
  window.location.hash = '#/historial';
});

function renderScreen() {
  return renderWithQueries(<HistoryScreen />);
}

describe('Historial screen', () => {
  it('shows the total, renders only the visible rows and asks only for the pages it shows', async () => {
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    const shown = await screen.findAllByTestId('history-row');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]!.textContent).toContain('SETP990001000');
    expect(shown[0]!.textContent).toContain('20/11/2026');
    expect(shown[0]!.textContent?.replace(/\u00a0/g, ' ')).toContain('$ 1.190.000,50');
    expect(Math.max(...listCalls().map((call) => call.offset))).toBeLessThan(300);
    expect(listCalls().every((call) => call.limit === 100)).toBe(true);
    expect(screen.getByTestId('last-sync').textContent).toMatch(/Última sincronización: 20\/11\/2026/);
  });

  it('marks what the app still follows', async () => {
    renderScreen();
    const shown = await screen.findAllByTestId('history-row');
    expect(shown[1]!.textContent).toContain('en duda / pendiente');
    expect(shown[1]!.textContent).toContain('En proceso');
    expect(shown[0]!.textContent).not.toContain('en duda / pendiente');
  });

  it('names an acceptance with notices in Spanish, as accepted', async () => {
    renderScreen();
    const shown = await screen.findAllByTestId('history-row');
    expect(shown[2]!.textContent).toContain('Aceptado con notificaciones');
    expect(shown[2]!.querySelector('.badge--ok')).not.toBeNull();
    expect(shown[2]!.textContent).not.toContain('En verificación');
  });

  it('says the history is incomplete when the last sync could not walk the whole list', async () => {
    renderScreen();
    expect(await screen.findByText('El historial puede estar incompleto')).toBeTruthy();
    expect(screen.getByText(INCOMPLETE)).toBeTruthy();
  });

  it('sends the search text and filters to core and shows what comes back', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'espiga');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'FE');
    await screen.findByText('500 documentos, del más reciente al más antiguo');
    expect(listCalls().at(-1)?.filter).toEqual({ q: 'espiga', kind: 'FE' });
    for (const row of await screen.findAllByTestId('history-row')) expect(row.textContent).toContain('Panadería La Espiga');
  });

  it('explains a date that is not dd/mm/aaaa and does not query with it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    await user.type(screen.getByRole('textbox', { name: 'Desde' }), '2026-11-31');
    expect(await screen.findByText(/La fecha «desde» no es válida: escríbala como dd\/mm\/aaaa/)).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Desde' }));
    await user.type(screen.getByRole('textbox', { name: 'Desde' }), '01/11/2026');
    await waitFor(() => expect(listCalls().at(-1)?.filter).toEqual({ from: '2026-11-01' }));
  });

  it('names a reversed range on «Desde» in Spanish and does not query with it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    const asked = listCalls().length;
    await user.type(screen.getByRole('textbox', { name: 'Desde' }), '20/11/2026');
    await waitFor(() => expect(listCalls().at(-1)?.filter).toEqual({ from: '2026-11-20' }));
    await user.type(screen.getByRole('textbox', { name: 'Hasta' }), '01/11/2026');
    const from = screen.getByRole('textbox', { name: 'Desde' }).closest('.field') as HTMLElement;
    expect((await within(from).findByRole('alert')).textContent).toBe('La fecha inicial no puede ser posterior a la final.');
    expect(
      listCalls()
        .slice(asked)
        .some((call) => call.filter.to !== undefined),
    ).toBe(false);
  });

  it('refuses a search longer than the contract allows with a Spanish message, and keeps the list', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    await user.click(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.paste('a'.repeat(201));
    const search = screen.getByRole('searchbox', { name: 'Buscar' }).closest('.field') as HTMLElement;
    expect((await within(search).findByRole('alert')).textContent).toBe('Admite como máximo 200 caracteres.');
    expect(listCalls().some((call) => call.filter.q !== undefined)).toBe(false);
    expect(screen.getByText('1.000 documentos, del más reciente al más antiguo')).toBeTruthy();
  });

  it('offers the states by meaning in the shop words, never a raw DSE step, and filters by meaning', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('1.000 documentos, del más reciente al más antiguo');
    const select = screen.getByRole('combobox', { name: 'Estado' });
    const options = [...select.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([
      'Todos',
      'Aceptado (con o sin notificaciones)',
      'Aceptado con notificaciones',
      'Rechazado',
      'En proceso / pendiente',
      'En verificación (estado que la aplicación no reconoce)',
    ]);
    expect(options.join(' ')).not.toMatch(/firmado|enviándose|transporte|DSE:/i);
    await user.selectOptions(select, 'En proceso / pendiente');
    await waitFor(() => expect(listCalls().at(-1)?.filter).toEqual({ state: 'en_curso' }));
  });
});
