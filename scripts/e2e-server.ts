// The site the browser tests run against: a fresh embedded database with the catalog and
// demo data, the site built into dist-e2e/ (so a developer's dist/ is untouched), served
// by our Node server (scripts/serve.ts) on E2E_PORT. Started and stopped by Playwright's webServer.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { ROOT } from './lib/database.ts';
import { E2E_TRUSTED_PROXY } from './lib/e2e-settings.ts';
import { freePort, startEmbeddedDb } from './lib/embedded-db.ts';
import { BIN, onShutdown, run, SITE_SERVER, startLongRunning } from './lib/processes.ts';
import { seed } from './lib/seed.ts';

const port = Number(process.env.E2E_PORT ?? 4329);
const scratch = await mkdtemp(path.join(tmpdir(), 'e2e-'));
const database = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
const uploadsDir = path.join(scratch, 'uploads');
const sql = createSql(database.url, { max: 1 });
await migrate(sql);
await seed(sql, { demo: true, uploadsDir, localOrigin: `http://127.0.0.1:${port}` });
await sql.end();
// Browser tests that play an admin's part (approving a registration) reach the same database
// through this file (tests/helpers/site-database.ts); it names a database that only lives as
// long as this process, on the loopback address.
const databaseUrlFile = path.join(ROOT, '.scratch', `e2e-database-${port}.url`);
await mkdir(path.dirname(databaseUrlFile), { recursive: true });
await writeFile(databaseUrlFile, database.url);

const outDir = path.join(ROOT, 'dist-e2e');
// Builds a publish left behind when a run was cut short (a run that ends removes its own).
await rm(`${outDir}-builds`, { recursive: true, force: true });
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  EMBEDDED_DB: '1',
  UPLOADS_DIR: uploadsDir,
  ASTRO_OUT_DIR: outDir,
  ASTRO_TELEMETRY_DISABLED: '1',
  HOST: '127.0.0.1',
  PORT: String(port),
  SITE_URL: `http://127.0.0.1:${port}`,
  // The security tests play a TLS-terminating proxy from this address.
  TRUSTED_PROXIES: E2E_TRUSTED_PROXY,
  // Contractors' edits and reviews publish themselves a minute later (issue 28): here that would
  // rebuild the site under the other tests. publish.spec.ts publishes by hand; the automatic
  // publish is tested in tests/integration/publishing.test.ts and measured by bench/publish.ts.
  AUTO_PUBLISH: 'off',
};
await run(path.join(BIN, 'astro'), ['build'], env);
const server = startLongRunning(SITE_SERVER.command, [...SITE_SERVER.args], env);
// One cleanup, however many ask (a signal, and the server's exit that the signal causes): each
// waits for it to finish before the process exits.
let stopped: Promise<void> | undefined;
const stop = () =>
  (stopped ??= (async () => {
    await server.stop();
    await database.stop();
    await rm(databaseUrlFile, { force: true });
    await rm(scratch, { recursive: true, force: true });
    // Builds a publish made (the server deletes its own; this catches one cut short).
    await rm(`${outDir}-builds`, { recursive: true, force: true });
  })());
onShutdown(stop);
// Playwright stops the web server by signalling its process group (playwright.config.ts), and tsx
// relays the signal to this process again: a second signal must not cut the cleanup short.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
server.child.once('exit', (code) => {
  void stop().finally(() => process.exit(code ?? 1));
});
