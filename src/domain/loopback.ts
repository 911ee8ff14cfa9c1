// Whether a request comes from this machine, for pages that exist only for the developer in front
// of it (/dev/mail shows every captured mail, reset links included). Both must hold: the client
// address is the loopback one (so not someone on the network), and the Host header names loopback
// (so not a page of another site whose name resolves to 127.0.0.1, read by a visitor's browser:
// DNS rebinding).

/** Client addresses of this machine, as the Node adapter reports its socket's peer. */
const LOOPBACK_CLIENTS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** localhost, 127.0.0.1 or [::1], with any port or none. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackRequest(clientAddress: string | null, host: string | null): boolean {
  return (
    clientAddress !== null && LOOPBACK_CLIENTS.has(clientAddress) && host !== null && LOOPBACK_HOST.test(host)
  );
}
