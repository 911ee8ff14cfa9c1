// The service worker (src/pages/sw.js.ts), run in a sandbox with stand-ins for the worker's
// globals: pages network first with a kept copy when the network fails, the offline page for a
// page never opened, no copy of a private answer or a signed-in page, the API left alone, and a new
// version deleting the caches of older ones.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_PAGES, serviceWorkerSource } from '../../src/pages/sw.js.ts';

type Listener = (event: Record<string, unknown>) => void;

function worker(version: string, existingCaches: string[] = []) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>(existingCaches.map((n) => [n, new Map()]));
  let online = true;
  const fetched: string[] = [];
  const caches = {
    open: (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      // Entries by path and query string, as a real cache keys them by URL.
      const at = (request: Request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      };
      return Promise.resolve({
        add: async (request: Request) => {
          store.set(at(request), await fakeFetch(request));
        },
        put: (request: Request, response: Response) => {
          store.set(at(request), response);
          return Promise.resolve();
        },
        match: (request: Request | string) =>
          Promise.resolve(store.get(typeof request === 'string' ? request : at(request))?.clone()),
        keys: () => Promise.resolve([...store.keys()].map((key) => new Request(`https://site.test${key}`))),
        delete: (request: Request) => Promise.resolve(store.delete(at(request))),
      });
    },
    match: (path: string) =>
      Promise.resolve(
        [...stores.values()]
          .find((s) => s.has(path))
          ?.get(path)
          ?.clone(),
      ),
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
  };
  function fakeFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    fetched.push(url.pathname);
    if (!online) return Promise.reject(new TypeError('Failed to fetch'));
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (url.pathname === '/dashboard' || url.pathname === '/private-answer')
      headers['cache-control'] = 'private, no-store';
    const response = new Response(`page ${url.pathname}`, { headers });
    // A fetched answer is of type "basic" in a worker; Node's Response says "default".
    Object.defineProperty(response, 'type', { value: 'basic' });
    return Promise.resolve(response);
  }
  const self = {
    location: new URL('https://site.test/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  };
  /** A worker resolves a relative URL against its own location. */
  class WorkerRequest extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, self.location), init);
    }
  }
  vm.runInNewContext(serviceWorkerSource(version), {
    self,
    caches,
    fetch: fakeFetch,
    Request: WorkerRequest,
    Response,
    URL,
    Promise,
  });

  async function lifecycle(type: 'install' | 'activate') {
    const waiting: { on?: Promise<unknown> } = {};
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => (waiting.on = p) });
    await waiting.on;
  }
  /** The worker's answer to a GET, or null when it leaves the request to the network. */
  async function get(path: string, mode: RequestMode | 'navigate' = 'navigate'): Promise<string | null> {
    const answered: { with?: Promise<Response> } = {};
    const request = new Request(`https://site.test${path}`);
    Object.defineProperty(request, 'mode', { value: mode });
    listeners.get('fetch')!({ request, respondWith: (r: Promise<Response>) => (answered.with = r) });
    return answered.with ? (await answered.with).text() : null;
  }
  return {
    lifecycle,
    get,
    stores,
    fetched,
    setOnline: (value: boolean) => (online = value),
  };
}

describe('the service worker', () => {
  it('keeps the offline page on install and deletes older versions’ caches on activate', async () => {
    const sw = worker('v2', ['site-v1']);
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect([...sw.stores.keys()]).toEqual(['site-v2']);
    expect([...sw.stores.get('site-v2')!.keys()]).toEqual(['/offline']);
  });

  it('answers pages from the network while online, and the kept copy or the offline page once not', async () => {
    const sw = worker('v1');
    await sw.lifecycle('install');
    expect(await sw.get('/service-areas')).toBe('page /service-areas');
    sw.setOnline(false);
    expect(await sw.get('/service-areas')).toBe('page /service-areas');
    expect(await sw.get('/articles')).toBe('page /offline');
    sw.setOnline(true);
    expect(await sw.get('/service-areas')).toBe('page /service-areas');
    expect(sw.fetched.filter((p) => p === '/service-areas')).toHaveLength(3);
  });

  it('never keeps a private answer or a signed-in page; offline they are the offline page', async () => {
    const sw = worker('v1');
    await sw.lifecycle('install');
    expect(await sw.get('/private-answer')).toBe('page /private-answer');
    expect(await sw.get('/quote-request/responses?token=x')).toBe('page /quote-request/responses');
    expect(await sw.get('/dashboard')).toBe('page /dashboard');
    expect([...sw.stores.get('site-v1')!.keys()]).toEqual(['/offline']);
    sw.setOnline(false);
    expect(await sw.get('/private-answer')).toBe('page /offline');
    expect(await sw.get('/dashboard')).toBe('page /offline');
  });

  it('leaves the API, /dev/, /uploads/ and the kill switch to the network', async () => {
    const sw = worker('v1');
    for (const path of ['/api/search?q=x', '/dev/mail', '/uploads/a.jpg', '/?clear-sw=1'])
      expect(await sw.get(path, 'cors'), path).toBeNull();
  });

  it('serves /_astro/ files from the cache once fetched', async () => {
    const sw = worker('v1');
    expect(await sw.get('/_astro/a.B1.js', 'no-cors')).toBe('page /_astro/a.B1.js');
    sw.setOnline(false);
    expect(await sw.get('/_astro/a.B1.js', 'no-cors')).toBe('page /_astro/a.B1.js');
    expect(sw.fetched.filter((p) => p.startsWith('/_astro/'))).toHaveLength(1);
  });

  it('keeps at most MAX_KEPT_PAGES pages, every query string its own, the oldest going first', async () => {
    const sw = worker('v1');
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    for (let n = 0; n < MAX_KEPT_PAGES + 10; n += 1) await sw.get(`/contractors?zip=${45400 + n}`);
    const kept = [...sw.stores.get('site-v1')!.keys()];
    expect(kept).toContain('/offline');
    expect(kept.filter((key) => key !== '/offline')).toHaveLength(MAX_KEPT_PAGES);
    expect(kept).not.toContain('/contractors?zip=45409');
    expect(kept).toContain('/contractors?zip=45410');
    expect(kept).toContain(`/contractors?zip=${45400 + MAX_KEPT_PAGES + 9}`);
  });

  it('is new bytes for each build', () => {
    expect(serviceWorkerSource('a')).not.toBe(serviceWorkerSource('b'));
  });
});
