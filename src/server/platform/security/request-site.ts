// Which site a request is for, decided from configuration rather than from what the request
// claims. The Host header is only a claim: a page on an attacker's domain that resolves to this
// server (DNS rebinding) sends its own name there, and `url.origin` built from it would then
// pass a same-origin check. So a request names one of the configured hosts or is refused, the
// scheme is the configured one (or the socket's, or a trusted proxy's word), and the client's
// address is the socket's unless a trusted proxy forwarded the request.
import { BlockList, isIP } from 'node:net';
import type { ServerEnv } from '../config/env.ts';
import { isProduction } from '../config/production.ts';

export interface RequestSite {
  /** scheme://host[:port] of this site as the browser sees it: what Origin must equal. */
  origin: string;
  /** Served over HTTPS (directly or through a TLS proxy): Secure cookies, HSTS. */
  secure: boolean;
  /** The client's address (the socket's, or the one a trusted proxy forwarded). */
  clientAddress: string | null;
}

export interface HostPolicy {
  /** Allowed hosts (lowercase host[:port]) and whether the site is HTTPS there by configuration. */
  hosts: Map<string, { httpsByConfig: boolean }>;
  trustedProxies: BlockList;
}

/** What the server saw of a request: the Host header, the peer and TLS, the X-Forwarded-* headers. */
export interface RequestFacts {
  host: string | null;
  peer: string | null;
  encrypted: boolean;
  forwardedHost?: string | null;
  forwardedProto?: string | null;
  forwardedFor?: string | null;
}

export type SiteDecision = { ok: true; site: RequestSite } | { ok: false; status: 421; message: string };

const MISDIRECTED = 'This server does not serve that host name.';

/** Loopback names a local server answers for, on its own port. */
const LOCAL_NAMES = ['localhost', '127.0.0.1'];

/**
 * The hosts this server answers for: SITE_URL's, ALLOWED_HOSTS (served like SITE_URL, over its
 * scheme), and outside production localhost and 127.0.0.1 on the server's port.
 */
export function hostPolicy(env: ServerEnv): HostPolicy {
  const hosts: HostPolicy['hosts'] = new Map();
  const site = env.SITE_URL ? new URL(env.SITE_URL) : null;
  const httpsByConfig = site?.protocol === 'https:';
  if (site) hosts.set(site.host, { httpsByConfig });
  for (const host of env.ALLOWED_HOSTS) hosts.set(normalizeHost(host) ?? host, { httpsByConfig });
  if (!isProduction(env)) {
    for (const name of LOCAL_NAMES) {
      const host = `${name}:${env.PORT}`;
      if (!hosts.has(host)) hosts.set(host, { httpsByConfig: false });
    }
  }
  const trustedProxies = new BlockList();
  for (const entry of env.TRUSTED_PROXIES) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) trustedProxies.addAddress(address, type);
    else trustedProxies.addSubnet(address, Number(bits), type);
  }
  return { hosts, trustedProxies };
}

/** host[:port] in lowercase with a default port dropped; null for anything else (paths, users). */
function normalizeHost(host: string, scheme: 'http' | 'https' = 'http'): string | null {
  if (!/^[a-z0-9.\-[\]:]+$/i.test(host)) return null;
  try {
    const url = new URL(`${scheme}://${host}`);
    return url.host;
  } catch {
    return null;
  }
}

function isTrusted(policy: HostPolicy, address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = unmapped(address);
  const family = isIP(plain);
  return family !== 0 && policy.trustedProxies.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** ::ffff:192.0.2.1 (an IPv4 peer on a dual-stack socket) is 192.0.2.1. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

const first = (header: string | null | undefined): string | undefined =>
  header?.split(',')[0]?.trim() || undefined;

/**
 * The client behind a trusted proxy: X-Forwarded-For read from the right (each proxy appends the
 * address it saw), skipping our own proxies; what a client wrote there itself is further left.
 */
function forwardedClient(policy: HostPolicy, forwardedFor: string | null | undefined): string | undefined {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => isIP(unmapped(hop)) !== 0);
  for (let i = hops.length - 1; i >= 0; i -= 1) if (!isTrusted(policy, hops[i])) return unmapped(hops[i]!);
  return hops[0] && unmapped(hops[0]);
}

/** The site a request is for, or a refusal (421) when it names a host this server does not serve. */
export function resolveSite(facts: RequestFacts, policy: HostPolicy): SiteDecision {
  const viaProxy = isTrusted(policy, facts.peer);
  const proto =
    (viaProxy && first(facts.forwardedProto)?.toLowerCase()) || (facts.encrypted ? 'https' : 'http');
  const scheme = proto === 'https' ? 'https' : 'http';
  const claimed = (viaProxy && first(facts.forwardedHost)) || facts.host;
  const host = claimed ? normalizeHost(claimed, scheme) : null;
  const rule = host ? policy.hosts.get(host) : undefined;
  if (!host || !rule) return { ok: false, status: 421, message: MISDIRECTED };
  const secure = scheme === 'https' || rule.httpsByConfig;
  const clientAddress = (viaProxy && forwardedClient(policy, facts.forwardedFor)) || facts.peer;
  return {
    ok: true,
    site: {
      origin: `${secure ? 'https' : 'http'}://${host}`,
      secure,
      clientAddress: clientAddress ? unmapped(clientAddress) : null,
    },
  };
}
