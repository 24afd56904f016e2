// ELECTRON_RENDERER_URL is honoured in development only, and only for the
// loopback dev server; a packaged build always loads its own files.
import { describe, expect, it } from 'vitest';
import { devRendererUrl } from '#main/renderer-url';

describe('the renderer URL of the window', () => {
  it('a packaged build ignores ELECTRON_RENDERER_URL', () => {
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, true)).toBeUndefined();
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, true)).toBeUndefined();
  });

  it('development takes the loopback dev server only', () => {
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false)).toBe('http://localhost:5173');
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, false)).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, false)).toBeUndefined();
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'file:///tmp/x.html' }, false)).toBeUndefined();
    expect(devRendererUrl({}, false)).toBeUndefined();
  });
});
