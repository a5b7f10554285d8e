/**
 * Where to go after login: the `from` location a guard put in the router state (a location object or a path),
 * else "/". Never back to the login or signup pages themselves.
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  let path = '/';
  if (typeof from === 'string') {
    path = from;
  } else if (typeof from === 'object' && from !== null && typeof (from as { pathname?: unknown }).pathname === 'string') {
    const { pathname, search, hash } = from as { pathname: string; search?: unknown; hash?: unknown };
    path = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  if (!path.startsWith('/') || path.startsWith('//') || /^\/(login|signup)(\/|\?|#|$)/.test(path)) return '/';
  return path;
}
