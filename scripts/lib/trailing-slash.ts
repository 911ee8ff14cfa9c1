// The Location of the Node server's trailing-slash redirect (trailingSlash 'never': /articles/ is
// /articles). It is built from the URL parser's path (dot segments resolved, backslashes read as
// slashes, escapes kept as sent), with repeated slashes collapsed, so it is always a path of this
// site with one leading slash: never `//host` (protocol-relative) nor `/\host`, which browsers
// both read as another site.
import path from 'node:path';

export function trailingSlashLocation(rawUrl: string): string {
  // A request target is a path: '//articles/' is a path here, not a host as new URL(t, base) reads it.
  const url = rawUrl.startsWith('/') ? new URL(`http://x${rawUrl}`) : new URL(rawUrl, 'http://x');
  const normalised = path.posix.normalize(url.pathname.replace(/\/{2,}/g, '/')).replace(/\/+$/, '');
  const safe = normalised.startsWith('/') && !/^\/[/\\]/.test(normalised) ? normalised : '/';
  return (safe || '/') + url.search;
}
