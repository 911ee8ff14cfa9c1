// Speed to lead (issue 27): from a sale recorded to its alert accepted by the device's push
// service, with 20 sales at once on real PostgreSQL and the sandbox gateway. Each of 20 services
// has three contractors with one device each, so the 20 leads make 60 pushes. The push service
// is the local stand-in (tests/helpers/push-service.ts), which checks the VAPID signature and
// decrypts each message as a browser would before it answers 201: the clock stops when it has
// read the whole request. The clock starts at the sale's record (lead_distributions.charged_at,
// written in the transaction that queues the alert). Rounds are repeated to reach enough samples.
import { loadCatalog } from '../src/server/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/catalog/upsert-catalog.ts';
import { alertSenderIdle } from '../src/server/alerts/deliver-alerts.ts';
import { addPushDevice } from '../src/server/alerts/push-devices.ts';
import type { Sql } from '../src/server/db/client.ts';
import { createSandboxGateway } from '../src/server/payments/sandbox-gateway.ts';
import { processLead } from '../src/server/quotes/process-lead.ts';
import { createBusiness, createLead, createUser, giveCard } from '../tests/factories/index.ts';
import { startPushService, type PushService } from '../tests/helpers/push-service.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, withPostgres } from './lib.ts';

const SALES_AT_ONCE = 20;
const PROS_PER_SERVICE = 3;
const ROUNDS = Number(process.env.BENCH_ALERT_ROUNDS ?? 5);

export async function alertsBench(): Promise<Measurement[]> {
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_alerts', 10);
    const push = await startPushService();
    try {
      await upsertCatalog(sql, await loadCatalog());
      return await measure(sql, push);
    } finally {
      await alertSenderIdle();
      await push.close();
      await sql.end();
    }
  });
}

async function measure(sql: Sql, push: PushService): Promise<Measurement[]> {
  const gateway = createSandboxGateway(sql);
  const services = await sql<{ slug: string; name: string }[]>`
    select slug, name from services order by slug limit ${SALES_AT_ONCE}`;
  for (const service of services) {
    for (let i = 0; i < PROS_PER_SERVICE; i += 1) {
      const owner = await createUser(sql, { roles: ['contractor'] });
      const business = await createBusiness(sql, {
        ownerId: owner.id,
        category: service.name,
        services: [service.slug],
        averageRating: 5 - i * 0.1,
      });
      await giveCard(sql, business.id);
      await addPushDevice(sql, owner.id, push.subscribe(), 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0');
    }
  }

  const latencies: number[] = [];
  let expected = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const leads = await Promise.all(services.map((s) => createLead(sql, { service: s.slug })));
    await Promise.all(leads.map((lead) => processLead(sql, lead.id, { gateway })));
    expected += services.length * PROS_PER_SERVICE;
    const received = await push.waitFor(expected, { timeoutMs: 30_000 });
    await alertSenderIdle();
    const sold = await sql<{ id: string; charged: Date }[]>`
      select id, charged_at as charged from lead_distributions
       where lead_id in ${sql(leads.map((l) => l.id))} and payment_status = 'paid'`;
    const chargedAt = new Map(sold.map((d) => [`/dashboard?lead=${d.id}`, d.charged.getTime()]));
    for (const message of received) {
      const url = (JSON.parse(message.payload) as { url: string }).url;
      const started = chargedAt.get(url);
      if (started !== undefined) latencies.push(message.receivedAt - started);
    }
  }
  if (latencies.length !== expected) {
    throw new Error(`alert bench: ${latencies.length} pushes matched their sales, ${expected} expected`);
  }
  const note = `${ROUNDS} rounds of ${SALES_AT_ONCE} sales at once, ${latencies.length} pushes; local push service decrypting each`;
  return [
    {
      name: 'alert: sale recorded → push accepted, p50',
      value: percentile(latencies, 0.5),
      unit: 'ms',
      note,
    },
    {
      name: 'alert: sale recorded → push accepted, p95',
      value: percentile(latencies, 0.95),
      unit: 'ms',
      note,
    },
    { name: 'alert: sale recorded → push accepted, max', value: Math.max(...latencies), unit: 'ms', note },
  ];
}
