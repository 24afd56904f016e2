// Result notices (a document settled in the background, ...): one short list for the whole app, so
// they never pile up. A notice with the same key replaces the older one; beyond MAX_NOTICES the
// oldest goes; good news closes itself after NOTICE_MS, an error stays until it is closed.
import { useSyncExternalStore } from 'react';

export type NoticeTone = 'ok' | 'info' | 'error';

export interface Notice {
  /** One notice per key (e.g. the submission it speaks of). */
  key: string;
  text: string;
  tone: NoticeTone;
  /** Tests and screen readers find notices of one kind by it ("fe-toast", "dse-toast"). */
  testId?: string;
  /** A link that tells what to do next (e.g. open the document in Historial). */
  link?: { label: string; href: string };
}

export const MAX_NOTICES = 3;
export const NOTICE_MS = 8_000;

let notices: readonly Notice[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function pushNotice(notice: Notice): void {
  publish([...notices.filter((n) => n.key !== notice.key), notice].slice(-MAX_NOTICES));
}

export function dismissNotice(key: string): void {
  if (notices.some((n) => n.key === key)) publish(notices.filter((n) => n.key !== key));
}

/** Every notice goes (tests; a new connection's screens start clean). */
export function clearNotices(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, () => notices);
}
