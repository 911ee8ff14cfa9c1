// npm start: the whole marketplace on http://localhost:4321 with the embedded database and
// demo data (or DATABASE_URL's database). First run: migrate, seed, build. Later runs reuse
// the data and rebuild only when sources or data changed. Ctrl-C stops everything it started.
import path from 'node:path';
import { parseServerEnv } from '../src/server/platform/config/env.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { sealArticleBodies } from '../src/server/site/pages/article-body-seal.ts';
import { buildIsCurrent, buildStamp, writeBuildStamp } from './lib/build-stamp.ts';
import { dataVersion } from './lib/data-version.ts';
import { DATA_DIR, describeUrl, openDatabase, ROOT, UPLOADS_DIR } from './lib/database.ts';
import { DEMO_PASSWORD } from './lib/demo-data.ts';

import { portInUse } from './lib/embedded-db.ts';
import { BIN, onShutdown, run, SITE_SERVER, startLongRunning, waitForOk } from './lib/processes.ts';
import { isSeeded, seed } from './lib/seed.ts';
import { isDemoSeeded } from './lib/seed-demo.ts';

const port = Number(process.env.PORT ?? 4321);
const skipBuild = process.argv.includes('--no-build');
const started = Date.now();

// A configuration mistake (SUPABASE_URL without its key, say) stops here, before anything runs.
const config = parseServerEnv(process.env);

if (await portInUse(port)) {
  console.error(`Port ${port} is already in use. Stop the other server or set PORT.`);
  process.exit(1);
}

const database = await openDatabase();
let stopServer = async () => {};
let stopping = false;
onShutdown(async () => {
  stopping = true;
  await stopServer();
  await database.close();
});

try {
  console.log(
    `Database: ${describeUrl(database.url)}${database.embedded ? ` (embedded PGlite, data in ${path.relative(ROOT, DATA_DIR) || DATA_DIR})` : ''}`,
  );
  const { applied } = await migrate(database.sql);
  console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'Migrations: up to date.');
  if (!(await isSeeded(database.sql))) {
    console.log('First run: loading the catalog' + (database.embedded ? ' and demo data...' : '...'));
    await seed(database.sql, { demo: database.embedded, localOrigin: `http://127.0.0.1:${port}` });
  }
  // Articles written before their bodies were sealed (or under an older sanitiser): once here,
  // rather than in every build.
  const sealed = await sealArticleBodies(database.sql);
  if (sealed) console.log(`Sealed ${sealed} article bodies.`);

  const env = {
    ...process.env,
    UPLOADS_DIR,
    DATABASE_URL: database.url,
    ASTRO_TELEMETRY_DISABLED: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Canonical URLs and the links in mails point at this server unless told otherwise.
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  };
  // The pages' Content-Security-Policy names the Storage host, so it is part of the build too.
  const stamp = buildStamp(
    `${database.url} ${env.SITE_URL} ${config.SUPABASE_URL ?? ''}`,
    await dataVersion(database.sql),
  );
  if (!skipBuild && !buildIsCurrent(stamp)) {
    console.log('Building the site...');
    await run(path.join(BIN, 'astro'), ['build'], env);
    writeBuildStamp(stamp);
  }

  const server = startLongRunning(SITE_SERVER.command, [...SITE_SERVER.args], env);
  stopServer = server.stop;
  server.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`The web server stopped (exit ${code}).`);
    void database.close().finally(() => process.exit(code ?? 1));
  });
  await waitForOk(`http://127.0.0.1:${port}/`);

  console.log(
    `\nDayton Contractors is running at http://localhost:${port}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (await isDemoSeeded(database.sql)) {
    console.log(`\nDemo accounts (password ${DEMO_PASSWORD}):`);
    console.log('  homeowner@example.com    homeowner');
    console.log('  contractor@example.com   contractor with a card on file');
    console.log('  contractor2@example.com  contractor without payment set up');
    console.log('  admin@example.com        administrator (second step: the code from `npm run demo:code`)');
  }
  // The background jobs (sales, sweepers, mail, expiries) run inside the server (scripts/serve.ts).
  console.log('\nPress Ctrl-C to stop.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopServer();
  await database.close();
  process.exit(1);
}
