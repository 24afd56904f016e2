// After a backup is restored every screen must read the restored data: the
// query cache is dropped and the whole app mounted again (main.tsx), without navigating the page
// (the Electron window refuses navigation) and without losing the web bridge's session.
export const DATA_REPLACED = 'factura-desk:data-replaced';

export function announceDataReplaced(): void {
  window.dispatchEvent(new Event(DATA_REPLACED));
}
