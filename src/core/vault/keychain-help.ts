// What to tell a shop owner whose computer has no usable OS keychain, per system (the terminal, the
// first screen and Ajustes all show this one text). The embedded test environment works without it
// (docs/CLIENT-DECISIONS.md, "The embedded sandbox's token"); a real provider's token does not.

const PLAIN_TEXT = 'Factura Desk nunca guarda ese token en texto plano.';

export function keychainUnavailableMessage(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') {
    return (
      'El Llavero de macOS no respondió o está bloqueado. Viene con el sistema: desbloquéelo con la contraseña de su usuario ' +
      '(app «Acceso a Llaveros») y vuelva a intentarlo. El entorno de pruebas integrado funciona sin él, pero el token de un ' +
      `proveedor real solo se guarda en el llavero. ${PLAIN_TEXT}`
    );
  }
  if (platform === 'win32') {
    return (
      'El Administrador de credenciales de Windows no respondió. Viene con el sistema: abra Factura Desk con su propia cuenta ' +
      'de usuario (no como otro usuario ni como servicio) y vuelva a intentarlo. El entorno de pruebas integrado funciona sin él, ' +
      `pero el token de un proveedor real solo se guarda allí. ${PLAIN_TEXT}`
    );
  }
  return (
    'No hay un llavero del sistema disponible en esta sesión, o está bloqueado. El entorno de pruebas integrado funciona sin él, ' +
    'pero el token de un proveedor real solo se guarda en el llavero. En Debian o Ubuntu instálelo con ' +
    '«sudo apt install gnome-keyring» e inicie sesión en un escritorio gráfico (el llavero se abre con la sesión); abra ' +
    'Factura Desk desde ese escritorio. En KDE use KWallet, el llavero de su escritorio. Si ya tiene uno, desbloquéelo y ' +
    `vuelva a intentarlo. ${PLAIN_TEXT}`
  );
}
