// The one application window, locked down: context isolation, sandbox, no Node, strict CSP,
// no navigation away, no new windows, no permissions (SECURITY.md).
import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

export function hardenSession(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

export function createMainWindow(rendererUrl: string | undefined, outDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    title: 'Factura Desk',
    show: false,
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
      // A middle click on a link must not open anything (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.on('will-redirect', (event) => event.preventDefault());
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Only the DIAN lookup of a CUFE/CUDS may leave the app, in the user's own browser.
    if (url.startsWith('https://catalogo-vpfe.dian.gov.co/') || url.startsWith('https://catalogo-vpfe-hab.dian.gov.co/')) {
      void shell.openExternal(url);
    }
    return { action: 'deny' };
  });
  if (rendererUrl) void window.loadURL(rendererUrl);
  else void window.loadFile(join(outDir, 'renderer', 'index.html'));
  return window;
}
