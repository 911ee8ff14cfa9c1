// npm run db:seed [-- --demo]: loads the catalog from content/ (upsert by slug) and, in the
// embedded default or with --demo, the demo businesses and accounts (once).
import { migrate } from '../src/server/platform/db/migrate.ts';
import { describeUrl, openDatabase } from './lib/database.ts';
import { seed } from './lib/seed.ts';

const database = await openDatabase();
try {
  await migrate(database.sql);
  const demo = database.embedded || process.argv.includes('--demo');
  const result = await seed(database.sql, { demo });
  console.log(`Database ${describeUrl(database.url)}${database.embedded ? ' (embedded)' : ''}`);
  console.log(
    `Catalog: ${result.catalog.services} services, ${result.catalog.serviceAreas} service areas, ` +
      `${result.catalog.emergencyServices} emergency services, ${result.catalog.articles} articles.`,
  );
  if (typeof result.demo === 'string')
    console.log(`Demo data: ${result.demo}${demo ? '' : ' (pass --demo to load it)'}.`);
  else
    console.log(
      `Demo data: ${result.demo.active} active and ${result.demo.pending} pending businesses, ${result.demo.reviews} reviews, ${result.demo.accounts} accounts, ${result.demo.leads} quote requests sold.`,
    );
} finally {
  await database.close();
}
