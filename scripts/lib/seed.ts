// The seeding steps shared by `db:seed`, `npm start` and the test harness.
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog, type UpsertCounts } from '../../src/server/site/catalog/upsert-catalog.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { generateDemoData } from './demo-data.ts';
import { writeDemoImages } from './demo-images.ts';
import { seedDemoAdmin } from './seed-demo-admin.ts';
import { seedDemoAlerts } from './seed-demo-alerts.ts';
import { seedDemoOutcomes } from './seed-demo-outcomes.ts';
import { seedDemoAdminFactor } from './seed-demo-admin-factor.ts';
import { seedDemoContractors } from './seed-demo-contractors.ts';
import { seedDemoBilling } from './seed-demo-billing.ts';
import { seedDemoClaims } from './seed-demo-claims.ts';
import { seedDemoCredits } from './seed-demo-credits.ts';
import { seedDemoPayments } from './seed-demo-payments.ts';
import { seedDemoFraud } from './seed-demo-fraud.ts';
import { seedDemoDashboard } from './seed-demo-dashboard.ts';
import { seedDemoHomeowner } from './seed-demo-homeowner.ts';
import { seedDemoInbox } from './seed-demo-inbox.ts';
import { seedDemoReviews } from './seed-demo-reviews.ts';
import { seedDemoAnalytics } from './seed-demo-analytics.ts';
import { seedDemoLeads } from './seed-demo-leads.ts';
import { seedDemoPlans } from './seed-demo-plans.ts';
import { isDemoSeeded, seedDemoData, type DemoSeedResult } from './seed-demo.ts';
import { UPLOADS_DIR } from './database.ts';

export interface SeedResult {
  catalog: UpsertCounts;
  demo: (DemoSeedResult & { leads: number }) | 'already seeded' | 'skipped';
}

export async function seed(
  sql: Sql,
  options: {
    demo: boolean;
    uploadsDir?: string;
    /** Where the site will be served on this machine (the demo's sandbox phone is there). */
    localOrigin?: string;
  },
): Promise<SeedResult> {
  const catalog = await loadCatalog();
  const counts = await upsertCatalog(sql, catalog);
  if (!options.demo) return { catalog: counts, demo: 'skipped' };
  await writeDemoImages(options.uploadsDir ?? UPLOADS_DIR, catalog.services);
  if (await isDemoSeeded(sql)) {
    // A database seeded before issue 26: its demo admin gets the documented second factor.
    await seedDemoAdminFactor(sql);
    // One seeded before issue 27: the demo contractor's sandbox phone, and outcomes told.
    await seedDemoAlerts(sql, options.localOrigin);
    await seedDemoOutcomes(sql);
    return { catalog: counts, demo: 'already seeded' };
  }
  const data = generateDemoData(catalog.services, catalog.serviceAreas);
  const demo = await seedDemoData(sql, data);
  const leads = await seedDemoLeads(sql, catalog.services, catalog.serviceAreas);
  await seedDemoDashboard(sql);
  await seedDemoBilling(sql);
  await seedDemoCredits(sql);
  await seedDemoPayments(sql);
  await seedDemoFraud(sql);
  await seedDemoHomeowner(sql);
  await seedDemoInbox(sql, options.uploadsDir ?? UPLOADS_DIR); // the demo homeowner's own requests and messages
  await seedDemoReviews(sql);
  await seedDemoOutcomes(sql); // after the responses and acceptances: what happened, told
  await seedDemoAnalytics(sql);
  await seedDemoAdmin(sql);
  await seedDemoAdminFactor(sql); // the admin's authenticator app (npm run demo:code)
  await seedDemoContractors(sql);
  await seedDemoPlans(sql); // last: the demo's leads were sold before the plan's boost
  await seedDemoClaims(sql); // listing claims awaiting approval, one confirmed by a code
  await seedDemoAlerts(sql, options.localOrigin); // after the demo's sales: its sandbox phone rings for new leads (/dev/push)
  return { catalog: counts, demo: { ...demo, leads } };
}

export async function isSeeded(sql: Sql): Promise<boolean> {
  const [row] = await sql`select exists (select 1 from services) as seeded`;
  return Boolean(row?.['seeded']);
}
