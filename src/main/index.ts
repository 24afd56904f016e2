// The Electron shell, kept thin: one instance, one hardened window, IPC forwarded to core.
import { app, BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keychainWarning, startServedHost, type ServedHost } from './host';
import { createIpcRpcHandler } from './ipc';
import { osKeychain } from '../core/vault/os-keychain';
import { electronSqliteBinding } from './natives';
import { withPdfExport } from './print';
import { createMainWindow, hardenSession } from './window';
import { devRendererUrl } from './renderer-url';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
let host: ServedHost | undefined;
let mainWindow: BrowserWindow | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (navigation) => navigation.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    void host?.close();
  });
  void app.whenReady().then(start);
}

/** Only our own window's top frame may call core (STYLE.md, model Electron Fiddle). */
function fromOurWindow(event: IpcMainInvokeEvent): boolean {
  return (
    mainWindow !== undefined && event.sender === mainWindow.webContents && event.senderFrame === mainWindow.webContents.mainFrame
  );
}

async function start(): Promise<void> {
  hardenSession();
  // A database that cannot be opened does not stop the app: the window opens and every call
  // answers the Spanish explanation with the backups (src/main/unavailable-store.ts).
  host = await startServedHost({
    home: app.getPath('userData'),
    secrets: osKeychain,
    transport: 'electron',
    version: app.getVersion(),
    nativeBinding: electronSqliteBinding(app.getAppPath()),
  });
  // Whoever started the app from a terminal reads it there too; the window shows it as a notice.
  const keychain = await keychainWarning(host);
  if (keychain) console.warn(keychain);
  ipcMain.handle(
    'rpc',
    createIpcRpcHandler(
      withPdfExport(host.dispatcher, () => mainWindow),
      fromOurWindow,
    ),
  );
  host.events.subscribe((event, payload) => {
    mainWindow?.webContents.send('rpc:event', { event, payload });
  });
  mainWindow = createMainWindow(devRendererUrl(process.env, app.isPackaged), outDir);
}
