// Preloaded into netlify-cli (NODE_OPTIONS=--import) by tests/netlify/serve-smoke.ts: the CLI's
// proxy and functions server listen on every interface (`server.listen({ port })`, no host
// option), and this machine's servers bind to the loopback address only. A listen that names no
// host (and no socket path) gets 127.0.0.1; one that names a host is left alone.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first, second] = args;
  if (first === undefined || typeof first === 'function') {
    args.unshift(0, '127.0.0.1');
  } else if (typeof first === 'object' && first !== null) {
    if (
      first.path === undefined &&
      first.host === undefined &&
      !('_handle' in first) &&
      first.fd === undefined
    )
      args[0] = { ...first, host: '127.0.0.1' };
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof second !== 'string') args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
