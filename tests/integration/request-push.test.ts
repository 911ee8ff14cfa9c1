// The homeowner hears back (issue 27, Must 4) through the real pipeline: a browser turned on for a
// request (by the mailed link's token, or signed in by the request's id) gets each new response
// and quote as a push that a local push service decrypts as a browser would
// (tests/helpers/push-service.ts); the response's mail is held: replaced when the push was accepted
// and the homeowner opened the page, still due at the hold's end when they did not, sent at once
// when no browser could take it (gone, refusing, turned off meanwhile), held while a push is still
// being retried; without notifications the mail goes as before. Only the request's own browsers
// hear of it, at most MAX_REQUEST_PUSH_DEVICES of them, only while the link they were turned on
// with would open the page, and a wrong link changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_REQUEST_PUSH_DEVICES,
  REQUEST_PUSH_MAIL_HOLD_SECONDS,
  REQUEST_PUSH_MESSAGES,
} from '../../src/domain/alert-rules.ts';
import { INVALID_HOMEOWNER_LINK } from '../../src/domain/homeowner-rules.ts';
import { alertSenderIdle, drainAlerts } from '../../src/server/leads/alerts/deliver-alerts.ts';
import { alertPorts } from '../../src/server/leads/alerts/index.ts';
import { addPushDevice } from '../../src/server/leads/alerts/push-devices.ts';
import {
  requestAccessOf,
  requestPushState,
  turnOffRequestPush,
  turnOnRequestPush,
} from '../../src/server/leads/alerts/request-push.ts';
import { recordResponsesView } from '../../src/server/leads/outcomes/record-responses-view.ts';
import { respondToLead } from '../../src/server/leads/dashboard/respond-to-lead.ts';
import { mailSenderIdle } from '../../src/server/platform/mail/sender.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { resolveHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { createDistribution, createLink } from '../factories/contractor-side.ts';
import { startPushService, type PushService } from '../helpers/push-service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let push: PushService;
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1';

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  push = await startPushService();
});

afterAll(async () => {
  await alertSenderIdle();
  await mailSenderIdle();
  await push.close();
  await sql.end();
  await database.drop();
});

/** A homeowner's request sold to one contractor, and the request's mailed link. */
async function soldRequest(options: { userId?: string } = {}) {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    name: `Miami Valley Plumbing ${owner.id.slice(0, 6)}`,
  });
  const lead = await createLead(sql, {});
  if (options.userId) await sql`update leads set user_id = ${options.userId} where id = ${lead.id}`;
  const distributionId = await createDistribution(sql, lead.id, business.id);
  const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
  return { lead, business: { id: business.id, name: business.name }, distributionId, token };
}

const QUOTE = {
  items: [{ description: 'Replace the 50-gallon water heater', quantity: 1, rate: 1250 }],
  validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  terms: '',
};

/** The newest mail of the lead's homeowner for a response: its status and how long it waits. */
async function responseMailOf(email: string) {
  const [mail] = await sql<{ status: string; waits: number }[]>`
    select status, extract(epoch from send_after - now())::float as waits
      from mail_outbox where to_address = ${email} and template = 'lead_response'
     order by created_at desc limit 1`;
  return mail!;
}

/** The mail was released and the mail sender started at once: it is delivered without a sweep. */
async function expectMailSentNow(email: string) {
  await vi.waitFor(async () => expect(['captured', 'sent']).toContain((await responseMailOf(email)).status), {
    timeout: 5_000,
  });
}

describe('a browser turned on for a request', () => {
  it('gets a new quote as a push that decrypts to who answered, the total and the link; the mail is replaced', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    expect((await requestPushState(sql, { token: sold.token }, browser.endpoint)).on).toBe(true);

    const answer = await respondToLead(sql, sold.business, sold.distributionId, {
      subject: 'Your water heater quote',
      message: 'We can replace it on Tuesday.',
      quote: QUOTE,
    });
    // Held for the push while it is on its way.
    const held = await responseMailOf(sold.lead.email);
    expect(held.status).toBe('pending');
    expect(held.waits).toBeGreaterThan(REQUEST_PUSH_MAIL_HOLD_SECONDS - 60);

    await drainAlerts(sql, alertPorts(sql));
    const [received] = push.received(push.idOf(browser.endpoint));
    const payload = JSON.parse(received!.payload) as {
      title: string;
      body: string;
      url: string;
      tag: string;
    };
    expect(payload).toEqual({
      title: `New quote from ${sold.business.name}: $1,250.00`,
      body: 'Your water heater quote · See it on your request page.',
      url: expect.stringMatching(/^\/quote-request\/responses\?token=[A-Za-z0-9_-]{43}$/) as unknown,
      tag: `response-${answer.communicationId}`,
    });
    // The link opens this request, and nothing in the push names the homeowner.
    const token = new URL(payload.url, 'http://x').searchParams.get('token')!;
    expect((await resolveHomeownerLink(sql, token, 'responses'))?.leadId).toBe(sold.lead.id);
    expect(received!.payload).not.toContain(sold.lead.email);
    const [homeowner] = await sql<
      { name: string; phone: string }[]
    >`select name, phone from leads where id = ${sold.lead.id}`;
    expect(received!.payload).not.toContain(homeowner!.name);
    expect(received!.payload).not.toContain(homeowner!.phone);
    expect(received!.urgency).toBe('high');
    // Accepted by the push service is not read: the mail waits for the homeowner to open the page.
    const waiting = await responseMailOf(sold.lead.email);
    expect(waiting.status).toBe('pending');
    expect(waiting.waits).toBeGreaterThan(REQUEST_PUSH_MAIL_HOLD_SECONDS - 60);
    await recordResponsesView(sql, sold.lead.id);
    expect((await responseMailOf(sold.lead.email)).status).toBe('replaced');
  });

  it('accepted but the page not opened: the mail is still due at the end of the hold', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    await respondToLead(sql, sold.business, sold.distributionId, {
      subject: 'Quote',
      message: 'Here.',
      quote: QUOTE,
    });
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(browser.endpoint))).toHaveLength(1);
    // Another request's page opened meanwhile replaces nothing of this one.
    const other = await soldRequest();
    await recordResponsesView(sql, other.lead.id);
    const mail = await responseMailOf(sold.lead.email);
    expect(mail.status).toBe('pending');
    expect(mail.waits).toBeGreaterThan(REQUEST_PUSH_MAIL_HOLD_SECONDS - 60);
  });

  it('a response without a quote says so', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    await respondToLead(sql, sold.business, sold.distributionId, {
      subject: 'A question about access',
      message: 'Is the heater in the basement?',
    });
    await drainAlerts(sql, alertPorts(sql));
    const [received] = push.received(push.idOf(browser.endpoint));
    expect(JSON.parse(received!.payload)).toMatchObject({
      title: `New response from ${sold.business.name}`,
      body: 'A question about access · See it on your request page.',
    });
  });

  it('gone at its push service: the browser is removed and the mail goes at once', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    push.gone(push.idOf(browser.endpoint));
    await respondToLead(sql, sold.business, sold.distributionId, {
      subject: 'Quote',
      message: 'Here it is.',
      quote: QUOTE,
    });
    await drainAlerts(sql, alertPorts(sql));
    await expectMailSentNow(sold.lead.email);
    expect((await requestPushState(sql, { token: sold.token }, browser.endpoint)).on).toBe(false);
  });

  it('refused by its push service: the mail goes at once; one of two browsers accepting replaces it', async () => {
    const sold = await soldRequest();
    const refused = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, refused, PHONE_UA);
    push.fail(push.idOf(refused.endpoint), 400);
    await respondToLead(sql, sold.business, sold.distributionId, { subject: 'First', message: 'One.' });
    await drainAlerts(sql, alertPorts(sql));
    await expectMailSentNow(sold.lead.email);

    const accepting = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, accepting, PHONE_UA);
    await respondToLead(sql, sold.business, sold.distributionId, { subject: 'Second', message: 'Two.' });
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(accepting.endpoint))).toHaveLength(1);
    // The refused push does not release a mail another browser's accepted push holds.
    const held = await responseMailOf(sold.lead.email);
    expect(held.waits).toBeGreaterThan(REQUEST_PUSH_MAIL_HOLD_SECONDS - 60);
    await recordResponsesView(sql, sold.lead.id);
    expect((await responseMailOf(sold.lead.email)).status).toBe('replaced');
  });

  it('one browser refusing while another is retrying: the mail stays held for the retry', async () => {
    const sold = await soldRequest();
    const refused = push.subscribe();
    const retrying = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, refused, PHONE_UA);
    await turnOnRequestPush(sql, { token: sold.token }, retrying, PHONE_UA);
    push.fail(push.idOf(refused.endpoint), 400);
    push.fail(push.idOf(retrying.endpoint), 503);
    await respondToLead(sql, sold.business, sold.distributionId, { subject: 'Quote', message: 'Here.' });
    await drainAlerts(sql, alertPorts(sql));
    const [retry] = await sql<{ status: string }[]>`
      select a.status from alert_deliveries a join push_subscriptions s on s.id = a.subscription_id
       where s.endpoint = ${retrying.endpoint}`;
    expect(retry!.status).toBe('pending');
    expect((await responseMailOf(sold.lead.email)).waits).toBeGreaterThan(
      REQUEST_PUSH_MAIL_HOLD_SECONDS - 60,
    );
  });

  it('turned off after the response, before its push went: the mail goes at once', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    await respondToLead(sql, sold.business, sold.distributionId, { subject: 'Quote', message: 'Here.' });
    await turnOffRequestPush(sql, { token: sold.token }, browser.endpoint);
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(browser.endpoint))).toHaveLength(0);
    await expectMailSentNow(sold.lead.email);
  });

  it('listens only while its link would open the page; the homeowner can turn off every device', async () => {
    const sold = await soldRequest();
    const forwarded = await createLink(sql, { leadId: sold.lead.id, purpose: 'responses' });
    const stranger = push.subscribe();
    const own = push.subscribe();
    await turnOnRequestPush(sql, { token: forwarded }, stranger, PHONE_UA);
    await turnOnRequestPush(sql, { token: sold.token }, own, PHONE_UA);
    expect(await requestPushState(sql, { token: sold.token }, own.endpoint)).toEqual({
      on: true,
      devices: 2,
    });
    // The forwarded link expires: its browser hears nothing more.
    await sql`update push_subscriptions set expires_at = now() - interval '1 second' where endpoint = ${stranger.endpoint}`;
    await respondToLead(sql, sold.business, sold.distributionId, { subject: 'First', message: 'One.' });
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(stranger.endpoint))).toHaveLength(0);
    expect(push.received(push.idOf(own.endpoint))).toHaveLength(1);
    expect(await turnOffRequestPush(sql, { token: sold.token }, 'all')).toEqual({ on: false, devices: 0 });
    const [left] = await sql<
      { n: number }[]
    >`select count(*)::int as n from push_subscriptions where lead_id = ${sold.lead.id}`;
    expect(left!.n).toBe(0);
  });

  it('turned off: the next response is only mailed, at once', async () => {
    const sold = await soldRequest();
    const browser = push.subscribe();
    await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    await turnOffRequestPush(sql, { token: sold.token }, browser.endpoint);
    expect((await requestPushState(sql, { token: sold.token }, browser.endpoint)).on).toBe(false);
    await respondToLead(sql, sold.business, sold.distributionId, {
      subject: 'Quote',
      message: 'Here.',
      quote: QUOTE,
    });
    const mail = await responseMailOf(sold.lead.email);
    expect(mail).toMatchObject({ status: 'pending' });
    expect(mail.waits).toBeLessThanOrEqual(0);
    const [queued] = await sql<
      { n: number }[]
    >`select count(*)::int as n from alert_deliveries where lead_id = ${sold.lead.id}`;
    expect(queued!.n).toBe(0);
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(browser.endpoint))).toHaveLength(0);
  });
});

describe('whose request it is', () => {
  it("only the request's own browsers hear of its responses, also a browser that is a contractor's device", async () => {
    const first = await soldRequest();
    const second = await soldRequest();
    const browser = push.subscribe();
    // The same browser: a contractor's alerts device and listening to the first request.
    const contractor = await createUser(sql, { roles: ['contractor'] });
    await addPushDevice(sql, contractor.id, browser, PHONE_UA);
    await turnOnRequestPush(sql, { token: first.token }, browser, PHONE_UA);
    await respondToLead(sql, second.business, second.distributionId, {
      subject: 'Other',
      message: 'Not yours.',
    });
    await drainAlerts(sql, alertPorts(sql));
    expect(push.received(push.idOf(browser.endpoint))).toHaveLength(0);
    await respondToLead(sql, first.business, first.distributionId, { subject: 'Yours', message: 'For you.' });
    await drainAlerts(sql, alertPorts(sql));
    expect(
      push.received(push.idOf(browser.endpoint)).map((p) => (JSON.parse(p.payload) as { body: string }).body),
    ).toEqual(['Yours · See it on your request page.']);
    const [device] = await sql<
      { n: number }[]
    >`select count(*)::int as n from push_subscriptions where user_id = ${contractor.id}`;
    expect(device!.n).toBe(1);
  });

  it('a wrong or expired link, or another account, names no request and changes nothing', async () => {
    const homeowner = await createUser(sql, {});
    const other = await createUser(sql, {});
    const sold = await soldRequest({ userId: homeowner.id });
    const expired = await createLink(sql, { leadId: sold.lead.id, purpose: 'responses', expired: true });
    const browser = push.subscribe();
    for (const access of [
      { token: 'u'.repeat(43) },
      { token: expired },
      requestAccessOf({ requestId: sold.lead.id }, other),
    ]) {
      await expect(turnOnRequestPush(sql, access, browser, PHONE_UA)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: INVALID_HOMEOWNER_LINK,
      });
    }
    expect(() => requestAccessOf({ requestId: sold.lead.id }, null)).toThrow(INVALID_HOMEOWNER_LINK);
    const [rows] = await sql<
      { n: number }[]
    >`select count(*)::int as n from push_subscriptions where lead_id = ${sold.lead.id}`;
    expect(rows!.n).toBe(0);
    // Signed in, the account's own request is named by its id.
    await turnOnRequestPush(sql, requestAccessOf({ requestId: sold.lead.id }, homeowner), browser, PHONE_UA);
    expect((await requestPushState(sql, { token: sold.token }, browser.endpoint)).on).toBe(true);
  });

  it(`at most ${MAX_REQUEST_PUSH_DEVICES} browsers per request; the same browser again renews its keys`, async () => {
    const sold = await soldRequest();
    const browsers = Array.from({ length: MAX_REQUEST_PUSH_DEVICES }, () => push.subscribe());
    for (const browser of browsers) await turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA);
    await expect(
      turnOnRequestPush(sql, { token: sold.token }, push.subscribe(), PHONE_UA),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: REQUEST_PUSH_MESSAGES.tooMany,
    });
    const renewed = { ...push.subscribe(), endpoint: browsers[0]!.endpoint };
    await turnOnRequestPush(sql, { token: sold.token }, renewed, PHONE_UA);
    const [row] = await sql<{ p256dh: string; label: string; n: number }[]>`
      select p256dh, label, (select count(*)::int from push_subscriptions where lead_id = ${sold.lead.id}) as n
        from push_subscriptions where lead_id = ${sold.lead.id} and endpoint = ${renewed.endpoint}`;
    expect(row).toEqual({
      p256dh: renewed.keys.p256dh,
      label: 'Safari on iPhone or iPad',
      n: MAX_REQUEST_PUSH_DEVICES,
    });
  });

  it('an address outside the browsers\u2019 push services is refused', async () => {
    const sold = await soldRequest();
    const browser = { ...push.subscribe(), endpoint: 'https://attacker.example/push' };
    await expect(turnOnRequestPush(sql, { token: sold.token }, browser, PHONE_UA)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
