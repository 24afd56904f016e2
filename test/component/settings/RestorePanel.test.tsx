// Ajustes › Restaurar una copia against a fake bridge. The confirmation says what
// is lost (by the counts core gives), nothing is restored without the second click, a refusal is
// shown in Spanish and the page stays; a success reloads the page.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppError } from '#shared/rpc/errors';
import type { BackupEntry, RestoreResult } from '#shared/rpc/methods/app';
import { installFakeBridge, rpcError } from '#test/component/fake-bridge';
import { renderWithQueries } from '#test/component/render';

let entries: BackupEntry[] = [];
/** What core answers to the restore: its result, or the refusal it throws. */
let restoreAnswer: RestoreResult | AppError = { name: '', kept_as: null, schema_version: 0 };

const fake = installFakeBridge({
  'app.backups': () => entries,
  'app.restore': () => {
    if (restoreAnswer instanceof Error) throw restoreAnswer;
    return restoreAnswer;
  },
});

let RestorePanel: typeof import('#renderer/features/settings/RestorePanel').RestorePanel;
let RestoredNotice: typeof import('#renderer/features/settings/RestorePanel').RestoredNotice;
beforeAll(async () => {
  ({ RestorePanel, RestoredNotice } = await import('#renderer/features/settings/RestorePanel'));
});
afterEach(cleanup);

const entry = (later: BackupEntry['later']): BackupEntry => ({
  name: 'factura-desk-2026-11-20T15-00-00-000Z.sqlite',
  bytes: 409_600,
  modified: '2026-11-20T15:00:00.000Z',
  later,
});

function renderPanel() {
  renderWithQueries(
    <>
      <RestoredNotice />
      <RestorePanel />
    </>,
  );
}

describe('Restaurar una copia', () => {
  it('lists the backup in Spanish and says what is lost before the second click; then restores and has the app mounted again', async () => {
    entries = [entry({ fe: 3, dse: 1, unresolved: 0 })];
    restoreAnswer = { name: entries[0]!.name, kept_as: '/x/factura-desk.sqlite.antes-de-restaurar', schema_version: 15 };
    const replaced = vi.fn();
    window.addEventListener('factura-desk:data-replaced', replaced);
    renderPanel();
    const row = await screen.findByText(/Copia del/);
    expect(row.textContent).toMatch(/^Copia del 20\/11\/2026, 10:00 a\. m\. · 400 KB$/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Restaurar…' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toMatch(/El archivo actual no se borra/);
    expect(dialog.textContent).toMatch(/se enviaron 3 facturas electrónicas y 1 documento soporte/);
    expect(dialog.textContent).toMatch(/Las facturas vuelven al Historial con «Sincronizar»/);
    expect(fake.methods()).not.toContain('app.restore');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, restaurar esta copia' }));
    await vi.waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
    window.removeEventListener('factura-desk:data-replaced', replaced);
    expect(fake.inputsOf('app.restore')[0]).toEqual({ name: entries[0]!.name, confirm: true });
    // The app mounted again shows what happened, once.
    cleanup();
    renderPanel();
    const done = await screen.findByText('Copia restaurada');
    expect(done.parentElement?.textContent).toMatch(
      /trabaja ahora con los datos de la copia del 20\/11\/2026, 10:00 a\. m\.; el archivo anterior quedó en \/x\/factura-desk\.sqlite\.antes-de-restaurar$/,
    );
    cleanup();
    renderPanel();
    await screen.findByText(/Copia del/);
    expect(screen.queryByText('Copia restaurada')).toBeNull();
  });

  it('warns about unresolved submissions after the backup and shows the refusal; the app stays as it was', async () => {
    entries = [entry({ fe: 1, dse: 0, unresolved: 1 })];
    restoreAnswer = rpcError(
      'conflict',
      'La copia no conoce un envío que aún no tiene respuesta definitiva: el documento soporte de «Proveedor 1».',
    );
    const replaced = vi.fn();
    window.addEventListener('factura-desk:data-replaced', replaced);
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restaurar…' }));
    expect(screen.getByRole('alertdialog').textContent).toMatch(
      /1 envío que la copia no conoce aún no tiene respuesta definitiva/,
    );
    await user.click(screen.getByRole('button', { name: 'Sí, restaurar esta copia' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/aún no tiene respuesta definitiva/);
    expect(replaced).not.toHaveBeenCalled();
    window.removeEventListener('factura-desk:data-replaced', replaced);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says when there is no backup yet', async () => {
    entries = [];
    renderPanel();
    await screen.findByText('Aún no hay copias de seguridad en la carpeta de datos.');
  });
});
