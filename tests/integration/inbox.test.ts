// The homeowner's inbox and the messages on a request (issue 25): who may read and write a
// thread (the homeowner by session or private link; a contractor only on a lead it bought, since
// its owner has the listing), the join of signed-out requests by the account's verified address
// only, and the limits (text, photo, rate, thread size). The real database; a local upload store.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  HOMEOWNER_MESSAGES_PER_HOUR,
  MESSAGE_MAX,
  MESSAGE_MESSAGES,
  THREAD_MESSAGES_MAX,
} from '../../src/domain/inbox-rules.ts';
import { ZHomeownerMessage } from '../../src/schemas/inbox.ts';
import { createSession, validateSession } from '../../src/server/platform/security/sessions.ts';
import { getLead } from '../../src/server/leads/dashboard/get-lead.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import {
  contractorCards,
  homeownerRequests,
  postContractorMessage,
  postHomeownerMessage,
  requestView,
  resolveRequest,
} from '../../src/server/leads/inbox/index.ts';
import { joinVerifiedRequests } from '../../src/server/accounts/auth/join-verified-requests.ts';
import { acceptQuote } from '../../src/server/leads/outcomes/accept-quote.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { uploadStore } from '../../src/server/platform/storage/uploads.ts';
import { createDistribution, createLink, createResponse } from '../factories/contractor-side.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { callRoute } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const store = createLocalUploadStore(mkdtempSync(join(tmpdir(), 'inbox-')));
/** A valid 1x1 PNG. */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
let messagesRoute: APIRoute;

beforeAll(async () => {
  messagesRoute = (await import('../../src/pages/api/contractor/leads/[id]/messages.ts')).POST;
});

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A request sold to two contractors (each owned by a contractor account), with a link and an owner. */
async function soldRequest() {
  const owner = await createUser(sql);
  const lead = await createLead(sql, { email: owner.email });
  await sql`update leads set user_id = ${owner.id} where id = ${lead.id}`;
  const pros = [];
  for (const rank of [1, 2]) {
    const account = await createUser(sql, { roles: ['contractor'] });
    const business = await createBusiness(sql, {
      ownerId: account.id,
      name: `Pro ${rank} ${lead.id.slice(0, 6)}`,
    });
    const distributionId = await createDistribution(sql, lead.id, business.id, { rank });
    pros.push({ account, business, distributionId });
  }
  const token = await createLink(sql, { leadId: lead.id, purpose: 'responses' });
  return { owner, lead, pros, token };
}

describe('who may read and write a request and its threads', () => {
  it('the owner by session and anyone with the link; another account, a wrong token and an unknown id get nothing', async () => {
    const { owner, lead, token } = await soldRequest();
    const stranger = await createUser(sql);
    expect(await resolveRequest(sql, { token })).toBe(lead.id);
    expect(await resolveRequest(sql, { userId: owner.id, leadId: lead.id })).toBe(lead.id);
    expect(await resolveRequest(sql, { userId: stranger.id, leadId: lead.id })).toBeNull();
    expect(await resolveRequest(sql, { token: 'A'.repeat(43) })).toBeNull();
    expect(await resolveRequest(sql, { userId: owner.id, leadId: 'not-a-uuid' })).toBeNull();
    const other = await soldRequest();
    expect(await resolveRequest(sql, { userId: owner.id, leadId: other.lead.id })).toBeNull();
  });

  it('a homeowner writes only to a contractor the request was sold to; a stranger or a wrong token is refused and nothing is stored', async () => {
    const { owner, lead, pros, token } = await soldRequest();
    const outsider = await createBusiness(sql);
    const stranger = await createUser(sql);
    const body = 'Can you come on Tuesday?';
    expect(
      await refusal(postHomeownerMessage(sql, store, { token }, { businessId: outsider.id, body })),
    ).toEqual({ code: 'NOT_FOUND', message: MESSAGE_MESSAGES.notYours });
    expect(
      await refusal(
        postHomeownerMessage(
          sql,
          store,
          { userId: stranger.id, leadId: lead.id },
          { businessId: pros[0]!.business.id, body },
        ),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await refusal(
        postHomeownerMessage(
          sql,
          store,
          { token: 'B'.repeat(43) },
          { businessId: pros[0]!.business.id, body },
        ),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const [none] = await sql`select count(*)::int as n from lead_messages where lead_id = ${lead.id}`;
    expect(none!['n']).toBe(0);

    await postHomeownerMessage(
      sql,
      store,
      { userId: owner.id, leadId: lead.id },
      { businessId: pros[0]!.business.id, body },
    );
    const [mail] = await sql<{ to_address: string; text_body: string }[]>`
      select to_address, text_body from mail_outbox where template = 'lead_message_to_contractor'
         and payload->>'leadId' = ${lead.id}`;
    const [b] = await sql<
      { email: string }[]
    >`select email from businesses where id = ${pros[0]!.business.id}`;
    expect(mail!.to_address).toBe(b!.email);
    expect(mail!.text_body).toContain('> Can you come on Tuesday?');
    // The homeowner's address is never in the contractor's mail.
    expect(mail!.text_body).not.toContain(lead.email);
    expect(mail!.text_body).toContain(`/dashboard?lead=${pros[0]!.distributionId}`);
  });

  it('a contractor reads and writes only the threads of leads it bought, since its owner has the listing', async () => {
    const { lead, pros, token } = await soldRequest();
    const [a, b] = pros as [(typeof pros)[number], (typeof pros)[number]];
    await postHomeownerMessage(sql, store, { token }, { businessId: a.business.id, body: 'For A only' });
    await postHomeownerMessage(sql, store, { token }, { businessId: b.business.id, body: 'For B only' });

    const detailA = await getLead(sql, a.business.id, a.distributionId);
    expect(detailA.messages?.map((m) => m.body)).toEqual(['For A only']);
    expect(detailA.messages?.[0]?.authorName).toBe('Test H.');
    // B's distribution id asked by A: the same 404 as an unknown one.
    expect(await refusal(getLead(sql, a.business.id, b.distributionId))).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await refusal(postContractorMessage(sql, store, a.business.id, b.distributionId, { body: 'Hi' })),
    ).toEqual({ code: 'NOT_FOUND', message: 'Lead not found' });

    await postContractorMessage(sql, store, a.business.id, a.distributionId, { body: 'Tuesday at 9 works.' });
    const [mail] = await sql<{ to_address: string; text_body: string }[]>`
      select to_address, text_body from mail_outbox where template = 'lead_message_to_homeowner'
         and payload->>'leadId' = ${lead.id}`;
    expect(mail!.to_address).toBe(lead.email);
    const [biz] = await sql<{ email: string }[]>`select email from businesses where id = ${a.business.id}`;
    expect(mail!.text_body).not.toContain(biz!.email);
    expect(mail!.text_body).toMatch(/\/quote-request\/responses\?token=[A-Za-z0-9_-]{43}/);

    // A lead not paid for (declined), and one from before a claim was approved: nothing.
    await sql`update lead_distributions set payment_status = 'failed', charged_at = null where id = ${b.distributionId}`;
    expect(
      await refusal(postContractorMessage(sql, store, b.business.id, b.distributionId, { body: 'Hi' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await getLead(sql, b.business.id, b.distributionId)).messages).toBeNull();
    await sql`update businesses set owner_since = now() where id = ${a.business.id}`;
    expect(
      await refusal(postContractorMessage(sql, store, a.business.id, a.distributionId, { body: 'Hi' })),
    ).toMatchObject({ code: 'NOT_FOUND' });

    const view = await requestView(sql, lead.id);
    expect(view!.threads[a.business.id]!.map((m) => m.body)).toEqual(['For A only', 'Tuesday at 9 works.']);
    // The declined contractor is no thread of the homeowner's either.
    expect(view!.threads[b.business.id]).toBeUndefined();
  });

  it('the endpoint answers 404 to another contractor and 201 to the buyer (multipart)', async () => {
    const { pros } = await soldRequest();
    const [a, b] = pros as [(typeof pros)[number], (typeof pros)[number]];
    const call = async (accountId: string, distributionId: string) => {
      const user = (await validateSession(sql, (await createSession(sql, accountId)).token))!;
      const form = new FormData();
      form.set('body', 'On my way <script>alert(1)</script>');
      form.set('file', new File([PNG], 'p.png', { type: 'image/png' }));
      const response = await callRoute(messagesRoute, {
        method: 'POST',
        path: `/api/contractor/leads/${distributionId}/messages`,
        user,
        params: { id: distributionId },
        form,
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    expect((await call(b.account.id, a.distributionId)).status).toBe(404);
    const sent = await call(a.account.id, a.distributionId);
    expect(sent.status).toBe(201);
    const [row] = await sql<
      { body: string; photos: string[] }[]
    >`select body, photos from lead_messages where id = ${sent.json['id'] as string}`;
    // The spec's sanitiser: no angle brackets survive; the photo is in the store under messages/.
    expect(row!.body).toBe('On my way scriptalert(1)/script');
    expect(row!.photos[0]).toMatch(/^\/uploads\/messages\/[0-9a-f-]{36}\.png$/);
    // The route's store: the configured one (local disk in tests).
    expect(await uploadStore().get(row!.photos[0]!.replace('/uploads/', ''))).not.toBeNull();
  });
});

describe('requests sent signed out join the account by its verified address only', () => {
  it('joins on a verified address, not an unverified one, never another account’s request', async () => {
    const email = `join-${Date.now()}@example.com`;
    const signedOut = await createLead(sql, { email });
    const otherAccount = await createUser(sql);
    const theirs = await createLead(sql, { email });
    await sql`update leads set user_id = ${otherAccount.id} where id = ${theirs.id}`;
    const elsewhere = await createLead(sql);

    const user = await createUser(sql, { email });
    await sql`update users set email_confirmed_at = null where id = ${user.id}`;
    expect(await joinVerifiedRequests(sql, user.id)).toBe(0);
    expect(await homeownerRequests(sql, user.id)).toEqual([]);

    await sql`update users set email_confirmed_at = now() where id = ${user.id}`;
    const list = await homeownerRequests(sql, user.id);
    expect(list.map((r) => r.id)).toEqual([signedOut.id]);
    const [rows] = await sql`
      select (select user_id from leads where id = ${theirs.id}) as theirs,
             (select user_id from leads where id = ${elsewhere.id}) as elsewhere`;
    expect(rows!['theirs']).toBe(otherAccount.id);
    expect(rows!['elsewhere']).toBeNull();
    expect(await resolveRequest(sql, { userId: user.id, leadId: signedOut.id })).toBe(signedOut.id);
  });

  it('a pending e-mail change does not join requests sent to the new address', async () => {
    const user = await createUser(sql);
    const newEmail = `pending-${Date.now()}@example.com`;
    await createLead(sql, { email: newEmail });
    await sql`insert into auth_tokens (user_id, purpose, token_hash, new_email, expires_at)
              values (${user.id}, 'email_change', ${`h-${Date.now()}`}, ${newEmail}, now() + interval '1 day')`;
    expect(await joinVerifiedRequests(sql, user.id)).toBe(0);
  });
});

describe('limits', () => {
  it('text: empty and too long refused by the shared schema with the messages shown', () => {
    const businessId = '00000000-0000-4000-8000-000000000000';
    expect(ZHomeownerMessage.safeParse({ businessId, body: '   ' }).error?.issues[0]?.message).toBe(
      MESSAGE_MESSAGES.empty,
    );
    expect(
      ZHomeownerMessage.safeParse({ businessId, body: 'x'.repeat(MESSAGE_MAX + 1) }).error?.issues[0]
        ?.message,
    ).toBe(MESSAGE_MESSAGES.tooLong);
    expect(ZHomeownerMessage.safeParse({ businessId, body: 'x'.repeat(MESSAGE_MAX) }).success).toBe(true);
  });

  it('photo: not an image (415) and over 10 MB (413), nothing stored', async () => {
    const { pros, token, lead } = await soldRequest();
    const businessId = pros[0]!.business.id;
    expect(
      await refusal(
        postHomeownerMessage(
          sql,
          store,
          { token },
          { businessId, body: 'See', photo: new Uint8Array([1, 2, 3, 4]) },
        ),
      ),
    ).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Invalid file type: Please upload a JPEG, PNG, or WebP image',
    });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(
      await refusal(postHomeownerMessage(sql, store, { token }, { businessId, body: 'See', photo: big })),
    ).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large',
    });
    const [n] = await sql`select count(*)::int as n from lead_messages where lead_id = ${lead.id}`;
    expect(n!['n']).toBe(0);
  });

  it(`rate: ${HOMEOWNER_MESSAGES_PER_HOUR} homeowner messages a request an hour, then 429`, async () => {
    const { pros, token } = await soldRequest();
    const businessId = pros[0]!.business.id;
    for (let i = 0; i < HOMEOWNER_MESSAGES_PER_HOUR; i += 1) {
      await postHomeownerMessage(sql, store, { token }, { businessId, body: `Message ${i}` });
    }
    expect(
      await refusal(postHomeownerMessage(sql, store, { token }, { businessId, body: 'One more' })),
    ).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many messages. Please try again in 60 minutes.',
    });
  });

  it(`thread: at most ${THREAD_MESSAGES_MAX} messages, then 409 and nothing stored`, async () => {
    const { lead, pros } = await soldRequest();
    const a = pros[0]!;
    await sql`
      insert into lead_messages (lead_id, business_id, author, body)
      select ${lead.id}, ${a.business.id}, 'homeowner', 'm' || g from generate_series(1, ${THREAD_MESSAGES_MAX}) g`;
    expect(
      await refusal(postContractorMessage(sql, store, a.business.id, a.distributionId, { body: 'Hi' })),
    ).toEqual({
      code: 'CONFLICT',
      message: MESSAGE_MESSAGES.threadFull,
    });
  });
});

describe('the request as its homeowner sees it', () => {
  it('cards say "New" without reviews, checks as recorded; accepting by session shows the contact', async () => {
    const { owner, lead, pros } = await soldRequest();
    const [a, b] = pros as [(typeof pros)[number], (typeof pros)[number]];
    await sql`update businesses set average_rating = null, total_reviews = 0, insurance_verified = false,
                                   license_number = null where id = ${b.business.id}`;
    await sql`update businesses set average_rating = 4.76, total_reviews = 23, insurance_verified = true where id = ${a.business.id}`;
    await sql`insert into business_licence_checks (business_id, license_number, issuing_board, checked_on, source, checked_by)
              values (${a.business.id}, 'PL.12345', 'Ohio CILB', current_date, 'Board website', ${owner.id})`;
    const cards = await contractorCards(sql, lead.id);
    expect(cards.map((c) => [c.ratingText, c.licence, c.insurance])).toEqual([
      ['4.8 (23 reviews)', 'Licence checked', 'Insurance checked'],
      ['New', 'No licence on file', 'Insurance not checked'],
    ]);
    const quote = await createResponse(sql, lead.id, a.business.id, {
      quote: { items: [{ description: 'Replace valve', quantity: 1, rateCents: 30_000 }] },
    });
    expect((await requestView(sql, lead.id))!.contact).toBeNull();
    // Another account cannot accept it; the owner can.
    const stranger = await createUser(sql);
    expect(await refusal(acceptQuote(sql, { userId: stranger.id, leadId: lead.id }, quote))).toMatchObject({
      code: 'NOT_FOUND',
    });
    await acceptQuote(sql, { userId: owner.id, leadId: lead.id }, quote);
    const view = (await requestView(sql, lead.id))!;
    expect(view.status).toBe('accepted');
    expect(view.contact).toMatchObject({ businessId: a.business.id, phone: '(937) 555-0142' });
  });
});
