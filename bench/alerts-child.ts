// The alert bench's measuring (started by bench/alerts.ts in its own process): from a sale
// recorded to its alerts accepted, with 20 sales at once on real PostgreSQL and the sandbox
// gateway. Each of 20 services has three contractors, each with one device and a confirmed
// number whose settings text new leads, so the 20 leads make 60 pushes and 60 texts a round.
// - Pushes go to the local push service (tests/helpers/push-service.ts), which checks the VAPID
//   signature and decrypts each message as a browser would before it answers 201.
// - Texts go through the real twilio SDK to the local stand-in of Twilio's API
//   (tests/helpers/twilio-stand-in.ts), set here through TWILIO_* before the server reads them.
// The clock starts at the sale's record (lead_distributions.charged_at, written in the
// transaction that queues the alerts) and stops when the stand-in has read the whole request.
// Rounds are repeated to reach enough samples. Prints the measurements as JSON, last line.
import { DEFAULT_ALERT_CHANNELS } from '../src/domain/alert-rules.ts';
import { alertSenderIdle } from '../src/server/leads/alerts/deliver-alerts.ts';
import { addPushDevice } from '../src/server/leads/alerts/push-devices.ts';
import { loadCatalog } from '../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/site/catalog/upsert-catalog.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../src/server/money/gateway/sandbox-gateway.ts';
import { processLead } from '../src/server/leads/requests/process-lead.ts';
import { createBusiness, createLead, createUser, giveCard } from '../tests/factories/index.ts';
import { startPushService, type PushService } from '../tests/helpers/push-service.ts';
import {
  startTwilioStandIn,
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_MESSAGING_SERVICE_SID,
  TWILIO_VERIFY_SERVICE_SID,
  type TwilioStandIn,
} from '../tests/helpers/twilio-stand-in.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, withPostgres } from './lib.ts';

const SALES_AT_ONCE = 20;
const PROS_PER_SERVICE = 3;
const ROUNDS = Number(process.env.BENCH_ALERT_ROUNDS ?? 5);

async function measure(sql: Sql, push: PushService, twilio: TwilioStandIn): Promise<Measurement[]> {
  const gateway = createSandboxGateway(sql);
  const services = await sql<{ slug: string; name: string }[]>`
    select slug, name from services order by slug limit ${SALES_AT_ONCE}`;
  let phone = 9372280000;
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
      phone += 1;
      await sql`
        insert into alert_settings (user_id, channels, sms_phone, sms_confirmed_at, sms_daily_max)
        values (${owner.id}, ${sql.json({ ...DEFAULT_ALERT_CHANNELS, lead_new: { push: true, sms: true, email: true } })},
                ${String(phone)}, now(), 50)`;
    }
  }

  const pushes: number[] = [];
  const texts: number[] = [];
  let expected = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const leads = await Promise.all(services.map((s) => createLead(sql, { service: s.slug })));
    await Promise.all(leads.map((lead) => processLead(sql, lead.id, { gateway })));
    expected += services.length * PROS_PER_SERVICE;
    const received = await push.waitFor(expected, { timeoutMs: 30_000 });
    const deadline = Date.now() + 30_000;
    while (twilio.messages.length < expected && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await alertSenderIdle();
    const sold = await sql<{ id: string; charged: Date }[]>`
      select id, charged_at as charged from lead_distributions
       where lead_id in ${sql(leads.map((l) => l.id))} and payment_status = 'paid'`;
    const chargedAt = new Map(sold.map((d) => [d.id, d.charged.getTime()]));
    for (const message of received) {
      const url = (JSON.parse(message.payload) as { url: string }).url;
      const started = chargedAt.get(url.replace('/dashboard?lead=', ''));
      if (started !== undefined) pushes.push(message.receivedAt - started);
    }
    for (const message of twilio.messages) {
      const id = /\/dashboard\?lead=([0-9a-f-]{36})/.exec(message.body)?.[1];
      const started = id ? chargedAt.get(id) : undefined;
      if (started !== undefined) texts.push(message.receivedAt - started);
    }
  }
  if (pushes.length !== expected || texts.length !== expected) {
    throw new Error(
      `alert bench: ${pushes.length} pushes and ${texts.length} texts matched their sales, ${expected} each expected`,
    );
  }
  const note = `${ROUNDS} rounds of ${SALES_AT_ONCE} sales at once, ${pushes.length} pushes and ${texts.length} texts; local push service decrypting each, twilio SDK to a local Twilio stand-in`;
  const rows = (what: string, samples: number[]): Measurement[] => [
    {
      name: `alert: sale recorded → ${what} accepted, p50`,
      value: percentile(samples, 0.5),
      unit: 'ms',
      note,
    },
    {
      name: `alert: sale recorded → ${what} accepted, p95`,
      value: percentile(samples, 0.95),
      unit: 'ms',
      note,
    },
    { name: `alert: sale recorded → ${what} accepted, max`, value: Math.max(...samples), unit: 'ms', note },
  ];
  return [...rows('push', pushes), ...rows('text', texts)];
}

const twilio = await startTwilioStandIn();
Object.assign(process.env, {
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_VERIFY_SERVICE_SID,
  TWILIO_MESSAGING_SERVICE_SID,
  TWILIO_API_URL: twilio.url,
});
const measurements = await withPostgres(async (adminUrl) => {
  const sql = await freshDatabase(adminUrl, 'bench_alerts', 10);
  const push = await startPushService();
  try {
    await upsertCatalog(sql, await loadCatalog());
    return await measure(sql, push, twilio);
  } finally {
    await alertSenderIdle();
    await push.close();
    await sql.end();
  }
});
await twilio.close();
process.stdout.write(`\n${JSON.stringify(measurements)}\n`);
process.exit(0);
