// Code loaded when first needed (a screen, the part of a screen shown after a submit), rendered
// without React.lazy: a lazy component suspends on its first render even when its code is already
// loaded, and React then holds the screen back behind its fallback for 300 ms (its throttle). Here a
// part whose code has arrived (preloaded, or part of the initial code) renders at once, and one whose
// code is still on its way suspends until it arrives (the nearest Suspense shows its fallback).
import { createElement, use, type ComponentType } from 'react';

/** A promise carrying its outcome the way React's `use` reads it, so that a settled one never suspends. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export type PartModule<P> = { default: ComponentType<P> };

export interface LazyPart<P> {
  /** renders the part; suspends only while its code loads */
  Component: ComponentType<P>;
  /** loads the part's code, once (a failure not yet shown is forgotten, so the next load tries again) */
  load: () => Promise<PartModule<P>>;
}

/** A module already loaded (part of the initial code): a promise React's `use` reads at once. */
function loaded<T>(module: T): TrackedPromise<T> {
  const promise: TrackedPromise<T> = Promise.resolve(module);
  promise.status = 'fulfilled';
  promise.value = module;
  return promise;
}

/** `code`: the module when it is part of the initial code, else the import that loads it. */
/** `name`: the part's name in React's tools. */
export function lazyPart<P extends object>(name: string, code: PartModule<P> | (() => Promise<PartModule<P>>)): LazyPart<P> {
  const importer = typeof code === 'function' ? code : () => loaded(code);
  let loading: TrackedPromise<PartModule<P>> | null = typeof code === 'function' ? null : loaded(code);
  let rendered = false;
  const load = (): Promise<PartModule<P>> => {
    if (!loading) {
      const promise: TrackedPromise<PartModule<P>> = importer();
      promise.status = 'pending';
      rendered = false;
      promise.then(
        (module) => {
          promise.status = 'fulfilled';
          promise.value = module;
        },
        (error: unknown) => {
          promise.status = 'rejected';
          promise.reason = error;
          // A failure nobody has seen (a background preload) is forgotten: showing the part tries
          // again. One the screen showed stays, as with React.lazy, until the app reloads.
          if (!rendered && loading === promise) loading = null;
        },
      );
      loading = promise;
    }
    return loading;
  };
  function Component(props: P) {
    const module = load();
    rendered = true;
    return createElement(use(module).default, props);
  }
  Component.displayName = name;
  return { Component, load };
}
