// Guards for destructive operations: only a database on this machine may be reset or
// used by the test suite.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLocalDatabaseUrl(url: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(url)) return false;
  // A Unix-socket directory in ?host= is local; libpq URLs may leave the host part empty.
  const socketHost = /[?&]host=([^&]*)/.exec(url)?.[1];
  if (socketHost !== undefined) return decodeURIComponent(socketHost).startsWith('/');
  try {
    return LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}
