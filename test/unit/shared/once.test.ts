// A value built at its first use: nothing is built before, and the first build is kept.
import { describe, expect, it, vi } from 'vitest';
import { once } from '#shared/once';

describe('once', () => {
  it('builds nothing until asked, then builds once and keeps it', () => {
    const make = vi.fn(() => ({ built: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that is falsy', () => {
    const make = vi.fn(() => 0);
    const value = once(make);
    expect([value(), value()]).toEqual([0, 0]);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
