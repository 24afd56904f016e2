// The draft's autosave as a store outside React: the status line hears of a change only when what it
// shows changes ("guardado" → "guardando…" once, not on every keystroke), "guardado" is shown only
// for the latest change, and each burst of changes is written once, after the pause.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '#test/component/fake-bridge';

const fake = installFakeBridge({
  'drafts.save': (input) => ({ ...input, updated_at: '2026-11-24T12:00:00.000Z' }),
  'drafts.discard': () => ({ discarded: true }),
});

let DraftAutosave: typeof import('#renderer/forms/useDraftAutosave').DraftAutosave;
beforeAll(async () => {
  ({ DraftAutosave } = await import('#renderer/forms/useDraftAutosave'));
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('draft autosave', () => {
  it('notifies only when the status shown changes, and writes a burst of keystrokes once', async () => {
    const draft = new DraftAutosave('FE', { delayMs: 500 });
    const heard: string[] = [];
    draft.subscribe(() => heard.push(draft.getStatus().state));

    for (let key = 0; key < 20; key += 1) draft.saveLater('clave-0001', () => ({ key }));
    expect(draft.getStatus().state).toBe('idle');
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fake.inputsOf('drafts.save')).toEqual([{ kind: 'FE', idempotency_key: 'clave-0001', data: { key: 19 } }]);
    expect(draft.getStatus().state).toBe('saved');

    // Typing again: "guardando…" once, however many keys.
    for (let key = 0; key < 20; key += 1) draft.saveLater('clave-0001', () => ({ key }));
    expect(heard).toEqual(['saved', 'saving']);
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toEqual(['saved', 'saving', 'saved']);
    expect(fake.inputsOf('drafts.save')).toHaveLength(2);
  });

  it('never shows "saved" for an earlier save while a later change waits', async () => {
    const draft = new DraftAutosave('DSE', { delayMs: 500 });
    draft.saveLater('clave-0002', () => ({ v: 1 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(draft.getStatus().state).toBe('saved');
    draft.saveLater('clave-0002', () => ({ v: 2 }));
    expect(draft.getStatus().state).toBe('saving');
    await draft.discard();
    expect(draft.getStatus().state).toBe('idle');
    await vi.advanceTimersByTimeAsync(1000);
    // The discarded change was never written.
    expect(fake.inputsOf('drafts.save').map((i) => i.data)).toEqual([{ v: 1 }]);
  });

  it('on leaving the form, writes what waits only when asked to', async () => {
    const kept = new DraftAutosave('DSE', { delayMs: 500, flushOnUnmount: true });
    kept.saveLater('clave-0003', () => ({ v: 'kept' }));
    kept.close();
    const dropped = new DraftAutosave('FE', { delayMs: 500 });
    dropped.saveLater('clave-0004', () => ({ v: 'dropped' }));
    dropped.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.inputsOf('drafts.save').map((i) => i.idempotency_key)).toEqual(['clave-0003']);
  });
});
