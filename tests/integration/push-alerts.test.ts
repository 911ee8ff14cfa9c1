// Web Push alerts to contractors (issue 27) through the real pipeline, the web-push SDK and a local
// push service that decrypts as a browser would (tests/helpers/push-service.ts): a sale pushes the
// lead's service, place, budget and timeline to each device of the buyer, never the homeowner's
// contact details; a device its push service reports gone is removed; a sale whose pushes all fail
// still sells, and the failed pushes are tried again later; endpoints outside the browsers' push
// services are refused; an account has at most MAX_PUSH_DEVICES devices.
import { createServer, type Socket } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES, ALERT_MESSAGES } from '../../src/domain/alert-rules.ts';
import { alertSenderIdle, deliverPendingAlerts } from '../../src/server/leads/alerts/deliver-alerts.ts';
import { alertPorts, pushPort } from '../../src/server/leads/alerts/index.ts';
import { queueTestAlert, type AlertPayload } from '../../src/server/leads/alerts/queue-alerts.ts';
import {
  addPushDevice,
  endpointProblem,
  listPushDevices,
} from '../../src/server/leads/alerts/push-devices.ts';
import {
  receiveSandboxPush,
  SANDBOX_PHONE,
  sandboxPushes,
} from '../../src/server/leads/alerts/sandbox-phone.ts';
import { vapidKeys } from '../../src/server/leads/alerts/vapid-keys.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { startPushService, type PushService } from '../helpers/push-service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
let push: PushService;
let services: string[] = [];
let service = '';
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
  services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug);
  push = await startPushService();
});

afterAll(async () => {
  await alertSenderIdle();
  await push.close();
  await sql.end();
  await database.drop();
});

/** Each test gets its own service, so its contractors are the only ones matched. */
beforeEach(() => {
  service = services[n % services.length]!;
  n += 1;
});

/** A contractor with a card, a rating that ranks it, and `devices` subscribed at the stand-in. */
async function contractor(rating: number, devices = 1) {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const [svc] = await sql<{ name: string }[]>`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    category: svc!.name,
    services: [service],
    averageRating: rating,
  });
  await giveCard(sql, business.id);
  const subscriptions = [];
  for (let i = 0; i < devices; i += 1) {
    const subscription = push.subscribe();
    await addPushDevice(sql, owner.id, subscription, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile');
    subscriptions.push(subscription);
  }
  return { owner, business, subscriptions };
}

async function sellOne() {
  const lead = await createLead(sql, { service });
  const result = await processLead(sql, lead.id, { gateway });
  await alertSenderIdle();
  return { lead, result };
}

describe("a sale pushes to the buyer's devices", () => {
  it("decrypts at the push service to the lead's service, place, budget, timeline and link; no contact details", async () => {
    const pro = await contractor(5, 2);
    const { lead, result } = await sellOne();
    expect(result.paymentsSuccessful).toBe(1);
    const [distribution] = await sql<{ id: string }[]>`
      select id from lead_distributions where lead_id = ${lead.id} and business_id = ${pro.business.id}`;
    const [stored] = await sql<
      {
        project_type: string;
        city: string;
        name: string;
        phone: string;
        email: string;
        property_address: string;
      }[]
    >`select project_type, city, name, phone, email, property_address from leads where id = ${lead.id}`;

    for (const subscription of pro.subscriptions) {
      const [received] = await push.waitFor(1, { subscriptionId: push.idOf(subscription.endpoint) });
      const payload = JSON.parse(received!.payload) as AlertPayload;
      expect(payload.title).toBe(`New lead: ${stored!.project_type} in ${stored!.city}`);
      expect(payload.body).toMatch(/^Budget: .+ · Timeline: .+$/);
      expect(payload.url).toBe(`/dashboard?lead=${distribution!.id}`);
      expect(payload.tag).toBe(`lead-${distribution!.id}`);
      for (const secret of [stored!.name, stored!.phone, stored!.email, stored!.property_address]) {
        expect(received!.payload).not.toContain(secret);
      }
      expect(received!.urgency).toBe('high');
      expect(received!.ttl).toBe(86_400);
      expect(received!.vapidPublicKey).toBe(pushPort().publicKey);
    }
    const [delivered] = await sql<{ sent: number }[]>`
      select count(*)::int as sent from alert_deliveries d join push_subscriptions s on s.id = d.subscription_id
       where s.user_id = ${pro.owner.id} and d.status = 'sent' and d.kind = 'lead_new'`;
    expect(delivered?.sent).toBe(2);
    const devices = await listPushDevices(sql, pro.owner.id);
    expect(devices.every((d) => d.lastSuccessAt !== null)).toBe(true);
    expect(devices[0]?.label).toBe('Chrome on Android');
  });

  it('removes a device its push service reports gone (410), and one that answers 404', async () => {
    const pro = await contractor(5, 3);
    const [gone, missing, kept] = pro.subscriptions.map((s) => push.idOf(s.endpoint));
    push.gone(gone!);
    push.fail(missing!, 404);
    const { lead } = await sellOne();
    await push.waitFor(1, { subscriptionId: kept! });
    const devices = await listPushDevices(sql, pro.owner.id);
    expect(devices.map((d) => d.endpoint)).toEqual([pro.subscriptions[2]!.endpoint]);
    const rows = await sql<{ status: string; last_error: string | null }[]>`
      select d.status, d.last_error
        from alert_deliveries d join lead_distributions l on d.payload->>'url' = '/dashboard?lead=' || l.id
       where l.lead_id = ${lead.id} order by d.status, d.last_error`;
    expect(rows).toEqual([
      { status: 'gone', last_error: 'push service answered 404' },
      { status: 'gone', last_error: 'push service answered 410' },
      { status: 'sent', last_error: null },
    ]);
  });

  it('still sells when every push fails, and tries the failed pushes again later', async () => {
    const pros = [await contractor(5), await contractor(4.5)];
    for (const pro of pros) push.fail(push.idOf(pro.subscriptions[0]!.endpoint), 503);
    // The third buyer's device is behind a push service that cannot be reached at all.
    const unreachable = await contractor(4, 0);
    await addPushDevice(
      sql,
      unreachable.owner.id,
      { ...push.subscribe(), endpoint: 'http://127.0.0.1:9/push/nowhere' },
      null,
    );
    const { lead, result } = await sellOne();
    expect(result.paymentsSuccessful).toBe(3);
    const rows = await sql<{ status: string; attempts: number; later: boolean }[]>`
      select d.status, d.attempts, d.send_after > now() as later
        from alert_deliveries d join lead_distributions l on d.payload->>'url' = '/dashboard?lead=' || l.id
       where l.lead_id = ${lead.id}`;
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 1 && r.later)).toBe(true);
    const [paid] = await sql<{ n: number }[]>`
      select count(*)::int as n from lead_distributions where lead_id = ${lead.id} and payment_status = 'paid'`;
    expect(paid?.n).toBe(3);
  });

  it('answers the sale while a push service has not answered yet (the push never delays it)', async () => {
    // A push service that takes the request and never answers.
    const sockets = new Set<Socket>();
    const hanging = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as { port: number };
    const pro = await contractor(5, 0);
    await addPushDevice(
      sql,
      pro.owner.id,
      { ...push.subscribe(), endpoint: `http://127.0.0.1:${port}/push/hang` },
      null,
    );
    const lead = await createLead(sql, { service });
    const result = await processLead(sql, lead.id, { gateway });
    expect(result.paymentsSuccessful).toBe(1);
    // The sale is answered; its alert is still on its way (the push service holds the request).
    await expect.poll(() => sockets.size).toBe(1);
    const [row] = await sql<{ status: string }[]>`
      select d.status from alert_deliveries d join lead_distributions l on d.payload->>'url' = '/dashboard?lead=' || l.id
       where l.lead_id = ${lead.id}`;
    expect(row?.status).toBe('sending');
    for (const socket of sockets) socket.destroy();
    hanging.close();
    await alertSenderIdle();
    const [after] = await sql<{ status: string; attempts: number }[]>`
      select d.status, d.attempts from alert_deliveries d join lead_distributions l on d.payload->>'url' = '/dashboard?lead=' || l.id
       where l.lead_id = ${lead.id}`;
    expect(after).toEqual({ status: 'pending', attempts: 1 });
  });

  it("rings a device that another account turned alerts on since with none of the first account's alerts", async () => {
    const first = await contractor(5, 1);
    const second = await createUser(sql, { roles: ['contractor'] });
    expect(await queueTestAlert(sql, first.owner.id)).toBe(1);
    await addPushDevice(sql, second.id, first.subscriptions[0]!, null);
    await deliverPendingAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(first.subscriptions[0]!.endpoint))).toEqual([]);
    const [row] = await sql<{ status: string }[]>`
      select status from alert_deliveries where user_id = ${first.owner.id}`;
    expect(row?.status).toBe('gone');
  });

  it('delivers a test alert to every device, and none when there is no device', async () => {
    const pro = await contractor(5, 2);
    expect(await queueTestAlert(sql, pro.owner.id)).toBe(2);
    await deliverPendingAlerts(sql, alertPorts(sql));
    const received = await push.waitFor(1, { subscriptionId: push.idOf(pro.subscriptions[1]!.endpoint) });
    expect(JSON.parse(received[0]!.payload)).toMatchObject({ title: 'Test alert from Dayton Contractors' });
    const lonely = await createUser(sql, { roles: ['contractor'] });
    expect(await queueTestAlert(sql, lonely.id)).toBe(0);
  });
});

describe('devices', () => {
  it("refuses push services that are not a browser's, and this machine in production", () => {
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:4321/dev/push/x',
      'https://[::ffff:127.0.0.1]/x',
      'http://localhost./x',
      'https://fcm.googleapis.com./fcm/send/abc',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm．googleapis．com.evil.example/x',
    ]) {
      expect(endpointProblem(endpoint, false), endpoint).not.toBeNull();
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      expect(endpointProblem(endpoint, false), endpoint).toBeNull();
    }
    expect(endpointProblem('http://127.0.0.1:4321/dev/push/x', true)).toBeNull();
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices an account, and renews one in place`, async () => {
    const owner = await createUser(sql, { roles: ['contractor'] });
    const subscriptions = Array.from({ length: MAX_PUSH_DEVICES }, () => push.subscribe());
    for (const s of subscriptions) await addPushDevice(sql, owner.id, s, null);
    await expect(addPushDevice(sql, owner.id, push.subscribe(), null)).rejects.toThrow(
      ALERT_MESSAGES.tooMany,
    );
    // The same endpoint with new keys (the browser renewed them) is the same device.
    const renewed = { ...push.subscribe(), endpoint: subscriptions[0]!.endpoint };
    await addPushDevice(sql, owner.id, renewed, null);
    const [row] = await sql<{ p256dh: string; n: number }[]>`
      select p256dh, (select count(*)::int from push_subscriptions where user_id = ${owner.id}) as n
        from push_subscriptions where endpoint = ${renewed.endpoint}`;
    expect(row).toEqual({ p256dh: renewed.keys.p256dh, n: MAX_PUSH_DEVICES });
  });
});

describe('the sandbox phone (/dev/push)', () => {
  it("reads what web-push sent it with the phone's keys, and refuses a message it cannot read", async () => {
    const payload = JSON.stringify({
      title: 'New lead: Roofing in Kettering',
      body: 'Café – 24/7',
      url: '/dashboard',
      tag: 't',
    });
    const details = webpush.generateRequestDetails(
      {
        endpoint: 'http://127.0.0.1:4321/dev/push/sandbox-phone',
        keys: { p256dh: SANDBOX_PHONE.p256dh, auth: SANDBOX_PHONE.auth },
      },
      payload,
      { vapidDetails: { subject: 'mailto:alerts@example.com', ...vapidKeys() }, TTL: 60, urgency: 'high' },
    );
    const headers = details.headers as Record<string, string>;
    const answer = await receiveSandboxPush(
      new Request(details.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body) }),
    );
    expect(answer.status).toBe(201);
    expect(sandboxPushes()[0]).toMatchObject({ payload, ttl: 60, urgency: 'high' });

    const tampered = new Uint8Array(details.body);
    tampered[tampered.length - 20]! ^= 1;
    const refused = await receiveSandboxPush(
      new Request(details.endpoint, { method: 'POST', headers, body: tampered }),
    );
    expect(refused.status).toBe(400);
    expect(sandboxPushes()).toHaveLength(1);
  });
});
