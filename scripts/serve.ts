// Serves the built site (ASTRO_OUT_DIR, default dist/) on HOST:PORT with our Node server
// (scripts/lib/site-server.ts), and runs the background jobs: what npm start, the browser tests
// and the benches run, and what a self-hosted deployment runs after `npm run build`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serverListen } from '../src/server/platform/config/site.ts';
import { guardPostgresWriteRace } from '../src/server/platform/db/write-race-guard.ts';
import { hostJobRunner } from '../src/server/jobs/runner-host.ts';
import { startSiteServer } from './lib/site-server.ts';

// A database dropping connections must not end the server (src/server/platform/db/write-race-guard.ts).
guardPostgresWriteRace();
const ROOT = path.resolve(import.meta.dirname, '..');
const { host, port } = serverListen();
const outDir = path.resolve(ROOT, process.env.ASTRO_OUT_DIR ?? 'dist');
// The background jobs (src/server/jobs/registry.ts) run in this process: the bundle starts its
// runner on its own pool with its first on-demand request (src/middleware.ts), made here at once,
// named as the site (its host is the one the server answers for); else the first visitor's does.
const jobs = hostJobRunner();
const site = await startSiteServer({ outDir, host, port });
await new Promise<void>((resolve) => {
  const wildcard = host === '::' || host === '0.0.0.0';
  const request = http.get(
    {
      host: wildcard ? '127.0.0.1' : host,
      port: (site.server.address() as AddressInfo).port,
      path: '/api/auth/session',
      headers: { host: new URL(process.env.SITE_URL ?? site.url).host },
      timeout: 10_000,
    },
    (response) => response.resume().once('end', resolve),
  );
  request.once('error', () => resolve());
  request.once('timeout', () => request.destroy());
});
console.log(`Server listening on ${site.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void site
        .close()
        .then(() => jobs.stop())
        .finally(() => process.exit(0)),
  );
}
