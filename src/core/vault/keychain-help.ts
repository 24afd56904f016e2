// What to tell a shop owner whose computer has no usable OS keychain, per system (the terminal, the
// first screen and Ajustes all show this one text). The embedded test environment works without it
// (docs/CLIENT-DECISIONS.md, "The embedded sandbox's token"); a real provider's token does not.

/** What the keychain was asked for: the API token (the default) or the shop database's password. */
export type KeychainSecret = 'token' | 'database';

export function keychainUnavailableMessage(
  platform: NodeJS.Platform = process.platform,
  secret: KeychainSecret = 'token',
): string {
  const kept =
    secret === 'database'
      ? 'la contraseña de la base de datos del negocio solo se guarda en el llavero'
      : 'el token de un proveedor real solo se guarda en el llavero';
  const plain =
    secret === 'database'
      ? 'Factura Desk nunca guarda esa contraseña en texto plano.'
      : 'Factura Desk nunca guarda ese token en texto plano.';
  if (platform === 'darwin') {
    return (
      'El Llavero de macOS no respondió o está bloqueado. Viene con el sistema: desbloquéelo con la contraseña de su usuario ' +
      '(app «Acceso a Llaveros») y vuelva a intentarlo. El entorno de pruebas integrado funciona sin él, pero ' +
      `${kept}. ${plain}`
    );
  }
  if (platform === 'win32') {
    return (
      'El Administrador de credenciales de Windows no respondió. Viene con el sistema: abra Factura Desk con su propia cuenta ' +
      'de usuario (no como otro usuario ni como servicio) y vuelva a intentarlo. El entorno de pruebas integrado funciona sin él, ' +
      `pero ${kept.replace(' en el llavero', ' allí')}. ${plain}`
    );
  }
  return (
    'No hay un llavero del sistema disponible en esta sesión, o está bloqueado. El entorno de pruebas integrado funciona sin él, ' +
    `pero ${kept}. En Debian o Ubuntu instálelo con ` +
    '«sudo apt install gnome-keyring» e inicie sesión en un escritorio gráfico (el llavero se abre con la sesión); abra ' +
    'Factura Desk desde ese escritorio. En KDE use KWallet, el llavero de su escritorio. Si ya tiene uno, desbloquéelo y ' +
    `vuelva a intentarlo. ${plain}`
  );
}
