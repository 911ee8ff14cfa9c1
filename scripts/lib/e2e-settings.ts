// Settings the browser tests' server (scripts/e2e-server.ts) and the tests share.

/**
 * The address the security tests connect from to play a TLS-terminating reverse proxy: the
 * server trusts its X-Forwarded-* headers (TRUSTED_PROXIES). Linux routes all of 127.0.0.0/8 to
 * the loopback device; every other test connects from 127.0.0.1, an untrusted peer.
 */
export const E2E_TRUSTED_PROXY = '127.0.0.2';

/**
 * An untrusted peer of its own for the security tests' raw sign-ins: not the proxy, and not
 * 127.0.0.1, so they neither spend nor depend on the per-address sign-in budget (30 per 5
 * minutes) that the browser tests share on 127.0.0.1.
 */
export const E2E_UNTRUSTED_PEER = '127.0.0.3';
