// The web bridge's per-run secret. It never lives in a cookie: cookies are not
// scoped by port, so a browser would hand one for 127.0.0.1 to every other local service. The
// printed URL carries it in the fragment (never sent to any server, never in a Referer); the page
// keeps it in sessionStorage (scoped to scheme, host AND port, and to the tab) and sends it in a
// header with every RPC call and on the event stream.

/**
 * The printed URL: http://127.0.0.1:PORT/?sesion#secret=<base64url>, optionally followed by a route
 * (#/historial). The page removes `?sesion` and the secret from the address bar at once, so opening the
 * printed URL again in the same tab is a real navigation (a new page load), not a change of fragment.
 */
export const WEB_SESSION_QUERY = '?sesion';
export const WEB_SECRET_FRAGMENT = '#secret=';
export const WEB_SECRET_STORAGE_KEY = 'factura-desk.session';

/** Splits a location hash into the secret it carries (if any) and the rest (the route). */
export function splitSecretFragment(hash: string): { secret: string | null; rest: string } {
  if (!hash.startsWith(WEB_SECRET_FRAGMENT)) return { secret: null, rest: hash };
  const tail = hash.slice(WEB_SECRET_FRAGMENT.length);
  const end = tail.indexOf('#');
  return end < 0 ? { secret: tail, rest: '' } : { secret: tail.slice(0, end), rest: tail.slice(end) };
}
