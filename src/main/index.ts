// The Electron shell, kept thin: one instance, one hardened window, IPC forwarded to core.
import { app, BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keychainWarning, startServedHost, type ServedHost } from './host';
import { createIpcRpcHandler } from './ipc';
import { takeDatabaseArgument } from '../core/store/database-choice';
import { takeRegisterArgument } from '../core/registers/register-argument';
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
  // Quitting waits for core to close: the work in flight ends, the last commit reaches the main
  // file and the folder's lock is given back; only then does the process end.
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed || !host) return;
    event.preventDefault();
    const closing = host;
    host = undefined;
    void closing
      .close()
      .catch(() => undefined)
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
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
  // `npm start -- --database postgres://…` (scripts/start.mjs passes it on); else the variable or Ajustes' choice.
  let databaseArgument: string | undefined;
  let registerName: string | undefined;
  try {
    const { database, rest } = takeDatabaseArgument(process.argv.slice(1));
    databaseArgument = database;
    registerName = takeRegisterArgument(rest).register;
  } catch (error) {
    dialog.showErrorBox('Factura Desk', error instanceof Error ? error.message : String(error));
    app.quit();
    return;
  }
  // A database that cannot be opened does not stop the app: the window opens and every call
  // answers the Spanish explanation with the backups, or the shop database's own way back
  // (src/main/unavailable-store.ts).
  host = await startServedHost({
    home: app.getPath('userData'),
    secrets: osKeychain,
    transport: 'electron',
    version: app.getVersion(),
    nativeBinding: electronSqliteBinding(app.getAppPath()),
    databaseArgument,
    registerName,
  });
  if (host.startupError?.code === 'folder_in_use') {
    // The web host or a command holds this data folder (another desktop instance would have been
    // focused above): refused at once, with the message that names it, and nothing opened.
    dialog.showErrorBox('Factura Desk', host.startupError.message);
    app.quit();
    return;
  }
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
  // Said once, in a dialog: the previous session ended uncleanly and its -wal was gone or cut.
  if (host.storeNotice)
    void dialog.showMessageBox(mainWindow, { type: 'warning', title: 'Factura Desk', message: host.storeNotice });
}
