// Alert settings and text alerts (issue 27, Musts 2 and 3) through the real pipeline: a number is
// confirmed by a code (the real twilio SDK against the local stand-in of Twilio's API) before
// anything is texted to it, and its first text carries the program, frequency, rates, HELP and
// STOP; a sale texts the confirmed number (the embedded default's sandbox provider) with the
// STOP words and no contact details; quiet hours hold texts and pushes to their end; the day's
// maximum is kept; a number that replied STOP is texted no more; each kind (a quote accepted, a
// credit decided, a payment failed) goes by the channels chosen, and a failed payment's e-mail
// always goes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_MESSAGES as M,
  DEFAULT_ALERT_CHANNELS,
  alertText,
  smsWelcomeText,
  type AlertChannels,
} from '../../src/domain/alert-rules.ts';
import { daytonClock, timeOfMinutes } from '../../src/domain/dayton-time.ts';
import { declineCredit } from '../../src/server/admin/decide-credit.ts';
import {
  confirmSmsPhone,
  readAlertSettings,
  removeSmsPhone,
  saveAlertSettings,
  sendSmsPhoneCode,
} from '../../src/server/leads/alerts/alert-settings.ts';
import { alertSenderIdle, deliverPendingAlerts } from '../../src/server/leads/alerts/deliver-alerts.ts';
import { pushPort } from '../../src/server/leads/alerts/index.ts';
import { addPushDevice } from '../../src/server/leads/alerts/push-devices.ts';
import {
  alertUser,
  leadAlertPayload,
  leadNotice,
  type AlertPayload,
} from '../../src/server/leads/alerts/queue-alerts.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { siteUrl } from '../../src/server/platform/config/site.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { acceptQuote } from '../../src/server/leads/outcomes/accept-quote.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import type { SmsPort } from '../../src/server/platform/sms/sms-port.ts';
import { createTwilioSms } from '../../src/server/platform/sms/twilio-sms.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { startPushService, type PushService } from '../helpers/push-service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import {
  startTwilioStandIn,
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_MESSAGING_SERVICE_SID,
  TWILIO_VERIFY_SERVICE_SID,
  type TwilioStandIn,
} from '../helpers/twilio-stand-in.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
let push: PushService;
let standIn: TwilioStandIn;
let twilio: SmsPort;
let services: string[] = [];
let service = '';
let n = 0;
let phoneSerial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
  services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug);
  push = await startPushService();
  standIn = await startTwilioStandIn();
  twilio = createTwilioSms({
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    verifyServiceSid: TWILIO_VERIFY_SERVICE_SID,
    messagingServiceSid: TWILIO_MESSAGING_SERVICE_SID,
    apiUrl: standIn.url,
  });
});

afterAll(async () => {
  await alertSenderIdle();
  await push.close();
  await standIn.close();
  await sql.end();
  await database.drop();
});

beforeEach(async () => {
  // Nothing of an earlier test's sale is still being sent.
  await alertSenderIdle();
  service = services[n % services.length]!;
  n += 1;
});

/** A Dayton mobile number no other test uses. */
const newPhone = () => `93722${String(4500 + (phoneSerial += 1)).padStart(5, '0')}`;

/** Every kind by `channels`. */
const every = (channels: { push: boolean; sms: boolean; email: boolean }): AlertChannels => ({
  lead_new: channels,
  quote_accepted: channels,
  credit_decided: channels,
  payment_failed: channels,
});

async function contractor(options: { devices?: number; card?: string } = {}) {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const [svc] = await sql<{ name: string }[]>`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, { ownerId: owner.id, category: svc!.name, services: [service] });
  await giveCard(sql, business.id, options.card);
  const subscriptions = [];
  for (let i = 0; i < (options.devices ?? 0); i += 1) {
    const subscription = push.subscribe();
    await addPushDevice(sql, owner.id, subscription, null);
    subscriptions.push(subscription);
  }
  const [row] = await sql<{ email: string }[]>`select email from businesses where id = ${business.id}`;
  return { owner, business, email: row!.email, subscriptions };
}

/** Confirms `phone` for texts through the stand-in, and sends its opt-in text there. */
async function confirmPhone(userId: string, phone = newPhone()): Promise<string> {
  await sendSmsPhoneCode(sql, twilio, userId, phone);
  await confirmSmsPhone(sql, twilio, userId, standIn.lastCode(`+1${phone}`)!);
  await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
  return phone;
}

async function sellOne() {
  const lead = await createLead(sql, { service });
  const result = await processLead(sql, lead.id, { gateway });
  await alertSenderIdle();
  return { lead, result };
}

/** Texts the embedded default's provider (the sandbox) sent to `phone`, oldest first. */
async function sandboxTexts(phone: string): Promise<string[]> {
  const rows = await sql<{ body: string }[]>`
    select body from sandbox_sms where to_phone = ${phone} and channel = 'sms' order by created_at, id`;
  return rows.map((r) => r.body);
}

describe('a number for texts', () => {
  it('is confirmed by a code before anything is texted to it; its first text says the program, frequency, rates, HELP and STOP', async () => {
    const { owner } = await contractor();
    await expect(
      saveAlertSettings(sql, owner.id, {
        channels: every({ push: true, sms: true, email: true }),
        quietHours: null,
        smsDailyMax: 10,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: M.smsNeedsPhone });
    await expect(sendSmsPhoneCode(sql, twilio, owner.id, '12')).rejects.toMatchObject({ message: M.phone });
    const landline = newPhone();
    standIn.lineTypes.set(`+1${landline}`, 'landline');
    await expect(sendSmsPhoneCode(sql, twilio, owner.id, landline)).rejects.toMatchObject({
      message: M.notMobile,
    });
    await expect(confirmSmsPhone(sql, twilio, owner.id, '123456')).rejects.toMatchObject({
      message: M.noCode,
    });

    const phone = newPhone();
    const sent = await sendSmsPhoneCode(
      sql,
      twilio,
      owner.id,
      `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
    );
    expect(sent).toEqual({
      pendingPhone: phone,
      message: `We texted a code to (${phone.slice(0, 3)}) ••• ••${phone.slice(-2)}. Enter it below.`,
    });
    // A second code within 30 seconds is refused.
    await expect(sendSmsPhoneCode(sql, twilio, owner.id, phone)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    const code = standIn.lastCode(`+1${phone}`)!;
    await expect(
      confirmSmsPhone(sql, twilio, owner.id, code === '000000' ? '111111' : '000000'),
    ).rejects.toMatchObject({
      message: M.codeWrong,
    });
    expect((await readAlertSettings(sql, owner.id)).sms).toMatchObject({ phone: null, pendingPhone: phone });
    expect(await confirmSmsPhone(sql, twilio, owner.id, code)).toEqual({ queued: 1 });
    expect((await readAlertSettings(sql, owner.id)).sms).toEqual({
      phone,
      pendingPhone: null,
      optedOut: false,
      sentToday: 0,
    });

    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    const welcome = standIn.messages.filter((m) => m.to === `+1${phone}`);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.body).toBe(smsWelcomeText(10));
    expect(welcome[0]!.body).toContain('Msg & data rates may apply. Reply HELP for help, STOP to opt out.');
    expect(welcome[0]!.messagingServiceSid).toBe(TWILIO_MESSAGING_SERVICE_SID);

    // Removing the number turns texts off for every kind.
    await saveAlertSettings(sql, owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: null,
      smsDailyMax: 10,
    });
    const removed = await removeSmsPhone(sql, owner.id);
    expect(removed.sms.phone).toBeNull();
    expect(Object.values(removed.channels).every((c) => !c.sms)).toBe(true);
  });
});

describe('limits on codes and held texts', () => {
  it('refuses numbers outside the US, and a sixth code to one number within the hour whoever asks', async () => {
    const { owner } = await contractor();
    await expect(sendSmsPhoneCode(sql, twilio, owner.id, '(876) 555-1234')).rejects.toMatchObject({
      message: M.phone,
    });
    const phone = newPhone();
    for (let i = 0; i < 5; i += 1) {
      const someone = await contractor();
      await sendSmsPhoneCode(sql, twilio, someone.owner.id, phone);
    }
    const sixth = await contractor();
    await expect(sendSmsPhoneCode(sql, twilio, sixth.owner.id, phone)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('sends no held text to a number that was replaced or removed meanwhile', async () => {
    const pro = await contractor();
    const first = await confirmPhone(pro.owner.id);
    const now = daytonClock(new Date()).minutes;
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: { start: timeOfMinutes(now - 60), end: timeOfMinutes(now + 60) },
      smsDailyMax: 10,
    });
    const notice = leadNotice(randomUUID(), {
      project_type: 'Roofing',
      city: 'Kettering',
      zip_code: '45429',
      budget_min: 1000,
      budget_max: 5000,
      timeline: 'ASAP',
    });
    await sql.begin((tx) => alertUser(tx, pro.owner.id, notice));
    const second = await confirmPhone(pro.owner.id);
    await sql.begin((tx) => alertUser(tx, pro.owner.id, notice));
    await sql`update alert_deliveries set send_after = now() where user_id = ${pro.owner.id} and status = 'pending'`;
    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    const rows = await sql<{ to_phone: string; status: string; last_error: string | null }[]>`
      select to_phone, status, last_error from alert_deliveries
       where user_id = ${pro.owner.id} and kind = 'lead_new' order by created_at`;
    expect(rows).toEqual([
      { to_phone: first, status: 'failed', last_error: 'number changed' },
      { to_phone: second, status: 'sent', last_error: null },
    ]);
    // Held, then the number removed: not sent.
    await sql.begin((tx) => alertUser(tx, pro.owner.id, notice));
    await removeSmsPhone(sql, pro.owner.id);
    await sql`update alert_deliveries set send_after = now() where user_id = ${pro.owner.id}`;
    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    expect(
      standIn.messages.filter((m) => m.to === `+1${second}` && m.body.includes('New lead')),
    ).toHaveLength(1);
  });

  it('keeps the daily maximum when two sales text at once', async () => {
    const pro = await contractor();
    await confirmPhone(pro.owner.id);
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: null,
      smsDailyMax: 1,
    });
    const notice = (id: string) =>
      leadNotice(id, {
        project_type: 'Roofing',
        city: 'Kettering',
        zip_code: '45429',
        budget_min: 1,
        budget_max: 2,
        timeline: 'ASAP',
      });
    const told = await Promise.all(
      [randomUUID(), randomUUID()].map((id) => sql.begin((tx) => alertUser(tx, pro.owner.id, notice(id)))),
    );
    expect(told.map((t) => t.queued).sort()).toEqual([0, 1]);
  });
});

describe('a sale by text', () => {
  it('texts the lead to the confirmed number with the STOP words and no contact details; with e-mail off, no lead mail', async () => {
    const pro = await contractor();
    const phone = await confirmPhone(pro.owner.id);
    await saveAlertSettings(sql, pro.owner.id, {
      channels: { ...DEFAULT_ALERT_CHANNELS, lead_new: { push: false, sms: true, email: false } },
      quietHours: null,
      smsDailyMax: 10,
    });
    const { lead, result } = await sellOne();
    expect(result.paymentsSuccessful).toBe(1);
    const [distribution] = await sql<{ id: string }[]>`
      select id from lead_distributions where lead_id = ${lead.id} and business_id = ${pro.business.id}`;
    const [stored] = await sql<
      {
        project_type: string;
        city: string;
        zip_code: string;
        budget_min: number;
        budget_max: number;
        timeline: string;
        name: string;
        phone: string;
        email: string;
        property_address: string;
      }[]
    >`select project_type, city, zip_code, budget_min, budget_max, timeline, name, phone, email, property_address from leads where id = ${lead.id}`;
    const texts = await sandboxTexts(phone);
    expect(texts).toEqual([alertText(leadAlertPayload(distribution!.id, stored!), siteUrl())]);
    expect(texts[0]).toMatch(/^Dayton Contractors: New lead: .+ Reply STOP to opt out\.$/);
    expect(texts[0]).toContain(`/dashboard?lead=${distribution!.id}`);
    for (const secret of [stored!.name, stored!.phone, stored!.email, stored!.property_address]) {
      expect(texts[0]).not.toContain(secret);
    }
    const mails = await sql`select 1 from mail_outbox where to_address = ${pro.email}`;
    expect(mails).toHaveLength(0);
    expect((await readAlertSettings(sql, pro.owner.id)).sms.sentToday).toBe(1);
  });

  it('holds a text and a push in quiet hours until they end (Dayton time), then sends them', async () => {
    const pro = await contractor({ devices: 1 });
    const phone = await confirmPhone(pro.owner.id);
    const now = daytonClock(new Date()).minutes;
    const end = (now + 60) % 1440;
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: { start: timeOfMinutes(now - 60), end: timeOfMinutes(end) },
      smsDailyMax: 10,
    });
    const { lead } = await sellOne();
    const held = await sql<{ channel: string; status: string; send_after: Date }[]>`
      select channel, status, send_after from alert_deliveries
       where user_id = ${pro.owner.id} and kind = 'lead_new' order by channel`;
    expect(held.map((r) => [r.channel, r.status])).toEqual([
      ['push', 'pending'],
      ['sms', 'pending'],
    ]);
    for (const row of held) {
      expect(daytonClock(row.send_after).minutes).toBe(end);
      expect(row.send_after.getTime()).toBeGreaterThan(Date.now() + 58 * 60_000);
    }
    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    expect(push.received(push.idOf(pro.subscriptions[0]!.endpoint))).toEqual([]);
    expect(standIn.messages.filter((m) => m.to === `+1${phone}` && m.body.includes('New lead'))).toEqual([]);
    // The quiet hours are over.
    await sql`update alert_deliveries set send_after = now() where user_id = ${pro.owner.id} and status = 'pending'`;
    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    const [pushed] = await push.waitFor(1, { subscriptionId: push.idOf(pro.subscriptions[0]!.endpoint) });
    expect((JSON.parse(pushed!.payload) as AlertPayload).title).toMatch(/^New lead: /);
    expect(standIn.messages.filter((m) => m.to === `+1${phone}` && m.body.includes('New lead'))).toHaveLength(
      1,
    );
    const mails =
      await sql`select 1 from mail_outbox where to_address = ${pro.email} and payload->>'leadId' = ${lead.id}`;
    // Quiet hours hold the ringing, not the e-mail.
    expect(mails.length).toBeGreaterThan(0);
  });

  it("keeps to the day's maximum: a text past it is kept as skipped, and the push still goes", async () => {
    const pro = await contractor({ devices: 1 });
    const phone = await confirmPhone(pro.owner.id);
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: null,
      smsDailyMax: 1,
    });
    await sellOne();
    await sellOne();
    const rows = await sql<{ channel: string; status: string; last_error: string | null }[]>`
      select channel, status, last_error from alert_deliveries
       where user_id = ${pro.owner.id} and kind = 'lead_new' order by channel, created_at`;
    expect(rows).toEqual([
      { channel: 'push', status: 'sent', last_error: null },
      { channel: 'push', status: 'sent', last_error: null },
      { channel: 'sms', status: 'sent', last_error: null },
      { channel: 'sms', status: 'skipped', last_error: 'daily maximum reached' },
    ]);
    expect(await sandboxTexts(phone)).toHaveLength(1);
    expect((await readAlertSettings(sql, pro.owner.id)).sms.sentToday).toBe(1);
  });

  it('marks a number that replied STOP (21610) opted out and texts it no more', async () => {
    const pro = await contractor();
    const phone = await confirmPhone(pro.owner.id);
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: true, email: true }),
      quietHours: null,
      smsDailyMax: 10,
    });
    standIn.optedOut.add(`+1${phone}`);
    const notice = leadNotice(randomUUID(), {
      project_type: 'Roofing',
      city: 'Kettering',
      zip_code: '45429',
      budget_min: 1000,
      budget_max: 5000,
      timeline: 'ASAP',
    });
    expect(await sql.begin((tx) => alertUser(tx, pro.owner.id, notice))).toEqual({ queued: 1, email: true });
    await deliverPendingAlerts(sql, { push: pushPort(), sms: twilio });
    const [row] = await sql<{ status: string; last_error: string }[]>`
      select status, last_error from alert_deliveries where user_id = ${pro.owner.id} and kind = 'lead_new'`;
    expect(row).toEqual({ status: 'failed', last_error: 'the number replied STOP' });
    const settings = await readAlertSettings(sql, pro.owner.id);
    expect(settings.sms).toMatchObject({ phone, optedOut: true });
    expect(await sql.begin((tx) => alertUser(tx, pro.owner.id, notice))).toEqual({ queued: 0, email: true });
    await expect(
      saveAlertSettings(sql, pro.owner.id, {
        channels: settings.channels,
        quietHours: null,
        smsDailyMax: 10,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: M.smsOptedOut });
    // Confirming the number again (after START) texts it again.
    standIn.optedOut.delete(`+1${phone}`);
    await confirmPhone(pro.owner.id, phone);
    expect((await readAlertSettings(sql, pro.owner.id)).sms.optedOut).toBe(false);
  });
});

describe('each kind by the channels chosen', () => {
  it('a failed payment pushes and its e-mail goes even with e-mail turned off', async () => {
    const pro = await contractor({ devices: 1, card: '4000000000000002' });
    await saveAlertSettings(sql, pro.owner.id, {
      channels: every({ push: true, sms: false, email: false }),
      quietHours: null,
      smsDailyMax: 10,
    });
    const { lead, result } = await sellOne();
    expect(result.paymentsSuccessful).toBe(0);
    const [pushed] = await push.waitFor(1, { subscriptionId: push.idOf(pro.subscriptions[0]!.endpoint) });
    expect(JSON.parse(pushed!.payload)).toMatchObject({
      title: 'Payment failed: a lead was not sent',
      url: '/contractor/billing',
    });
    const mails =
      await sql`select 1 from mail_outbox where to_address = ${pro.email} and payload->>'leadId' = ${lead.id}`;
    expect(mails).toHaveLength(1);
  });

  it("a quote accepted and a credit declined push to the contractor; with e-mail off, no acceptance mail but the credit's still goes", async () => {
    const pro = await contractor({ devices: 1 });
    await saveAlertSettings(sql, pro.owner.id, {
      channels: {
        ...DEFAULT_ALERT_CHANNELS,
        quote_accepted: { push: true, sms: false, email: false },
        credit_decided: { push: true, sms: false, email: false },
      },
      quietHours: null,
      smsDailyMax: 10,
    });
    const { lead } = await sellOne();
    const endpoint = push.idOf(pro.subscriptions[0]!.endpoint);
    await push.waitFor(1, { subscriptionId: endpoint });
    const [distribution] = await sql<{ id: string }[]>`
      select id from lead_distributions where lead_id = ${lead.id} and business_id = ${pro.business.id}`;
    const homeowner = await createUser(sql);
    await sql`update leads set user_id = ${homeowner.id} where id = ${lead.id}`;
    const [response] = await sql<{ id: string }[]>`
      insert into lead_communications (lead_id, business_id, message_type, sender_name, subject,
        message_content, quote, quote_total_cents, quote_valid_until)
      values (${lead.id}, ${pro.business.id}, 'contractor_response', 'Pro', 'Quote', 'Our quote',
        ${sql.json({ items: [], totalCents: 125000, validUntil: '2099-01-01', terms: '' })}, 125000, '2099-01-01')
      returning id`;
    await acceptQuote(sql, { userId: homeowner.id, leadId: lead.id }, response!.id);
    await alertSenderIdle();
    const accepted = await push.waitFor(2, { subscriptionId: endpoint });
    expect(JSON.parse(accepted[1]!.payload)).toEqual({
      title: `Quote accepted: ${service}`,
      body: 'A homeowner accepted your $1,250.00 quote. Open the lead to arrange the job',
      url: `/dashboard?lead=${distribution!.id}`,
      tag: `accepted-${distribution!.id}`,
    });

    const admin = await createUser(sql, { roles: ['admin'] });
    const [credit] = await sql<{ id: string }[]>`
      insert into lead_credits (business_id, distribution_id, reason, status, finding, amount_cents, idempotency_key)
      values (${pro.business.id}, ${distribution!.id}, 'other', 'open', 'Waiting for an admin', 3000, ${`lead-credit-${randomUUID()}`})
      returning id`;
    await declineCredit(sql, admin, credit!.id, 'The homeowner answered your call.');
    await alertSenderIdle();
    const declined = await push.waitFor(3, { subscriptionId: endpoint });
    expect(JSON.parse(declined[2]!.payload)).toMatchObject({
      title: `Credit declined: ${service}`,
      url: `/dashboard?lead=${distribution!.id}`,
    });
    const [mails] = await sql<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where to_address = ${pro.email} and template = 'quote_accepted'`;
    expect(mails!.n).toBe(0);
    const [credits] = await sql<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where to_address = ${pro.email} and template = 'lead_credit_declined'`;
    expect(credits!.n).toBe(1);
  });
});
