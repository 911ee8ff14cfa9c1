// A request is sold only after the homeowner proves the phone by a code (issue 23), against the
// real database, the sandbox gateway, and the SMS port's sandbox (and, at the end, the real
// `twilio` SDK against the stand-in of Twilio's API): the attacks of the review replayed, the
// code's life and tries, resends and their limits, phones proven before, the rules that follow
// the person (duplicates, daily limits, the mail-domain hold, near-duplicate text, blocked
// contact details) and the e-mail link, which never sells alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { TQuoteRequest } from '../../src/schemas/quote.ts';
import { hashToken } from '../../src/server/platform/security/tokens.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { confirmQuote } from '../../src/server/leads/requests/confirm-quote.ts';
import { expireUnconfirmedQuotes } from '../../src/server/leads/requests/expire-unconfirmed-quotes.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { resendQuoteCode, verifyQuotePhone } from '../../src/server/leads/requests/prove-quote-phone.ts';
import { resumeUnfinishedLeads } from '../../src/server/leads/requests/resume-unfinished-leads.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import type { QuoteOptions } from '../../src/server/leads/requests/types.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';
import type { SmsPort } from '../../src/server/platform/sms/sms-port.ts';
import { createTwilioSms } from '../../src/server/platform/sms/twilio-sms.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { createBusiness, createUser, giveCard, quoteRequest, uniquePhone } from '../factories/index.ts';
import { afterSale, runSaleJobs } from '../helpers/queued-sales.ts';
import { useTestSql } from '../helpers/sql.ts';
import {
  startTwilioStandIn,
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_VERIFY_SERVICE_SID,
  type TwilioStandIn,
} from '../helpers/twilio-stand-in.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway: PaymentGateway = createSandboxGateway(sql);
const sms: SmsPort = createSandboxSms(sql);

/** Each test sells in a service of its own, to contractors of its own. */
let service = '';
let n = 0;
beforeEach(async () => {
  const rows = await sql<{ slug: string }[]>`select slug from services order by slug`;
  service = rows[n % rows.length]!.slug;
  n += 1;
});

async function contractors(count: number) {
  const [{ name } = { name: '' }] = await sql<
    { name: string }[]
  >`select name from services where slug = ${service}`;
  for (let i = 0; i < count; i += 1) {
    const business = await createBusiness(sql, { category: name, services: [service], featured: true });
    await giveCard(sql, business.id);
  }
}

const request = (overrides: Partial<Record<keyof TQuoteRequest, unknown>> = {}) =>
  quoteRequest({ service, ...overrides });
const options = (extra: Partial<QuoteOptions> = {}) => ({ sms, ...extra });
// A request sellable at once has its sale queued: run as the worker runs it.
const submit = async (input: TQuoteRequest, extra: Partial<QuoteOptions> = {}) =>
  afterSale(sql, await submitQuote(sql, input, options(extra)), { gateway });
const verify = async (requestKey: string, code: string) =>
  afterSale(sql, await verifyQuotePhone(sql, { requestKey, code }, options()), { gateway });

/** The code on the phone: the sandbox keeps what it "sent". */
async function codeOn(phone: string): Promise<string> {
  const [row] = await sql<{ code: string }[]>`
    select code from sandbox_verifications where to_phone = ${phone} order by created_at desc limit 1`;
  if (!row) throw new Error(`no code sent to ${phone}`);
  return row.code;
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function leadOf(requestKey: string) {
  const [row] = await sql<
    {
      id: string;
      qualification: string;
      phone_verified_at: Date | null;
      email_confirmed_at: Date | null;
      hold_reason: string | null;
      near_duplicate_of: string | null;
      phone_line_type: string | null;
    }[]
  >`select id, qualification, phone_verified_at, email_confirmed_at, hold_reason, near_duplicate_of, phone_line_type
      from leads where request_key = ${requestKey}`;
  return row!;
}

async function paidCount(leadId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from payment_transactions where lead_id = ${leadId} and payment_status = 'paid'`;
  return row!.n;
}

/** Moves a request's newest code back in time (the resend wait, the expiry). */
const ageCode = (leadId: string, seconds: number) => sql`
  update verification_codes set created_at = created_at - make_interval(secs => ${seconds}),
                                expires_at = expires_at - make_interval(secs => ${seconds})
   where lead_id = ${leadId}`;

describe('the attacks of the review fail', () => {
  it('N made-up requests with one borrowed phone, from one catch-all domain, charge nobody', async () => {
    await contractors(3);
    // A phone that belongs to nobody in the game: its codes reach someone else.
    const borrowed = uniquePhone();
    const domain = `catchall-${randomUUID().slice(0, 6)}.com`;
    const results = [];
    for (let i = 0; i < 3; i += 1) {
      const input = await request({ phone: borrowed, email: `fake${i}@${domain}` });
      results.push(await submit(input, { ip: `198.51.100.${n}` }));
    }
    expect(results.map((r) => r.status)).toEqual(['awaiting_code', 'awaiting_code', 'awaiting_code']);
    for (const r of results) {
      expect(await paidCount(r.leadId)).toBe(0);
      expect(await sql`select 1 from lead_distributions where lead_id = ${r.leadId}`).toHaveLength(0);
    }
    // Nothing in the mailbox confirms anything: no link is mailed before the phone is proven.
    const mails = await sql`select template from mail_outbox where to_address like ${`%@${domain}`}`;
    expect(mails).toEqual([]);
    // Guessing codes: five tries, then nothing more. (A new code to a number replaces the one
    // before, as Twilio Verify's does: the newest request holds the live one.)
    const key = (
      await sql<{ request_key: string }[]>`
      select request_key from leads where id = ${results[2]!.leadId}`
    )[0]!.request_key;
    const code = await codeOn(borrowed);
    for (let i = 0; i < 5; i += 1)
      await expect(verify(key, wrongFor(code))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(verify(key, code)).rejects.toMatchObject({
      fields: { code: ['Too many wrong tries. Send a new code.'] },
    });
    for (const r of results) expect(await paidCount(r.leadId)).toBe(0);
  });

  it('an e-mail link alone never sells a request whose phone was not proven', async () => {
    await contractors(3);
    const input = await request();
    const { leadId } = await submit(input);
    // Even a confirmation token on an unproven request (as requests before this rule had) sells nothing.
    const token = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '').slice(0, 11);
    await sql`update leads set confirm_token_hash = ${hashToken(token)} where id = ${leadId}`;
    const confirmed = await confirmQuote(sql, token);
    expect(confirmed).toMatchObject({ confirmedNow: true, request: 'awaiting_code', paymentsSuccessful: 0 });
    expect((await leadOf(input.requestKey)).qualification).toBe('unconfirmed');
    expect(await paidCount(leadId)).toBe(0);
  });
});

describe('the code', () => {
  it('sold the moment the code is right; a repeat or a second tap sells nothing twice', async () => {
    await contractors(4);
    const input = await request();
    const sent = await submit(input);
    expect(sent).toMatchObject({ status: 'awaiting_code', paymentsSuccessful: 0 });
    expect(sent.code).toMatchObject({ channel: 'sms', triesLeft: 5, lineType: 'mobile' });
    expect(sent.code!.phone).toBe(`(${input.phone.slice(0, 3)}) ••• ••${input.phone.slice(-2)}`);
    const [text] = await sql<{ body: string }[]>`
      select body from sandbox_sms where to_phone = ${input.phone} order by created_at desc limit 1`;
    const code = await codeOn(input.phone);
    expect(text!.body).toBe(
      `Your Dayton Contractors code is ${code}. It expires in 10 minutes. Never share it.`,
    );

    const both = await Promise.all([verify(input.requestKey, code), verify(input.requestKey, code)]);
    for (const result of both) expect(result).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
    expect(both[0].contractors).toHaveLength(3);
    expect(await paidCount(sent.leadId)).toBe(3);
    expect(await verify(input.requestKey, code)).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
    const lead = await leadOf(input.requestKey);
    expect(lead.phone_verified_at).not.toBeNull();
    // The e-mail link goes out now, to confirm the address for the replies; it sells nothing.
    const mails = await sql<{ template: string }[]>`
      select template from mail_outbox where payload->>'leadId' = ${sent.leadId} order by created_at`;
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['quote_confirm_email', 'quote_confirmation']),
    );
    // A retry of the wizard's submit reports the sale.
    expect(await submit(input)).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
  });

  it('a wrong code says how many tries are left and keeps everything; expired and used-up codes say so', async () => {
    await contractors(1);
    const input = await request();
    const { leadId } = await submit(input);
    const code = await codeOn(input.phone);
    await expect(verify(input.requestKey, wrongFor(code))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { code: ['That code is not right. 4 tries left.'] },
    });
    for (let left = 3; left >= 1; left -= 1) {
      await expect(verify(input.requestKey, wrongFor(code))).rejects.toMatchObject({
        fields: { code: [`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`] },
      });
    }
    await expect(verify(input.requestKey, wrongFor(code))).rejects.toMatchObject({
      fields: { code: ['Too many wrong tries. Send a new code.'] },
    });
    expect((await leadOf(input.requestKey)).qualification).toBe('unconfirmed');

    // A new code (after the 30 seconds) works; ten minutes later it has expired.
    await ageCode(leadId, 31);
    await resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'sms' }, { sms });
    await ageCode(leadId, 10 * 60 + 1);
    await expect(verify(input.requestKey, await codeOn(input.phone))).rejects.toMatchObject({
      fields: { code: ['This code has expired. Send a new code.'] },
    });
    expect(await paidCount(leadId)).toBe(0);
    const [kept] = await sql`select name, email, project_description from leads where id = ${leadId}`;
    expect(kept).toEqual({ name: input.name, email: input.email, project_description: input.description });
  });

  it('five guesses sent at once take the five tries, no more', async () => {
    const input = await request();
    await submit(input);
    const code = await codeOn(input.phone);
    const guesses = await Promise.allSettled(
      Array.from({ length: 8 }, () => verify(input.requestKey, wrongFor(code))),
    );
    expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
    const [row] = await sql<{ attempts: number }[]>`
      select attempts from verification_codes v join leads l on l.id = v.lead_id where l.request_key = ${input.requestKey}`;
    expect(row!.attempts).toBe(5);
    await expect(verify(input.requestKey, code)).rejects.toMatchObject({
      fields: { code: ['Too many wrong tries. Send a new code.'] },
    });
  });

  it('a new code waits 30 seconds, may come by a call, and sends are limited per phone', async () => {
    const input = await request();
    const { leadId } = await submit(input);
    await expect(
      resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'sms' }, { sms }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^You can ask for a new code in \d+ seconds?\.$/) as unknown,
    });
    await ageCode(leadId, 31);
    const call = await resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'call' }, { sms });
    expect(call.channel).toBe('call');
    const [spoken] = await sql<{ channel: string; body: string }[]>`
      select channel, body from sandbox_sms where to_phone = ${input.phone} order by created_at desc limit 1`;
    expect(spoken!.channel).toBe('call');
    expect(spoken!.body).toMatch(/^Your Dayton Contractors verification code is (\d, ){5}\d\. Again: /);
    // The earlier code no longer works: the call's does.
    for (let i = 0; i < 3; i += 1) {
      await ageCode(leadId, 31);
      await resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'sms' }, { sms });
    }
    await ageCode(leadId, 31);
    await expect(
      resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'sms' }, { sms }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many codes were sent/) as unknown,
    });
  });

  it('a landline gets its code by a call; a VoIP line waits for the e-mail link too, which then sells once', async () => {
    await contractors(3);
    const landline = await request({ phone: uniquePhone('00') });
    const byCall = await submit(landline);
    expect(byCall.code).toMatchObject({ channel: 'call', lineType: 'landline' });

    const voip = await request({ phone: uniquePhone('99') });
    const { leadId } = await submit(voip);
    const result = await verify(voip.requestKey, await codeOn(voip.phone));
    expect(result.status).toBe('awaiting_email');
    expect(await paidCount(leadId)).toBe(0);
    const [mail] = await sql<{ text_body: string; subject: string }[]>`
      select subject, text_body from mail_outbox where payload->>'leadId' = ${leadId} and template = 'quote_confirm_email'`;
    expect(mail!.subject).toBe('Confirm your e-mail to send your quote request');
    const token = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    const both = await Promise.all([confirmQuote(sql, token), confirmQuote(sql, token)]);
    expect(both.filter((b) => b.confirmedNow)).toHaveLength(1);
    await runSaleJobs(sql, { gateway });
    expect(await paidCount(leadId)).toBe(3);
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id where d.lead_id = ${leadId}`;
    expect(intents!.n).toBe(3);
  });

  it('a request waiting for its code may change its phone: the new one gets the code', async () => {
    await contractors(1);
    const input = await request();
    const { leadId } = await submit(input);
    const oldCode = await codeOn(input.phone);
    const corrected = { ...input, phone: uniquePhone(), altcha: (await request()).altcha };
    const again = await submit(corrected);
    expect(again.leadId).toBe(leadId);
    expect(again.code!.phone).toContain(corrected.phone.slice(-2));
    await expect(
      verify(input.requestKey, oldCode === (await codeOn(corrected.phone)) ? wrongFor(oldCode) : oldCode),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await verify(input.requestKey, await codeOn(corrected.phone))).toMatchObject({ status: 'sent' });
    const [lead] = await sql`select phone from leads where id = ${leadId}`;
    expect(lead!['phone']).toBe(corrected.phone);
  });

  it('expires after 48 hours without its code: never sold', async () => {
    const input = await request();
    const { leadId } = await submit(input);
    await sql`update leads set created_at = now() - interval '49 hours' where id = ${leadId}`;
    await expireUnconfirmedQuotes(sql, createLocalUploadStore(`/tmp/phone-proof-${randomUUID()}`));
    expect((await leadOf(input.requestKey)).qualification).toBe('expired');
    await expect(verify(input.requestKey, await codeOn(input.phone))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('a phone proven before needs no code', () => {
  it('for the same e-mail within 90 days, not after', async () => {
    await contractors(3);
    const first = await request();
    await submit(first);
    await verify(first.requestKey, await codeOn(first.phone));
    // Another service, same phone and e-mail: sold at once.
    const rows = await sql<
      { slug: string }[]
    >`select slug from services where slug <> ${service} order by slug limit 1`;
    const next = await request({ service: rows[0]!.slug, phone: first.phone, email: first.email });
    expect((await submit(next)).status).toBe('sent');
    await sql`update proven_phones set proven_at = now() - interval '91 days' where phone = ${first.phone}`;
    const later = await request({
      phone: first.phone,
      email: first.email,
      service: (
        await sql<
          { slug: string }[]
        >`select slug from services where slug <> ${service} order by slug offset 1 limit 1`
      )[0]!.slug,
    });
    expect((await submit(later)).status).toBe('awaiting_code');
  });

  it('for a signed-in homeowner whose account holds that proven phone', async () => {
    await contractors(3);
    const user = await createUser(sql);
    const input = await request({ email: user.email });
    await submit(input, { userId: user.id, verifiedEmail: user.email });
    await verify(input.requestKey, await codeOn(input.phone));
    const [account] = await sql`select proven_phone from users where id = ${user.id}`;
    expect(account!['proven_phone']).toBe(input.phone);
    const other = (
      await sql<{ slug: string }[]>`select slug from services where slug <> ${service} order by slug limit 1`
    )[0]!.slug;
    const next = await request({ service: other, phone: input.phone, email: `second-${user.email}` });
    expect((await submit(next, { userId: user.id, verifiedEmail: user.email })).status).toBe('sent');
  });
});

describe('limits and duplicates follow the person, not the mailbox', () => {
  async function proven(input: TQuoteRequest, extra: Partial<QuoteOptions> = {}) {
    await submit(input, extra);
    return verify(input.requestKey, await codeOn(input.phone));
  }

  it('the same phone, street address or mailbox for the same service within 30 days is a duplicate', async () => {
    await contractors(3);
    const first = await request({ email: `jane.doe+quotes@gmail.com`.replace('jane', `jane${n}`) });
    expect((await proven(first)).status).toBe('sent');
    const samePhone = await request({ phone: first.phone });
    const sameAddress = await request({
      address: first.address.toUpperCase().replace('STREET', 'St.'),
      zipCode: first.zipCode,
    });
    const sameMailbox = await request({ email: first.email.replace('+quotes', '').replace('.', '') });
    for (const input of [samePhone, sameAddress, sameMailbox]) {
      const result = await proven(input);
      expect(result.status).toBe('duplicate');
      expect(await paidCount(result.leadId)).toBe(0);
    }
    const [mail] = await sql<{ text_body: string }[]>`
      select text_body from mail_outbox where to_address = ${samePhone.email} and template = 'quote_duplicate'`;
    expect(mail!.text_body).toContain('within the last 30 days');
    // 31 days later the same phone is a new request.
    await sql`update leads set created_at = now() - interval '31 days' where request_key = any(${[first.requestKey, samePhone.requestKey, sameAddress.requestKey, sameMailbox.requestKey]})`;
    const later = await request({ phone: first.phone });
    expect((await proven(later)).status).toBe('sent');
  });

  it('at most 3 requests a day from one phone, and 3 for one street address', async () => {
    await contractors(1);
    const phone = uniquePhone();
    const services = await sql<{ slug: string }[]>`select slug from services order by slug limit 4`;
    for (const { slug } of services.slice(0, 3)) {
      expect((await proven(await request({ service: slug, phone }))).status).not.toBe('awaiting_code');
    }
    await expect(submit(await request({ service: services[3]!.slug, phone }))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'This phone number has sent 3 requests today. Please try again tomorrow.',
    });
    const address = `${n} Quarry Road`;
    for (const { slug } of services.slice(0, 3)) {
      expect((await proven(await request({ service: slug, address }))).status).not.toBe('awaiting_code');
    }
    await expect(submit(await request({ service: services[3]!.slug, address }))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'This address has 3 requests today. Please try again tomorrow.',
    });
  });

  it('the third address at one mail domain in a day is held for an admin; free mail is not', async () => {
    await contractors(3);
    const domain = `roofing-co-${randomUUID().slice(0, 6)}.com`;
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await proven(await request({ email: `person${i}@${domain}` }))).status);
    expect(statuses).toEqual(['sent', 'sent', 'held']);
    const [held] = await sql<{ qualification: string; hold_reason: string }[]>`
      select qualification, hold_reason from leads where email = ${`person2@${domain}`}`;
    expect(held).toEqual({
      qualification: 'held',
      hold_reason: `3 different addresses at ${domain} asked for quotes within 24 hours`,
    });
    const free = [];
    for (let i = 0; i < 3; i += 1)
      free.push(
        (await proven(await request({ email: `free${i}-${randomUUID().slice(0, 6)}@gmail.com` }))).status,
      );
    expect(free).toEqual(['sent', 'sent', 'sent']);
  });

  it('a nearly identical description is flagged, not refused', async () => {
    await contractors(1);
    const text = `Our ${randomUUID().slice(0, 8)} basement floods after every storm and the sump pump hums but does not start, please help soon`;
    const first = await request({ description: text });
    await proven(first);
    const second = await request({ description: text.replace('please help soon', 'please help quickly') });
    expect((await proven(second)).status).toBe('sent');
    expect((await leadOf(second.requestKey)).near_duplicate_of).toBe((await leadOf(first.requestKey)).id);
    const unrelated = await request({
      description: 'Replace two ceiling fans in the living room and the porch light.',
    });
    await proven(unrelated);
    expect((await leadOf(unrelated.requestKey)).near_duplicate_of).toBeNull();
  });

  it('two near-duplicate requests proven at the same moment are both admitted (no deadlock)', async () => {
    await contractors(1);
    const text = `Twin ${randomUUID().slice(0, 8)} request: the garage door opener stopped working and the door is stuck half open`;
    const inputs = [await request({ description: text }), await request({ description: `${text}!` })];
    for (const input of inputs) await submit(input);
    const codes = await Promise.all(inputs.map((input) => codeOn(input.phone)));
    const results = await Promise.all(inputs.map((input, i) => verify(input.requestKey, codes[i]!)));
    expect(results.map((r) => r.status)).toEqual(['sent', 'sent']);
    const flagged = await Promise.all(
      inputs.map(async (input) => (await leadOf(input.requestKey)).near_duplicate_of),
    );
    expect(flagged.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  });

  it('blocked contact details are refused before a code is sent, and caught when blocked meanwhile', async () => {
    await contractors(1);
    const blocked = await request();
    await sql`insert into blocked_identities (kind, value, reason) values ('phone', ${blocked.phone}, 'test')`;
    await expect(submit(blocked)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'We cannot accept requests from these contact details. If you think this is a mistake, contact support.',
    });
    expect(await sql`select 1 from sandbox_sms where to_phone = ${blocked.phone}`).toHaveLength(0);

    const later = await request();
    await submit(later);
    await sql`insert into blocked_identities (kind, value, reason) values ('email', ${later.email}, 'test')`;
    await expect(verify(later.requestKey, await codeOn(later.phone))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await leadOf(later.requestKey)).qualification).toBe('blocked');
    expect(await paidCount((await leadOf(later.requestKey)).id)).toBe(0);
  });
});

describe('what the review of this change found', () => {
  it('a lead refunded to its buyers as fake, or blocked, is never sold again: not by a replayed key, not by the sweeper', async () => {
    await contractors(6);
    for (const mark of ['reported', 'blocked'] as const) {
      const input = await request();
      await submit(input);
      const sold = await verify(input.requestKey, await codeOn(input.phone));
      expect(sold.paymentsSuccessful).toBe(3);
      // As two reports (or an admin's block) leave it: every charge refunded, the lead marked.
      await sql`update lead_distributions set payment_status = 'refunded' where lead_id = ${sold.leadId}`;
      await sql`update leads set ${
        mark === 'reported'
          ? sql`reports_refunded_at = now()`
          : sql`fraud_review = 'blocked', fraud_reviewed_at = now()`
      } where id = ${sold.leadId}`;
      // The fraudster holds the request key: replays sell nothing.
      await verify(input.requestKey, '000000');
      await submit(input);
      await sql`update leads set created_at = now() - interval '10 minutes', confirmed_at = now() - interval '10 minutes'
                 where id = ${sold.leadId}`;
      await resumeUnfinishedLeads(sql, { gateway });
      const rows = await sql<{ payment_status: string }[]>`
        select payment_status from lead_distributions where lead_id = ${sold.leadId}`;
      expect(rows.map((r) => r.payment_status).sort(), mark).toEqual(['refunded', 'refunded', 'refunded']);
    }
  });

  it('a request whose phone was not proven is never sold by the pipeline itself', async () => {
    await contractors(3);
    const input = await request();
    const { leadId } = await submit(input);
    // Even forced into 'pending' (as a request confirmed only by the old e-mail link was).
    await sql`update leads set qualification = 'pending', confirmed_at = now() where id = ${leadId}`;
    expect(await processLead(sql, leadId, { gateway })).toMatchObject({ paymentsSuccessful: 0 });
    expect(await paidCount(leadId)).toBe(0);
  });

  it('the phone changed while its code was checked: the proof is refused, and a change during a check is refused', async () => {
    const input = await request();
    const { leadId } = await submit(input);
    const code = await codeOn(input.phone);
    // A check under way holds the code: a correction sent meanwhile is refused, nothing changed.
    await sql`update verification_codes set checking_until = now() + interval '20 seconds' where lead_id = ${leadId}`;
    const corrected = { ...input, phone: uniquePhone(), altcha: (await request()).altcha };
    await expect(submit(corrected)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Your code is being checked. Please try again in a moment.',
    });
    expect((await sql`select phone from leads where id = ${leadId}`)[0]!['phone']).toBe(input.phone);
    // Had the number changed anyway between the check and its record, the proof is not recorded.
    await sql`update verification_codes set checking_until = null where lead_id = ${leadId}`;
    await sql`update leads set phone = ${corrected.phone} where id = ${leadId}`;
    await expect(verify(input.requestKey, code)).rejects.toMatchObject({ code: 'CONFLICT' });
    const [lead] = await sql`select phone_verified_at, qualification from leads where id = ${leadId}`;
    expect(lead).toEqual({ phone_verified_at: null, qualification: 'unconfirmed' });
    expect(await sql`select 1 from proven_phones where phone = ${corrected.phone}`).toHaveLength(0);
  });

  it('over the day’s limit the code is not spent, and a used code never lets another code in', async () => {
    await contractors(1);
    const phone = uniquePhone();
    const services = await sql<{ slug: string }[]>`select slug from services order by slug limit 4`;
    // The fourth request is sent while the first three still wait for their codes.
    const inputs = [];
    for (const { slug } of services) inputs.push(await request({ service: slug, phone }));
    for (const input of inputs) await submit(input);
    // Each submit replaced the phone's code: prove the first three one by one with a fresh code.
    // (Eight codes to one phone is over its hourly sends: this test is about the daily requests.)
    const forgetSends = () => sql`delete from rate_limits where identifier = ${phone}`;
    for (const input of inputs.slice(0, 3)) {
      await forgetSends();
      await sql`update verification_codes set created_at = created_at - interval '31 seconds'
                 where lead_id = (select id from leads where request_key = ${input.requestKey})`;
      await resendQuoteCode(sql, { requestKey: input.requestKey, channel: 'sms' }, { sms });
      expect((await verify(input.requestKey, await codeOn(phone))).status).not.toBe('awaiting_code');
    }
    const fourth = inputs[3]!;
    const [row] = await sql<{ id: string }[]>`select id from leads where request_key = ${fourth.requestKey}`;
    await sql`update verification_codes set created_at = created_at - interval '31 seconds' where lead_id = ${row!.id}`;
    await forgetSends();
    await resendQuoteCode(sql, { requestKey: fourth.requestKey, channel: 'sms' }, { sms });
    const code = await codeOn(phone);
    await expect(verify(fourth.requestKey, code)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const [codeRow] = await sql<{ attempts: number; verified_at: Date | null }[]>`
      select attempts, verified_at from verification_codes where lead_id = ${row!.id} order by created_at desc limit 1`;
    expect(codeRow).toEqual({ attempts: 0, verified_at: null });
    // A day later the same code still works; a wrong one never did.
    await sql`update leads set phone_verified_at = phone_verified_at - interval '25 hours' where phone = ${phone}
                and request_key <> ${fourth.requestKey}`;
    await expect(verify(fourth.requestKey, wrongFor(code))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await verify(fourth.requestKey, code)).status).toBe('sent');
  });
});

describe('through the real twilio SDK against the stand-in', () => {
  let standIn: TwilioStandIn;
  let twilio: SmsPort;
  beforeAll(async () => {
    standIn = await startTwilioStandIn();
    twilio = createTwilioSms({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      verifyServiceSid: TWILIO_VERIFY_SERVICE_SID,
      messagingServiceSid: null,
      apiUrl: standIn.url,
    });
  });
  afterAll(() => standIn.close());

  it('a code by text is verified and the request sold; a landline is called; an outage is a clear 503', async () => {
    await contractors(3);
    const input = await request();
    const sent = await submitQuote(sql, input, { sms: twilio });
    expect(sent.code).toMatchObject({ channel: 'sms', lineType: 'mobile' });
    const code = standIn.lastCode(`+1${input.phone}`)!;
    await expect(
      verifyQuotePhone(sql, { requestKey: input.requestKey, code: wrongFor(code) }, { sms: twilio }),
    ).rejects.toMatchObject({
      fields: { code: ['That code is not right. 4 tries left.'] },
    });
    expect(
      await afterSale(
        sql,
        await verifyQuotePhone(sql, { requestKey: input.requestKey, code }, { sms: twilio }),
        { gateway },
      ),
    ).toMatchObject({
      status: 'sent',
      paymentsSuccessful: 3,
    });

    const landline = await request({ phone: uniquePhone() });
    standIn.lineTypes.set(`+1${landline.phone}`, 'landline');
    expect((await submitQuote(sql, landline, { sms: twilio })).code).toMatchObject({
      channel: 'call',
    });

    standIn.failWith = 503;
    try {
      await expect(submitQuote(sql, await request(), { sms: twilio })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: 'We could not send a code just now. Please try again in a minute.',
      });
    } finally {
      standIn.failWith = null;
    }
  });
});
