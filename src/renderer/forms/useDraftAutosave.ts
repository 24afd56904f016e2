// A form's draft in core (`drafts.save` / `drafts.discard`, one per kind): its values and the
// idempotency key created once for the document, written shortly after each change and at once
// before anything is sent, so that closing the app loses nothing and a reopened draft submits under
// the key it was first given. The same for every form.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentKind } from '../../shared/rpc/methods/submissions';
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

export function useDraftAutosave(kind: DocumentKind, { delayMs, flushOnUnmount = false }: DraftAutosaveOptions) {
  // "saved" is shown only for the latest change, never for an earlier save while a later change
  // waits for its own (issue 13's flake): each change has a number.
  const [status, setStatus] = useState<{ status: DraftStatus; seq: number; latest: number }>({
    status: { state: 'idle' },
    seq: 0,
    latest: 0,
  });
  const seq = useRef(0);
  const pending = useRef<Save | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const write = useCallback(
    async (save: Save, n: number) => {
      try {
        await invoke('drafts.save', { kind, idempotency_key: save.key, data: save.data() });
        setStatus((s) => ({ ...s, status: { state: 'saved', at: new Date() }, seq: n }));
      } catch (error) {
        const message = error instanceof Error ? error.message : 'No se pudo guardar el borrador.';
        setStatus((s) => ({ ...s, status: { state: 'error', message }, seq: n }));
        throw error;
      }
    },
    [kind],
  );

  /** Saves soon (the user is typing). */
  const saveLater = useCallback(
    (key: string, data: () => Record<string, unknown>) => {
      const n = ++seq.current;
      cancel();
      pending.current = { key, data };
      setStatus((s) => ({ ...s, latest: n }));
      timer.current = setTimeout(() => {
        timer.current = null;
        const next = pending.current;
        pending.current = null;
        if (next) void write(next, n).catch(() => undefined);
      }, delayMs);
    },
    [cancel, write, delayMs],
  );

  /** Saves now (before sending, after the answer): the key is on disk before anything is sent. */
  const saveNow = useCallback(
    async (key: string, data: Record<string, unknown>) => {
      cancel();
      const n = ++seq.current;
      setStatus((s) => ({ ...s, latest: n }));
      await write({ key, data: () => data }, n);
    },
    [cancel, write],
  );

  /** The draft is gone (discarded, or its submission is in the ledger). */
  const discard = useCallback(async () => {
    cancel();
    const n = ++seq.current;
    setStatus({ status: { state: 'idle' }, seq: n, latest: n });
    await invoke('drafts.discard', { kind });
  }, [cancel, kind]);

  const flush = useRef(flushOnUnmount);
  useEffect(() => {
    flush.current = flushOnUnmount;
  }, [flushOnUnmount]);
  useEffect(
    () => () => {
      // Leaving the form: whatever is waiting is written now, or dropped.
      const next = pending.current;
      cancel();
      if (next && flush.current) void write(next, seq.current).catch(() => undefined);
    },
    [cancel, write],
  );

  const shown: DraftStatus = status.status.state === 'idle' || status.seq === status.latest ? status.status : { state: 'saving' };
  return { saveLater, saveNow, discard, cancel, status: shown };
}
