// Which site a request is for: only configured hosts are served (DNS rebinding), the origin and
// the cookies' Secure come from configuration, a TLS socket or a trusted proxy, never from what a
// client claims, and the client's address is read from the right of a trusted proxy's chain.
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../src/server/platform/config/env.ts';
import {
  hostPolicy,
  resolveSite,
  type RequestFacts,
} from '../../src/server/platform/security/request-site.ts';

const local = hostPolicy(parseServerEnv({ EMBEDDED_DB: '1', PORT: '4321' }));
const behindProxy = hostPolicy(
  parseServerEnv({
    EMBEDDED_DB: '1',
    PORT: '4321',
    SITE_URL: 'https://daytoncontractors.example',
    ALLOWED_HOSTS: 'www.daytoncontractors.example, Shop.Example:8443',
    TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::1',
  }),
);
const production = hostPolicy(
  parseServerEnv({ NODE_ENV: 'production', PORT: '4321', SITE_URL: 'https://daytoncontractors.example' }),
);

const facts = (over: Partial<RequestFacts>): RequestFacts => ({
  host: '127.0.0.1:4321',
  peer: '127.0.0.1',
  encrypted: false,
  ...over,
});

describe('the hosts a server answers for', () => {
  it.each([
    ['127.0.0.1:4321', 'http://127.0.0.1:4321'],
    ['localhost:4321', 'http://localhost:4321'],
    ['LOCALHOST:4321', 'http://localhost:4321'],
  ])('locally, %s on the server port', (host, origin) => {
    expect(resolveSite(facts({ host }), local)).toEqual({
      ok: true,
      site: { origin, secure: false, clientAddress: '127.0.0.1' },
    });
  });

  it.each([
    ['evil.example'],
    ['evil.example:4321'],
    ['127.0.0.1:4322'],
    ['localhost'],
    ['127.0.0.1:4321/x'],
    ['user@127.0.0.1:4321'],
    [''],
  ])('refuses %j with 421', (host) => {
    expect(resolveSite(facts({ host }), local)).toMatchObject({ ok: false, status: 421 });
  });

  it('refuses a request without a Host', () => {
    expect(resolveSite(facts({ host: null }), local)).toMatchObject({ ok: false, status: 421 });
  });

  it("serves SITE_URL's host and ALLOWED_HOSTS, over SITE_URL's scheme", () => {
    for (const [host, origin] of [
      ['daytoncontractors.example', 'https://daytoncontractors.example'],
      ['www.daytoncontractors.example', 'https://www.daytoncontractors.example'],
      ['shop.example:8443', 'https://shop.example:8443'],
    ] as const) {
      expect(resolveSite(facts({ host, peer: '203.0.113.9' }), behindProxy)).toEqual({
        ok: true,
        site: { origin, secure: true, clientAddress: '203.0.113.9' },
      });
    }
  });

  it('in production, no loopback names: only the configured hosts', () => {
    expect(resolveSite(facts({ host: '127.0.0.1:4321' }), production)).toMatchObject({ ok: false });
    expect(resolveSite(facts({ host: 'localhost:4321' }), production)).toMatchObject({ ok: false });
    expect(resolveSite(facts({ host: 'daytoncontractors.example' }), production)).toMatchObject({ ok: true });
  });
});

describe('X-Forwarded-* headers', () => {
  const forwarded = {
    forwardedProto: 'https',
    forwardedHost: 'evil.example',
    forwardedFor: '198.51.100.7',
  };

  it('are ignored from a peer that is not a trusted proxy', () => {
    expect(resolveSite(facts(forwarded), local)).toEqual({
      ok: true,
      site: { origin: 'http://127.0.0.1:4321', secure: false, clientAddress: '127.0.0.1' },
    });
  });

  it('are believed from a trusted proxy: scheme, host (still checked) and client', () => {
    const trusted = { host: 'internal:8080', peer: '10.1.2.3' };
    expect(
      resolveSite(
        facts({ ...trusted, ...forwarded, forwardedHost: 'www.daytoncontractors.example' }),
        behindProxy,
      ),
    ).toEqual({
      ok: true,
      site: { origin: 'https://www.daytoncontractors.example', secure: true, clientAddress: '198.51.100.7' },
    });
    expect(resolveSite(facts({ ...trusted, ...forwarded }), behindProxy)).toMatchObject({
      ok: false,
      status: 421,
    });
  });

  it('take the client from the right of the chain, past trusted proxies', () => {
    const chain = (forwardedFor: string, peer = '10.0.0.5') =>
      resolveSite(facts({ host: 'daytoncontractors.example', peer, forwardedFor }), behindProxy);
    // A client writes its own X-Forwarded-For; the proxy appends the address it really saw.
    expect(chain('1.2.3.4, 198.51.100.7')).toMatchObject({ site: { clientAddress: '198.51.100.7' } });
    expect(chain('1.2.3.4, 198.51.100.7, 10.9.9.9')).toMatchObject({
      site: { clientAddress: '198.51.100.7' },
    });
    expect(chain('not-an-address')).toMatchObject({ site: { clientAddress: '10.0.0.5' } });
    expect(chain('198.51.100.7', '::ffff:10.0.0.5')).toMatchObject({
      site: { clientAddress: '198.51.100.7' },
    });
    expect(chain('198.51.100.8', '2001:db8::1')).toMatchObject({ site: { clientAddress: '198.51.100.8' } });
  });

  it('a TLS socket is HTTPS whatever the configuration', () => {
    expect(resolveSite(facts({ encrypted: true }), local)).toMatchObject({
      site: { origin: 'https://127.0.0.1:4321', secure: true },
    });
  });
});

describe('ALLOWED_HOSTS and TRUSTED_PROXIES', () => {
  it.each([
    [{ ALLOWED_HOSTS: 'https://www.example.com' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'www.example.com/path' }, 'ALLOWED_HOSTS'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: 'proxy.internal' }, 'TRUSTED_PROXIES'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => parseServerEnv(env)).toThrow(name);
  });

  it('are lists, empty when unset', () => {
    expect(parseServerEnv({})).toMatchObject({ ALLOWED_HOSTS: [], TRUSTED_PROXIES: [] });
    expect(parseServerEnv({ ALLOWED_HOSTS: ' a.example ,, B.example:81 ' }).ALLOWED_HOSTS).toEqual([
      'a.example',
      'b.example:81',
    ]);
  });
});
