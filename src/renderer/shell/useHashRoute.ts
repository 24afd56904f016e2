import { useSyncExternalStore } from 'react';
import { currentPath } from '../routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** Hash routing: works the same from file:// in Electron and from the web bridge. */
export function useHashRoute(): string {
  return useSyncExternalStore(subscribe, currentPath);
}
