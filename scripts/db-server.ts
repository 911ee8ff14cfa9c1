// npm run db:server: serves the embedded database on 127.0.0.1 until Ctrl-C, so that other
// tools (psql, a second script) can connect. Other scripts reuse it while it runs.
import { describeUrl, openDatabase } from './lib/database.ts';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: there is no embedded database to serve.');
  process.exit(1);
}
const database = await openDatabase();
if (!database.owner) {
  console.error(`The embedded database is already being served at ${describeUrl(database.url)}.`);
  await database.close();
  process.exit(1);
}
console.log(`Embedded PostgreSQL (PGlite) at ${database.url}\nPress Ctrl-C to stop.`);
const shutdown = () => {
  void database.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
