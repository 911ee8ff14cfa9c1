// A listing claim proves itself (issue 23, Must 5), through the real endpoints and database: the
// registration answers with the listing's ways to prove it and sets the claim's proof cookie; a
// code by text or call to the listing's phone (the sandbox SMS adapter, and the Twilio adapter
// with the real SDK against its stand-in) or mailed to an address at the listing website's domain
// (only a keyed hash stored) confirms it; wrong, expired and exhausted codes; the limits per
// claim and per client address; who may ask; every refused input changes nothing.
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CLAIM_CODE_RESEND_SECONDS,
  CLAIM_CODE_SENDS_PER_CLAIM,
  CLAIM_CODE_SENDS_PER_CLIENT,
  CLAIM_PROOF_MESSAGES as M,
  confirmationText,
} from '../../src/domain/claim-rules.ts';
import { CODE_TRIES } from '../../src/domain/integrity-rules.ts';
import type { TContractorSignupInput } from '../../src/schemas/contractor-signup.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { checkClaimCode } from '../../src/server/accounts/claims/check-claim-code.ts';
import { sendClaimCode } from '../../src/server/accounts/claims/send-claim-code.ts';
import { createTwilioSms } from '../../src/server/platform/sms/twilio-sms.ts';
import { createBusiness } from '../factories/index.ts';
import { apiContext, cookiesSet, signedInUser } from '../helpers/api-context.ts';
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

let register: APIRoute;
let sendCode: APIRoute;
let confirm: APIRoute;
let twilio: TwilioStandIn;

beforeAll(async () => {
  register = (await import('../../src/pages/api/contractor-signup/index.ts')).POST;
  sendCode = (await import('../../src/pages/api/claims/code.ts')).POST;
  confirm = (await import('../../src/pages/api/claims/confirm.ts')).POST;
  twilio = await startTwilioStandIn();
});
afterAll(async () => {
  await twilio.close();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;
/** A client address of its own, so one test's sends never count against another's. */
const freshAddress = () => `198.51.${Math.floor(Math.random() * 250)}.${(n += 1) % 250}`;

/** An unclaimed ACTIVE listing with a public phone and, unless null, a website. */
async function listing(options: { phone?: string | null; website?: string | null } = {}) {
  const made = await createBusiness(sql, { ownerId: null, name: `Proof Plumbing ${unique()}` });
  const website =
    options.website === undefined ? `https://www.proof-${unique()}.example/about` : options.website;
  const phone = options.phone === undefined ? '(937) 228-4044' : options.phone;
  await sql`update businesses set website = ${website}, phone = ${phone} where id = ${made.id}`;
  return { ...made, website, domain: website ? new URL(website).hostname.replace(/^www\./, '') : null };
}

function signup(listingId: string, name: string): TContractorSignupInput {
  return {
    businessName: name,
    ownerName: 'Pat Claimant',
    email: `claimant-${unique()}@example.com`,
    phone: '(937) 222-1234',
    password: 'Str0ng!Pass',
    services: ['plumbing'],
    serviceZipCodes: '45402',
    address: '100 Main St',
    claimBusinessId: listingId,
  };
}

interface Claimant {
  claimId: string;
  cookie: Record<string, string>;
  ip: string;
  answer: Record<string, unknown>;
}

/** Registers a claim of the listing through the endpoint: its answer and the proof cookie set. */
async function claim(listingId: string, name: string): Promise<Claimant> {
  const ip = freshAddress();
  const context = apiContext({
    method: 'POST',
    path: '/api/contractor-signup',
    user: null,
    body: signup(listingId, name),
    clientAddress: ip,
  });
  const response = await register(context);
  expect(response.status).toBe(201);
  const set = cookiesSet(context);
  // The claim's proof cookie, beside the browser's visitor cookie (the fraud signals' own).
  expect(Object.keys(set).sort()).toEqual(['claim', 'signup', 'visitor']);
  delete set['visitor'];
  const [row] = await sql<{ id: string }[]>`
    select id from business_claims where business_id = ${listingId} and status = 'pending'`;
  return { claimId: row!.id, cookie: set, ip, answer: (await response.json()) as Record<string, unknown> };
}

async function post(
  route: APIRoute,
  path: string,
  body: unknown,
  who: { cookie?: Record<string, string>; user?: SessionUser | null; ip?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await route(
    apiContext({
      method: 'POST',
      path,
      user: who.user ?? null,
      body,
      cookies: who.cookie ?? {},
      clientAddress: who.ip ?? freshAddress(),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const send = (who: Claimant | { user: SessionUser; ip?: string }, body: unknown) =>
  post(sendCode, '/api/claims/code', body, 'claimId' in who ? { cookie: who.cookie, ip: who.ip } : who);
const check = (who: Claimant | { user: SessionUser }, code: string) =>
  post(confirm, '/api/claims/confirm', { code }, 'claimId' in who ? { cookie: who.cookie, ip: who.ip } : who);

/** What a refused request must leave as it was. */
const stateOf = async (claimId: string, mailTo?: string) => ({
  codes:
    await sql`select id, attempts, verified_at from verification_codes where claim_id = ${claimId} order by id`,
  claim:
    await sql`select verified_at, verified_channel, verified_target from business_claims where id = ${claimId}`,
  mails: mailTo ? (await sql`select id from mail_outbox where to_address = ${mailTo}`).length : 0,
});

/** Lets the next send through the 30-second wait (as if it were later). */
const age = (claimId: string, seconds = CLAIM_CODE_RESEND_SECONDS + 1) => sql`
  update verification_codes set created_at = created_at - make_interval(secs => ${seconds}),
         expires_at = expires_at - make_interval(secs => ${seconds})
   where claim_id = ${claimId}`;

const sandboxCode = async (phone: string) =>
  (
    await sql<{ code: string }[]>`
      select code from sandbox_verifications where to_phone = ${phone} order by created_at desc limit 1`
  )[0]!.code;

const mailedCode = async (to: string) => {
  const [mail] = await sql<{ text_body: string }[]>`
    select text_body from mail_outbox where to_address = ${to} order by created_at desc, id desc limit 1`;
  return /Your code is (\d{6})\./.exec(mail!.text_body)![1]!;
};

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a claim registered at sign-up', () => {
  it('answers with the listing’s masked phone and website domain, and sets an hour’s proof cookie', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    expect(made.answer['claimProof']).toEqual({
      businessName: place.name,
      phone: '(937) ••• ••44',
      emailDomain: place.domain,
      confirmation: null,
    });
    const [row] = await sql<{ hash: string; minutes: number }[]>`
      select proof_token_hash as hash,
             round(extract(epoch from proof_token_expires_at - created_at) / 60)::int as minutes
        from business_claims where id = ${made.claimId}`;
    // Only the token's SHA-256 is kept.
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toBe(made.cookie['claim']);
    expect(row!.minutes).toBe(60);
  });

  it('confirms by a code mailed to an address at the website’s domain; only a keyed hash is stored', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    const address = `owner@${place.domain}`;

    const sent = await send(made, { channel: 'email', localPart: ' Owner ' });
    expect(sent).toMatchObject({ status: 200, body: { channel: 'email', sentTo: address } });
    const code = await mailedCode(address);
    const [row] = await sql<
      Record<string, unknown>[]
    >`select * from verification_codes where claim_id = ${made.claimId}`;
    expect(row).toMatchObject({ purpose: 'claim', channel: 'email', target: address, attempts: 0 });
    expect(row!['code_hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await check(made, otherCode(code));
    expect(wrong).toMatchObject({ status: 400, body: { error: M.wrong(CODE_TRIES - 1) } });
    const right = await check(made, ` ${code} `);
    expect(right.status).toBe(200);
    const confirmation = (right.body as { confirmation: { channel: string; target: string } }).confirmation;
    expect(confirmation).toMatchObject({ channel: 'email', target: address });
    const [claimRow] = await sql`
      select verified_channel, verified_target, verified_at is not null as verified
        from business_claims where id = ${made.claimId}`;
    expect(claimRow).toEqual({ verified_channel: 'email', verified_target: address, verified: true });
    expect(confirmationText({ ...confirmation, confirmedAt: new Date().toISOString() } as never)).toMatch(
      new RegExp(`^Confirmed by e-mail to ${address.replace(/\./g, '\\.')} on `),
    );

    // Confirmed once: no more codes are sent, and the right code again changes nothing.
    expect(await send(made, { channel: 'email', localPart: 'owner' })).toMatchObject({
      status: 409,
      body: { error: M.alreadyConfirmed },
    });
    expect((await check(made, code)).status).toBe(200);
  });

  it('confirms by a text to the listing’s mobile phone (sandbox), not to the phone the claimant typed', async () => {
    const place = await listing({ phone: '(937) 228-4044' });
    const made = await claim(place.id, place.name);
    const sent = await send(made, { channel: 'sms' });
    expect(sent).toMatchObject({ status: 200, body: { channel: 'sms', sentTo: '(937) ••• ••44' } });
    const [text] = await sql<{ to_phone: string; channel: string }[]>`
      select to_phone, channel from sandbox_sms where to_phone = '9372284044' order by created_at desc limit 1`;
    expect(text).toEqual({ to_phone: '9372284044', channel: 'sms' });
    expect(await sql`select 1 from sandbox_sms where to_phone = '9372221234'`).toHaveLength(0);
    const right = await check(made, await sandboxCode('9372284044'));
    expect(right).toMatchObject({
      status: 200,
      body: { confirmation: { channel: 'sms', target: '9372284044' } },
    });
  });

  it('calls a landline even when a text was asked for, and calls when the claimant asks for a call', async () => {
    // The sandbox's rule: a number ending in 00 is a landline.
    const place = await listing({ phone: '937-228-4100' });
    const made = await claim(place.id, place.name);
    expect(await send(made, { channel: 'sms' })).toMatchObject({ status: 200, body: { channel: 'call' } });
    const mobile = await listing({ phone: '937-228-4145' });
    const other = await claim(mobile.id, mobile.name);
    expect(await send(other, { channel: 'call' })).toMatchObject({ status: 200, body: { channel: 'call' } });
    const right = await check(made, await sandboxCode('9372284100'));
    expect(right).toMatchObject({ status: 200, body: { confirmation: { channel: 'call' } } });
  });
});

describe('the Twilio adapter (the real SDK against its stand-in)', () => {
  it('texts a mobile listing’s code through Verify and approves the right one', async () => {
    const port = createTwilioSms({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      verifyServiceSid: TWILIO_VERIFY_SERVICE_SID,
      messagingServiceSid: null,
      apiUrl: twilio.url,
    });
    const place = await listing({ phone: '(937) 228-4071' });
    const made = await claim(place.id, place.name);
    const access = { token: made.cookie['claim']! };
    twilio.lineTypes.set('+19372284071', 'landline');
    expect(await sendClaimCode(sql, port, access, { channel: 'sms' })).toMatchObject({ channel: 'call' });
    expect(twilio.requests.at(-1)!.params.get('Channel')).toBe('call');
    const code = twilio.lastCode('+19372284071')!;
    await expect(checkClaimCode(sql, port, access, otherCode(code))).rejects.toThrow(M.wrong(CODE_TRIES - 1));
    expect((await checkClaimCode(sql, port, access, code)).confirmation).toMatchObject({
      channel: 'call',
      target: '9372284071',
    });
  });
});

describe('wrong, expired and exhausted codes', () => {
  it('takes five tries, then refuses even the right code until a new one is sent', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    const address = `office@${place.domain}`;
    expect((await send(made, { channel: 'email', localPart: 'office' })).status).toBe(200);
    const code = await mailedCode(address);
    for (let left = CODE_TRIES - 1; left >= 1; left -= 1) {
      expect(await check(made, otherCode(code))).toMatchObject({
        status: 400,
        body: { error: M.wrong(left) },
      });
    }
    expect(await check(made, otherCode(code))).toMatchObject({ status: 409, body: { error: M.exhausted } });
    const before = await stateOf(made.claimId);
    expect(await check(made, code)).toMatchObject({ status: 409, body: { error: M.exhausted } });
    expect(await stateOf(made.claimId)).toEqual(before);

    await age(made.claimId);
    expect((await send(made, { channel: 'email', localPart: 'office' })).status).toBe(200);
    expect((await check(made, await mailedCode(address))).status).toBe(200);
  });

  it('refuses an expired code, and a code before any was sent, changing nothing', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    expect(await check(made, '123456')).toMatchObject({ status: 409, body: { error: M.noCode } });
    expect((await send(made, { channel: 'sms' })).status).toBe(200);
    const code = await sandboxCode('9372284044');
    await age(made.claimId, 10 * 60 + 1);
    const before = await stateOf(made.claimId);
    expect(await check(made, code)).toMatchObject({ status: 409, body: { error: M.expired } });
    expect(await stateOf(made.claimId)).toEqual(before);
  });

  it('refuses a code that is not six digits before anything is read', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const answer = await check(made, code);
      expect(answer.status).toBe(400);
      expect((answer.body['fields'] as Record<string, string[]>)['code']).toEqual([M.codeFormat]);
    }
  });
});

describe('limits and refused inputs', () => {
  it('waits 30 seconds between codes and sends at most 5 an hour for one claim, saying so', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    expect((await send(made, { channel: 'sms' })).status).toBe(200);
    const before = await stateOf(made.claimId);
    const soon = await send(made, { channel: 'sms' });
    expect(soon.status).toBe(429);
    expect(soon.body['error']).toMatch(/^You can ask for a new code in \d+ seconds?\.$/);
    expect(await stateOf(made.claimId)).toEqual(before);
    for (let i = 1; i < CLAIM_CODE_SENDS_PER_CLAIM; i += 1) {
      await age(made.claimId);
      expect((await send(made, { channel: 'sms' })).status).toBe(200);
    }
    await age(made.claimId);
    const limited = await send(made, { channel: 'sms' });
    expect(limited).toMatchObject({ status: 429, body: { error: M.sendLimited(60) } });
    expect((await sql`select id from verification_codes where claim_id = ${made.claimId}`).length).toBe(
      CLAIM_CODE_SENDS_PER_CLAIM,
    );
  });

  it('sends at most 10 claim codes an hour to one client address, across claims', async () => {
    const ip = freshAddress();
    for (let i = 0; i < CLAIM_CODE_SENDS_PER_CLIENT; i += 1) {
      const place = await listing();
      const made = await claim(place.id, place.name);
      expect((await send({ ...made, ip }, { channel: 'sms' })).status).toBe(200);
    }
    const place = await listing();
    const made = await claim(place.id, place.name);
    const limited = await send({ ...made, ip }, { channel: 'sms' });
    expect(limited).toMatchObject({ status: 429, body: { error: M.clientLimited(60) } });
    expect(await sql`select id from verification_codes where claim_id = ${made.claimId}`).toHaveLength(0);
  });

  it('refuses a mail without a local part, a bad local part, a listing without a website or a phone', async () => {
    const place = await listing({ website: null, phone: null });
    const made = await claim(place.id, place.name);
    const before = await stateOf(made.claimId);
    const missing = await send(made, { channel: 'email' });
    expect(missing.status).toBe(400);
    expect((missing.body['fields'] as Record<string, string[]>)['localPart']).toEqual([M.localPart]);
    for (const localPart of ['a b', '.owner', 'owner..x', 'ow"ner', 'x'.repeat(65)]) {
      expect((await send(made, { channel: 'email', localPart })).status).toBe(400);
    }
    expect(await send(made, { channel: 'email', localPart: 'owner' })).toMatchObject({
      status: 409,
      body: { error: M.noWebsite },
    });
    expect(await send(made, { channel: 'sms' })).toMatchObject({ status: 409, body: { error: M.noPhone } });
    expect(await send(made, { channel: 'fax' })).toMatchObject({ status: 400 });
    expect(made.answer['claimProof']).toMatchObject({ phone: null, emailDomain: null });
    expect(await stateOf(made.claimId)).toEqual(before);
    // Refused inputs used none of the claim's sends.
    expect(await sql`select 1 from rate_limits where identifier = ${made.claimId}`).toHaveLength(0);
  });
});

describe('who may ask', () => {
  it('nobody without the cookie or a session; a cookie past its hour is told to sign in', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    expect(await post(sendCode, '/api/claims/code', { channel: 'sms' }, {})).toMatchObject({
      status: 401,
      body: { error: M.signIn },
    });
    expect(
      await post(sendCode, '/api/claims/code', { channel: 'sms' }, { cookie: { claim: 'x'.repeat(43) } }),
    ).toMatchObject({ status: 401 });
    await sql`update business_claims set proof_token_expires_at = now() - interval '1 second' where id = ${made.claimId}`;
    expect(await send(made, { channel: 'sms' })).toMatchObject({ status: 401, body: { error: M.signIn } });
    expect(await check(made, '123456')).toMatchObject({ status: 401, body: { error: M.signIn } });
  });

  it('the signed-in claimant from the dashboard; another signed-in user has no claim to confirm', async () => {
    const place = await listing();
    const made = await claim(place.id, place.name);
    const [row] = await sql<{ claimant_id: string }[]>`
      select claimant_id from business_claims where id = ${made.claimId}`;
    const stranger = await signedInUser(sql, ['contractor']);
    expect(await send({ user: stranger }, { channel: 'sms' })).toMatchObject({
      status: 404,
      body: { error: M.noClaim },
    });
    // The claimant's own session (after confirming the e-mail and signing in).
    const claimant = (await validateSession(sql, (await createSession(sql, row!.claimant_id)).token))!;
    expect((await send({ user: claimant }, { channel: 'sms' })).status).toBe(200);
    expect((await check({ user: claimant }, await sandboxCode('9372284044'))).status).toBe(200);
  });
});
