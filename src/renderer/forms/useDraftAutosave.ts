// A form's draft in core (`drafts.save` / `drafts.discard`, one per kind): its values and the
// idempotency key created once for the document, written shortly after each change and at once
// before anything is sent, so that closing the app loses nothing and a reopened draft submits under
// the key it was first given. The same for every form.
//
// The autosave is a small store outside React: the form holds it (one per form, stable), and only
// the part that shows the draft's status subscribes to it (useDraftStatus). A save, or the first
// change after one, then re-renders that status line, not the form: with 200 lines, re-rendering the
// form for them cost several milliseconds per keystroke (typing benchmark).
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DocumentKind } from '#shared/rpc/methods/submissions';
import { invoke } from '../rpc/client';

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'error'; message: string };

export interface DraftAutosaveOptions {
  /** how long after the last change the draft is written */
  delayMs: number;
  /** leaving the form writes what was waiting (the DSE screen); otherwise it is dropped */
  flushOnUnmount?: boolean;
}

interface Save {
  key: string;
  /** serialised when the save is due, not on every keystroke (a 200-line form is tens of KB of JSON) */
  data: () => Record<string, unknown>;
}

const IDLE: DraftStatus = { state: 'idle' };
const SAVING: DraftStatus = { state: 'saving' };

export class DraftAutosave {
  /** each change has a number: "saved" is shown only for the latest one, so an older save finishing late does not claim it */
  private seq = 0;
  private settled: { status: DraftStatus; seq: number } = { status: IDLE, seq: 0 };
  private shown: DraftStatus = IDLE;
  private pending: Save | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly kind: DocumentKind,
    private readonly options: DraftAutosaveOptions,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the status line shows: the latest change's save, "saving" while a later change waits. */
  readonly getStatus = (): DraftStatus => this.shown;

  /** Saves soon (the user is typing). */
  readonly saveLater = (key: string, data: () => Record<string, unknown>): void => {
    const n = this.change();
    this.pending = { key, data };
    this.timer = setTimeout(() => {
      this.timer = null;
      const next = this.pending;
      this.pending = null;
      if (next) void this.write(next, n).catch(() => undefined);
    }, this.options.delayMs);
  };

  /** Saves now (before sending, after the answer): the key is on disk before anything is sent. */
  readonly saveNow = async (key: string, data: Record<string, unknown>): Promise<void> => {
    const n = this.change();
    await this.write({ key, data: () => data }, n);
  };

  /** The draft is gone (discarded, or its submission is in the ledger). */
  readonly discard = async (): Promise<void> => {
    this.cancel();
    this.settle(IDLE, ++this.seq);
    await invoke('drafts.discard', { kind: this.kind });
  };

  /** Drops a save that waits (a submit writes the draft itself). */
  readonly cancel = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  };

  /** Leaving the form: what waits is written now (flushOnUnmount), or dropped. */
  close(): void {
    const next = this.pending;
    this.cancel();
    if (next && this.options.flushOnUnmount) void this.write(next, this.seq).catch(() => undefined);
  }

  private change(): number {
    this.cancel();
    const n = ++this.seq;
    this.show();
    return n;
  }

  private async write(save: Save, n: number): Promise<void> {
    try {
      await invoke('drafts.save', { kind: this.kind, idempotency_key: save.key, data: save.data() });
      this.settle({ state: 'saved', at: new Date() }, n);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'No se pudo guardar el borrador.';
      this.settle({ state: 'error', message }, n);
      throw error;
    }
  }

  private settle(status: DraftStatus, n: number): void {
    this.settled = { status, seq: n };
    this.show();
  }

  /** Tells the subscribers only when what is shown changes (not on every keystroke). */
  private show(): void {
    const { status, seq } = this.settled;
    const next = status.state === 'idle' || seq === this.seq ? status : SAVING;
    if (next === this.shown) return;
    this.shown = next;
    for (const listener of this.listeners) listener();
  }
}

/** The form's autosave: one store for the form's life, closed (flushed or dropped) when it goes. */
export function useDraftAutosave(kind: DocumentKind, options: DraftAutosaveOptions): DraftAutosave {
  const [draft] = useState(() => new DraftAutosave(kind, options));
  useEffect(() => () => draft.close(), [draft]);
  return draft;
}

/** The draft's status, for the one component that shows it. */
export function useDraftStatus(draft: DraftAutosave): DraftStatus {
  return useSyncExternalStore(draft.subscribe, draft.getStatus);
}
