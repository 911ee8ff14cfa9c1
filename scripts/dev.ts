// npm run dev: `astro dev` against the same database as `npm start` (embedded by default).
import path from 'node:path';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { describeUrl, openDatabase, UPLOADS_DIR } from './lib/database.ts';
import { BIN, onShutdown, startLongRunning } from './lib/processes.ts';
import { isSeeded, seed } from './lib/seed.ts';

const database = await openDatabase();
await migrate(database.sql);
if (!(await isSeeded(database.sql))) await seed(database.sql, { demo: database.embedded });
console.log(`Database: ${describeUrl(database.url)}${database.embedded ? ' (embedded)' : ''}`);

const dev = startLongRunning(
  path.join(BIN, 'astro'),
  ['dev', '--host', '127.0.0.1', ...process.argv.slice(2)],
  {
    ...process.env,
    DATABASE_URL: database.url,
    UPLOADS_DIR,
    ASTRO_TELEMETRY_DISABLED: '1',
  },
);
onShutdown(async () => {
  await dev.stop();
  await database.close();
});
dev.child.once('exit', (code) => {
  void database.close().finally(() => process.exit(code ?? 0));
});
