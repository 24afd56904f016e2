// Tests that touch the vault run inside scripts/test.sh's private D-Bus session with an unlocked
// gnome-keyring. Outside it they would hit the developer's own keyring, so they refuse to run.
import { osKeychain } from '#core/vault/os-keychain';
import type { SecretStore } from '#core/vault/vault';

export function realKeychain(): SecretStore {
  if (!process.env.FACTURA_DESK_IN_TEST_SESSION) {
    throw new Error('run tests with `npm test` (it starts a private D-Bus session with gnome-keyring)');
  }
  return osKeychain;
}
