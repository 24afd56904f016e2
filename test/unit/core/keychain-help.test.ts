// What a shop owner without a usable keychain is told, per system: what is missing, how to get it
// (on Debian/Ubuntu the package and a desktop session; elsewhere it is built in), that the test
// environment works meanwhile, and that the token is never kept in plain text.
import { describe, expect, it } from 'vitest';
import { keychainUnavailableMessage } from '#core/vault/keychain-help';

describe('keychainUnavailableMessage', () => {
  it.each([
    ['linux', ['sudo apt install gnome-keyring', 'escritorio gráfico', 'KWallet', 'desbloquéelo']],
    ['darwin', ['Llavero de macOS', 'Viene con el sistema', 'Acceso a Llaveros']],
    ['win32', ['Administrador de credenciales de Windows', 'Viene con el sistema', 'su propia cuenta']],
  ] as const)('%s: says what is missing and how to get it', (platform, expected) => {
    const message = keychainUnavailableMessage(platform);
    for (const part of expected) expect(message).toContain(part);
    expect(message).toContain('El entorno de pruebas integrado funciona sin él');
    expect(message).toContain('nunca guarda ese token en texto plano');
  });

  it.each(['linux', 'darwin', 'win32'] as const)(
    '%s: for the shop database, speaks of its password, never of a token',
    (platform) => {
      const message = keychainUnavailableMessage(platform, 'database');
      expect(message).toContain('la contraseña de la base de datos del negocio solo se guarda');
      expect(message).toContain('nunca guarda esa contraseña en texto plano');
      expect(message).not.toContain('token');
    },
  );

  it('names the Debian package only where it applies', () => {
    expect(keychainUnavailableMessage('darwin')).not.toContain('apt');
    expect(keychainUnavailableMessage('win32')).not.toContain('apt');
  });
});
