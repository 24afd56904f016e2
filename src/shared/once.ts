// A value built at its first use and kept: for what costs to build and is not needed by every
// screen (an Intl formatter takes milliseconds to build in a new renderer, and a window builds the
// modules of its first screen before drawing it).

/** `make` runs once, at the first call; later calls return what it built. */
export function once<T>(make: () => T): () => T {
  let built: { value: T } | null = null;
  return () => (built ??= { value: make() }).value;
}
