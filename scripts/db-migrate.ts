// npm run db:migrate: applies pending migrations; a second run applies nothing.
import { migrate } from '../src/server/platform/db/migrate.ts';
import { sealArticleBodies } from '../src/server/site/pages/article-body-seal.ts';
import { describeUrl, openDatabase } from './lib/database.ts';

const database = await openDatabase();
try {
  const { applied, skipped } = await migrate(database.sql);
  console.log(`Database ${describeUrl(database.url)}${database.embedded ? ' (embedded)' : ''}`);
  for (const m of applied) console.log(`  applied  ${m}`);
  // Article bodies are rendered and sanitised once, when written (src/server/site/pages/article-body-seal.ts).
  const sealed = await sealArticleBodies(database.sql);
  if (sealed) console.log(`  sealed   ${sealed} article bodies`);
  console.log(
    applied.length
      ? `${applied.length} applied, ${skipped.length} already applied.`
      : `Nothing to apply (${skipped.length} already applied).`,
  );
} finally {
  await database.close();
}
