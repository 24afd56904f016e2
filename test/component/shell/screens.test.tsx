// The screen registry: a screen's code is loaded once; once loaded, opening the screen shows it at
// once (no "Cargando…" in between); a failed load reaches the error boundary, a failed background
// load is tried again on open; the background preload loads every screen after start, once the
// first screen has its data.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_AFTER_MS, preloadScreens, screenEntry } from '#renderer/screens';
import { ErrorBoundary } from '#renderer/shell/ErrorBoundary';

function Hola() {
  return <p>Pantalla de prueba</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders inside an async act, so that React (in a test) retries what suspended once it resolves. */
async function open(Screen: React.ComponentType): Promise<void> {
  await act(async () => {
    render(
      <ErrorBoundary resetKey="prueba">
        <Suspense fallback={<p>Cargando…</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('screen registry', () => {
  it('shows "Cargando…" while the code loads, then the screen, importing it once', async () => {
    const code = deferred<{ default: React.ComponentType }>();
    const importer = vi.fn(() => code.promise);
    const entry = screenEntry('prueba', '/prueba', 'Prueba', importer);
    await open(entry.component);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    await act(async () => {
      code.resolve({ default: Hola });
      await code.promise;
    });
    expect(await screen.findByText('Pantalla de prueba')).toBeTruthy();
    await entry.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('once its code is loaded, opens without suspending', async () => {
    const entry = screenEntry('prueba', '/prueba', 'Prueba', () => Promise.resolve({ default: Hola }));
    await entry.load();
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <entry.component />
      </Suspense>,
    );
    // Synchronously after the first render: no fallback was committed.
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(screen.getByText('Pantalla de prueba')).toBeTruthy();
  });

  it('a screen that is part of the initial code opens without suspending, with nothing to import', async () => {
    const entry = screenEntry('prueba', '/prueba', 'Prueba', { default: Hola });
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <entry.component />
      </Suspense>,
    );
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(screen.getByText('Pantalla de prueba')).toBeTruthy();
    expect(await entry.load()).toEqual({ default: Hola });
  });

  it('a load that fails while the screen is open reaches the error boundary', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const entry = screenEntry('prueba', '/prueba', 'Prueba', () => Promise.reject(new Error('chunk missing')));
    await open(entry.component);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Algo salió mal en esta pantalla/);
    quiet.mockRestore();
  });

  it('a background load that fails is tried again when the screen is opened', async () => {
    let attempts = 0;
    const entry = screenEntry('prueba', '/prueba', 'Prueba', () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve({ default: Hola });
    });
    await expect(entry.load()).rejects.toThrow('chunk missing');
    await open(entry.component);
    expect(await screen.findByText('Pantalla de prueba')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('preloads every screen after start, and not before', async () => {
    vi.useFakeTimers();
    const entries = [0, 1, 2].map((i) =>
      screenEntry(
        `s${i}`,
        `/s${i}`,
        `S${i}`,
        vi.fn(() => Promise.resolve({ default: Hola })),
      ),
    );
    const loads = entries.map((e) => vi.spyOn(e, 'load'));
    const cancel = preloadScreens(entries);
    vi.advanceTimersByTime(PRELOAD_AFTER_MS - 1);
    expect(loads.every((l) => l.mock.calls.length === 0)).toBe(true);
    vi.advanceTimersByTime(1);
    await vi.runAllTimersAsync(); // the idle callback, where there is one
    expect(loads.every((l) => l.mock.calls.length === 1)).toBe(true);
    cancel();
  });

  it('waits while the first screen is still loading its data, but not forever', async () => {
    vi.useFakeTimers();
    const entry = screenEntry(
      'prueba',
      '/prueba',
      'Prueba',
      vi.fn(() => Promise.resolve({ default: Hola })),
    );
    const load = vi.spyOn(entry, 'load');
    let busy = true;
    preloadScreens([entry], () => busy);
    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_MS + 2000);
    expect(load).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);

    const stuck = screenEntry(
      'otra',
      '/otra',
      'Otra',
      vi.fn(() => Promise.resolve({ default: Hola })),
    );
    const stuckLoad = vi.spyOn(stuck, 'load');
    preloadScreens([stuck], () => true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(stuckLoad).toHaveBeenCalledTimes(1);
  });

  it('a preload cancelled before it starts loads nothing', () => {
    vi.useFakeTimers();
    const entry = screenEntry(
      'prueba',
      '/prueba',
      'Prueba',
      vi.fn(() => Promise.resolve({ default: Hola })),
    );
    const load = vi.spyOn(entry, 'load');
    preloadScreens([entry])();
    vi.advanceTimersByTime(10 * PRELOAD_AFTER_MS);
    expect(load).not.toHaveBeenCalled();
  });
});
