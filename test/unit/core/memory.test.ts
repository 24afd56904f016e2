// core/memory.ts: a full collection on request, without --expose-gc (the app cannot pass it to its
// own main process). An object only a WeakRef points to is gone after it.
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '#core/memory';

// The next turn of the event loop (a macrotask): the job that made the WeakRef has ended.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('collectGarbage', () => {
  it('collects an object nothing refers to any more', async () => {
    // Made in a function of its own: once it returns, only the WeakRef points to the object.
    const ref = ((): WeakRef<{ payload: number[] }> => new WeakRef({ payload: Array.from({ length: 100_000 }, (_, i) => i) }))();
    // A WeakRef's target is kept until the current job ends.
    await nextTurn();
    collectGarbage();
    await nextTurn();
    expect(ref.deref()).toBeUndefined();
  });

  it('leaves what is still referred to', async () => {
    const kept = { payload: [1, 2, 3] };
    const ref = new WeakRef(kept);
    await nextTurn();
    collectGarbage();
    await nextTurn();
    expect(ref.deref()).toBe(kept);
  });
});
