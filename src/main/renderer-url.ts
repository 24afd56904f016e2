// Where the window loads the renderer from. electron-vite's dev server sets
// ELECTRON_RENDERER_URL for `electron-vite dev`; a packaged (production) build ignores it and loads
// its own files, so an environment variable cannot point the app (and its RPC bridge) at another page.
// In development it is honoured only for a loopback http address (the dev server).
export function devRendererUrl(env: NodeJS.ProcessEnv, packaged: boolean): string | undefined {
  if (packaged) return undefined;
  const value = env.ELECTRON_RENDERER_URL;
  if (!value) return undefined;
  try {
    const url = new URL(value);
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
    return url.protocol === 'http:' && loopback ? value : undefined;
  } catch {
    return undefined;
  }
}
