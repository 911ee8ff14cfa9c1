// Guards for destructive operations: only a database on this machine may be reset or
// used by the test suite.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '']);

export function isLocalDatabaseUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return false;
  const socketHost = parsed.searchParams.get('host');
  if (socketHost !== null) return socketHost.startsWith('/');
  return LOCAL_HOSTS.has(parsed.hostname);
}
