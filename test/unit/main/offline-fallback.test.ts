// Which failures to open the shop's database let a register sell on its shop copy: the database out
// of reach, or the handover refused by key; never a failure a person must fix (a password, rights,
// TLS, a missing database, a newer schema), which the copy would hide.
import { describe, expect, it } from 'vitest';
import { sellsWithoutShopDatabase } from '#main/offline-fallback';
import { AppError } from '#shared/rpc/errors';

const unavailable = (reason: string) => new AppError('store_unavailable', 'No se pudo.', { reason });

describe('selling on the shop copy', () => {
  it.each([
    ['unknown_host', true],
    ['refused', true],
    ['timeout', true],
    ['unreachable', true],
    ['connection_lost', true],
    ['server_busy', true],
    ['password_refused', false],
    ['no_password', false],
    ['not_admitted', false],
    ['database_missing', false],
    ['not_allowed', false],
    ['tls_unsupported', false],
    ['tls_untrusted', false],
  ])('the shop database %s: %s', (reason, sells) => {
    expect(sellsWithoutShopDatabase(unavailable(reason))).toBe(sells);
  });

  it('a handover refused by key sells on the copy; a newer schema, another conflict or a bug does not', () => {
    expect(sellsWithoutShopDatabase(new AppError('conflict', 'Otra clave.', { reason: 'handover_conflict' }))).toBe(true);
    expect(sellsWithoutShopDatabase(new AppError('conflict', 'Ocupado.'))).toBe(false);
    expect(sellsWithoutShopDatabase(new AppError('store_newer_than_app', 'Más reciente.'))).toBe(false);
    expect(sellsWithoutShopDatabase(new Error('refused'))).toBe(false);
  });
});
