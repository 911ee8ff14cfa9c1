// The quote pipeline against the real database and the sandbox gateway: lead score brackets,
// qualification, matching and ranking, decline-then-next, idempotency and rate limits under
// concurrency, and a crash between a charge and its record that must not charge twice.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadScore, type TQuoteRequest } from '../../src/schemas/quote.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import { resumeUnfinishedLeads } from '../../src/server/leads/requests/resume-unfinished-leads.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { deleteQuotePhoto, uploadQuotePhoto } from '../../src/server/platform/uploads/quote-photos.ts';
import type { SubmitOptions } from '../../src/server/leads/requests/types.ts';
import { createBusiness, giveCard, provePhone, quoteRequest } from '../factories/index.ts';
import { afterSale } from '../helpers/queued-sales.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
let n = 0;

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DECLINED = '4000000000000002';
const INSUFFICIENT = '4000000000009995';

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

/** Each test gets its own service's contractors: the catalog has 30 services. */
let service = '';
const services: string[] = [];
beforeEach(async () => {
  if (!services.length) {
    const rows = await sql<{ slug: string }[]>`select slug from services order by slug`;
    services.push(...rows.map((r) => r.slug));
  }
  service = services[n % services.length]!;
  n += 1;
});

function request(overrides: Partial<Record<keyof TQuoteRequest, unknown>> = {}): Promise<TQuoteRequest> {
  return quoteRequest({ service, ...overrides });
}

/**
 * As a signed-in homeowner asking at their verified address, with a phone proven before: its sale
 * queued at once, and run as the worker runs it (with `options`' gateway and crash points).
 * Proving the phone by a code has its own tests (phone-proof.test.ts).
 */
async function submitVerified(input: TQuoteRequest, options: Partial<SubmitOptions> = {}) {
  await provePhone(sql, input.phone, input.email);
  const { gateway: given, contractorsPerLead: _perLead, afterCharge: _crash, ...quote } = options;
  const result = await submitQuote(sql, input, { verifiedEmail: input.email, ...quote });
  return afterSale(sql, result, { ...options, gateway: given ?? gateway });
}

async function contractor(options: Parameters<typeof createBusiness>[1] & { card?: string | null } = {}) {
  const { card = '4242424242424242', ...rest } = options;
  const [{ name } = { name: '' }] = await sql<
    { name: string }[]
  >`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, { category: name, services: [service], ...rest });
  if (card) await giveCard(sql, business.id, card);
  return business;
}

async function charges(leadId: string) {
  return sql<{ business_id: string; payment_status: string; idempotency_key: string }[]>`
    select business_id, payment_status, idempotency_key from payment_transactions where lead_id = ${leadId}`;
}

describe.each([
  // [budgetMax, timeline, description length, photos, expected]
  [5_000, 'FLEXIBLE', 10, 0, 55],
  [5_001, 'FLEXIBLE', 10, 0, 65],
  [20_000, 'FLEXIBLE', 10, 0, 65],
  [20_001, 'FLEXIBLE', 10, 0, 75],
  [50_000, 'FLEXIBLE', 10, 0, 75],
  [50_001, 'FLEXIBLE', 10, 0, 85],
  [1_000, 'ASAP', 10, 0, 65],
  [1_000, 'EMERGENCY', 10, 0, 70],
  [1_000, 'FLEXIBLE', 50, 0, 55],
  [1_000, 'FLEXIBLE', 51, 0, 60],
  [1_000, 'FLEXIBLE', 100, 0, 60],
  [1_000, 'FLEXIBLE', 101, 0, 65],
  [1_000, 'FLEXIBLE', 10, 1, 60],
  [999_999, 'EMERGENCY', 1000, 5, 100],
] as const)(
  'lead score: budget %i, %s, %i characters, %i photos',
  (budgetMax, timeline, length, photos, expected) => {
    it(`is ${expected}, on the server and in the stored lead`, async () => {
      expect(leadScore({ budgetMax, timeline, description: 'x'.repeat(length), photoCount: photos })).toBe(
        expected,
      );
      if (photos > 0 || length < 10) return;
      const input = await request({ budgetMin: 1, budgetMax, timeline, description: 'x'.repeat(length) });
      const { leadId } = await submitVerified(input);
      const [lead] = await sql`select lead_score from leads where id = ${leadId}`;
      expect(lead?.['lead_score']).toBe(expected);
    });
  },
);

/** The contractors matched for this test's service and a lead in downtown Dayton (45402). */
async function matchInDowntownDayton() {
  const [svc] = await sql<{ id: string }[]>`select id from services where slug = ${service}`;
  return matchContractors(sql, {
    service_id: svc!.id,
    zip_code: '45402',
    latitude: 39.7589,
    longitude: -84.1916,
  });
}

describe('matching', () => {
  it('takes only ACTIVE, verified contractors of the service, serving the area, with a card', async () => {
    const good = await contractor({ name: 'Good Co' });
    await contractor({ name: 'Pending Co', status: 'PENDING' });
    await contractor({ name: 'Unverified Co', verified: false });
    await contractor({ name: 'No Card Co', card: null });
    await contractor({ name: 'Far Co', latitude: 41.4993, longitude: -81.6944, serviceAreas: ['44101'] });
    const other = services[(n + 5) % services.length]!;
    await createBusiness(sql, { name: 'Other Trade Co', category: 'Other', services: [other] }).then((b) =>
      giveCard(sql, b.id),
    );
    const found = await matchInDowntownDayton();
    expect(found.map((c) => c.id)).toEqual([good.id]);
  });

  it('serves by ZIP list even when far, and ranks featured first, then rating, response and distance', async () => {
    const zipOnly = await contractor({
      latitude: 41.4993,
      longitude: -81.6944,
      serviceAreas: ['45402'],
      averageRating: 5,
    });
    const featured = await contractor({ featured: true, averageRating: 3.0 });
    const best = await contractor({ averageRating: 4.9, responseTimeHours: 1 });
    const slow = await contractor({ averageRating: 4.9, responseTimeHours: null });
    const found = await matchInDowntownDayton();
    expect(found.map((c) => c.id)).toEqual([featured.id, best.id, slow.id, zipOnly.id]);
  });
});

describe('submitting', () => {
  it('stores the lead, charges the best 3, records everything and mails everyone', async () => {
    const [a, b, c] = [
      await contractor({ averageRating: 5 }),
      await contractor({ averageRating: 4.8 }),
      await contractor({ averageRating: 4.6 }),
    ];
    const fourth = await contractor({ averageRating: 4.0 });
    const input = await request();
    const result = await submitVerified(input);
    expect(result).toMatchObject({ contractorsContacted: 3, paymentsSuccessful: 3 });
    const [lead] =
      await sql`select status, source, qualification, business_id, email, phone from leads where id = ${result.leadId}`;
    expect(lead).toMatchObject({
      status: 'NEW',
      source: 'WEBSITE',
      qualification: 'qualified',
      business_id: null,
      phone: input.phone,
    });
    const paid = await charges(result.leadId);
    expect(paid.map((p) => p.business_id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(paid.every((p) => p.payment_status === 'paid')).toBe(true);
    expect(paid.map((p) => p.idempotency_key).every((k) => k.startsWith('lead-distribution-'))).toBe(true);
    const [intents] =
      await sql`select count(*)::int as n, sum(amount_cents)::int as cents from sandbox_payment_intents
      where idempotency_key in ${sql(paid.map((p) => p.idempotency_key))}`;
    expect(intents).toMatchObject({ n: 3, cents: 9000 });
    const distributions =
      await sql`select business_id, status, payment_status, charged_at from lead_distributions where lead_id = ${result.leadId}`;
    expect(distributions).toHaveLength(3);
    expect(distributions.some((d) => d['business_id'] === fourth.id)).toBe(false);
    const mails = await sql<{ template: string; to_address: string; text_body: string }[]>`
      select template, to_address, text_body from mail_outbox where payload->>'leadId' = ${result.leadId}`;
    const leadMails = mails.filter((m) => m.template === 'lead_new');
    expect(leadMails).toHaveLength(3);
    for (const m of leadMails) {
      expect(m.text_body).toContain('you have a new lead ($30.00 charged to your card on file)');
      expect(m.text_body).toContain('Budget: $1,000 - $5,000');
    }
    const confirmation = mails.find((m) => m.template === 'quote_confirmation');
    expect(confirmation?.to_address).toBe(input.email);
    expect(confirmation?.text_body).toMatch(/within 2 hours/);
    const [analytics] =
      await sql`select count(*)::int as n from analytics a join lead_distributions d on d.business_id = a.business_id
      where d.lead_id = ${result.leadId} and a.metric = 'LEAD_GENERATED'`;
    expect(analytics?.['n']).toBe(3);
  });

  it('tries the next contractor after a decline; the declined one never sees the homeowner', async () => {
    const declined = await contractor({ averageRating: 5, card: DECLINED });
    const broke = await contractor({ averageRating: 4.9, card: INSUFFICIENT });
    const ok = [
      await contractor({ averageRating: 4.5 }),
      await contractor({ averageRating: 4.4 }),
      await contractor({ averageRating: 4.3 }),
    ];
    const input = await request();
    const result = await submitVerified(input);
    expect(result).toMatchObject({ contractorsContacted: 5, paymentsSuccessful: 3 });
    const rows = await sql<
      { business_id: string; status: string; payment_status: string; payment_error_message: string | null }[]
    >`
      select business_id, status, payment_status, payment_error_message from lead_distributions where lead_id = ${result.leadId}`;
    const byId = new Map(rows.map((r) => [r.business_id, r]));
    expect(byId.get(declined.id)).toMatchObject({
      status: 'payment_failed',
      payment_status: 'failed',
      payment_error_message: 'Your card was declined.',
    });
    expect(byId.get(broke.id)).toMatchObject({
      payment_status: 'failed',
      payment_error_message: 'Your card has insufficient funds.',
    });
    for (const b of ok) expect(byId.get(b.id)).toMatchObject({ status: 'sent', payment_status: 'paid' });
    const declinedMails = await sql<{ text_body: string }[]>`
      select text_body from mail_outbox where payload->>'leadId' = ${result.leadId} and template = 'lead_payment_failed'`;
    expect(declinedMails).toHaveLength(2);
    for (const m of declinedMails) {
      expect(m.text_body).toContain('$30.00 charge to your card on file failed');
      expect(m.text_body).not.toContain(input.email);
      expect(m.text_body).not.toContain(input.phone);
      expect(m.text_body).not.toContain(input.name);
    }
  });

  it('keeps duplicates and out-of-area leads for admins, never charging for them', async () => {
    await contractor();
    const first = await request();
    expect((await submitVerified(first)).paymentsSuccessful).toBe(1);
    const again = await submitVerified(await request({ email: first.email }));
    expect(again).toMatchObject({ contractorsContacted: 0, paymentsSuccessful: 0 });
    const [dup] = await sql`select qualification from leads where id = ${again.leadId}`;
    expect(dup?.['qualification']).toBe('duplicate');
    const far = await submitVerified(await request({ zipCode: '44101' }));
    const [out] = await sql`select qualification from leads where id = ${far.leadId}`;
    expect(out?.['qualification']).toBe('out_of_area');
    expect(await charges(again.leadId)).toEqual([]);
    expect(await charges(far.leadId)).toEqual([]);
  });

  it('refuses an unknown service with the field message and stores nothing', async () => {
    const [before] = await sql`select count(*)::int as n from leads`;
    await expect(submitVerified(await request({ service: 'alchemy' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { service: ['Please select a service'] },
    });
    const [after] = await sql`select count(*)::int as n from leads`;
    expect(after?.['n']).toBe(before?.['n']);
  });
});

describe('retries and concurrency', () => {
  it('charges in waves: the best three at once, then the next one for each that declined', async () => {
    // Featured, so these five rank first whatever the file's other tests left in the database.
    const best = [];
    for (let i = 0; i < 3; i += 1) {
      best.push(
        await contractor({
          featured: true,
          averageRating: 5 - i / 10,
          ...(i === 1 ? { card: '4000000000000002' } : {}),
        }),
      );
    }
    const fourth = await contractor({ featured: true, averageRating: 4.5 });
    await contractor({ featured: true, averageRating: 4.4 });
    let inFlight = 0;
    const waves: string[][] = [];
    let current: string[] = [];
    const counting = {
      ...gateway,
      async charge(request: Parameters<typeof gateway.charge>[0]) {
        if (inFlight === 0) waves.push((current = []));
        inFlight += 1;
        current.push(request.customerId);
        try {
          // A gateway's latency, so calls made together are seen together.
          await new Promise((resolve) => setTimeout(resolve, 100));
          return await gateway.charge(request);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const result = await submitVerified(await request(), { gateway: counting });
    expect(result.paymentsSuccessful).toBe(3);
    // Three calls overlapped in the first wave; the one decline was replaced by one more call.
    expect(waves.map((w) => w.length)).toEqual([3, 1]);
    const paid = (await charges(result.leadId)).filter((c) => c.payment_status === 'paid');
    expect(paid.map((c) => c.business_id).sort()).toEqual([best[0]!.id, best[2]!.id, fourth.id].sort());
  });

  it('a crash after the gateway call and before the record: the rerun charges no one twice', async () => {
    for (let i = 0; i < 4; i += 1) await contractor({ averageRating: 5 - i / 10 });
    const input = await request();
    let calls = 0;
    // A fault of ours (not the gateway's) surfaces; the sweeper finishes the sale.
    await expect(
      submitVerified(input, {
        afterCharge: () => {
          calls += 1;
          if (calls === 2) throw new Error('killed after the second charge');
        },
      }),
    ).rejects.toThrow('killed');
    const [midway] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id
      join leads l on l.id = d.lead_id where l.request_key = ${input.requestKey}`;
    // The first wave charges the best three at once: all three reached the gateway, one was not
    // recorded. The rerun must settle that one with its key, not charge it (or a fourth) again.
    expect(midway?.n).toBe(3);
    const result = await submitVerified(input);
    expect(result.paymentsSuccessful).toBe(3);
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id where d.lead_id = ${result.leadId}`;
    expect(intents?.n).toBe(3);
    expect(await charges(result.leadId)).toHaveLength(3);
    const [confirmations] = await sql`select count(*)::int as n from mail_outbox
      where payload->>'leadId' = ${result.leadId} and template = 'quote_confirmation'`;
    expect(confirmations?.['n']).toBe(1);
  });

  it('50 concurrent retries of one request key: exactly one lead, at most 3 charges', async () => {
    for (let i = 0; i < 4; i += 1) await contractor();
    const input = await request();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => submitVerified(input)));
    const ok = results.filter(
      (r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof submitQuote>>> => r.status === 'fulfilled',
    );
    expect(new Set(ok.map((r) => r.value.leadId)).size).toBe(1);
    const [leads] = await sql`select count(*)::int as n from leads where request_key = ${input.requestKey}`;
    expect(leads?.['n']).toBe(1);
    const leadId = ok[0]!.value.leadId;
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id where d.lead_id = ${leadId}`;
    expect(intents?.n).toBeLessThanOrEqual(3);
    expect((await charges(leadId)).filter((c) => c.payment_status === 'paid')).toHaveLength(3);
  });

  it('100 concurrent submissions with one e-mail: exactly 3 accepted', async () => {
    await contractor();
    const email = `busy-${randomUUID().slice(0, 8)}@example.com`;
    const inputs = await Promise.all(
      Array.from({ length: 100 }, (_, i) => request({ email, service: services[i % services.length] })),
    );
    const outcomes = await Promise.all(
      inputs.map((input) =>
        submitVerified(input).then(
          () => 'ok',
          (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    const refused = outcomes.filter((o) => o !== 'ok');
    expect(refused).toHaveLength(97);
    expect(refused[0]).toMatch(
      /^RATE_LIMITED: Too many requests\. Please try again in (60|59) minute\(s\)\.$/,
    );
    const [leads] = await sql`select count(*)::int as n from leads where email = ${email}`;
    expect(leads?.['n']).toBe(3);
  });
});

describe('the sweeper', () => {
  it('finishes a lead whose run died after a charge, even when the ranking changed meanwhile', async () => {
    const first = await contractor({ averageRating: 5 });
    for (let i = 0; i < 3; i += 1) await contractor({ averageRating: 4.5 - i / 10 });
    const input = await request();
    await expect(
      submitVerified(input, {
        afterCharge: () => {
          throw new Error('killed after the first charge');
        },
      }),
    ).rejects.toThrow('killed');
    const [lead] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
    // The charged contractor drops in the ranking before the sweep; its charge must still count.
    await sql`update businesses set average_rating = 1 where id = ${first.id}`;
    await sql`update leads set created_at = now() - interval '10 minutes', confirmed_at = now() - interval '10 minutes' where id = ${lead!.id}`;
    const results = await resumeUnfinishedLeads(sql, { gateway });
    expect(results.find((r) => r.leadId === lead!.id)).toMatchObject({ paymentsSuccessful: 3 });
    const paid = await charges(lead!.id);
    expect(paid.filter((p) => p.payment_status === 'paid')).toHaveLength(3);
    expect(paid.some((p) => p.business_id === first.id)).toBe(true);
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from sandbox_payment_intents i
      join lead_distributions d on i.idempotency_key = 'lead-distribution-' || d.id where d.lead_id = ${lead!.id}`;
    expect(intents?.n).toBe(3);
    // Nothing is left to resume for this lead.
    expect((await resumeUnfinishedLeads(sql, { gateway })).some((r) => r.leadId === lead!.id)).toBe(false);
  });

  it('marks a second request for the same service as a duplicate when both arrive at once', async () => {
    await contractor();
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const inputs = [await request({ email }), await request({ email })];
    const both = await Promise.all(inputs.map((input) => submitVerified(input)));
    const rows = await sql<
      { qualification: string }[]
    >`select qualification from leads where email = ${email}`;
    expect(rows.map((r) => r.qualification).sort()).toEqual(['duplicate', 'qualified']);
    expect(both.map((r) => r.paymentsSuccessful).sort()).toEqual([0, 1]);
  });

  it('limits new requests per client address', async () => {
    await contractor();
    const ip = `203.0.113.${randomUUID().charCodeAt(0) % 200}`;
    const outcomes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      outcomes.push(
        await submitVerified(await request(), { ip }).then(
          () => 'ok',
          (e: unknown) => (e instanceof AppError ? e.code : String(e)),
        ),
      );
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes[10]).toBe('RATE_LIMITED');
  });
});

describe('what a request may cite', () => {
  it('accepts each proof of work once, and no forged or test proof', async () => {
    await contractor();
    const first = await request();
    await submitQuote(sql, first, {});
    const reused = await request({ altcha: first.altcha });
    const decoded = JSON.parse(Buffer.from(first.altcha, 'base64').toString()) as {
      solution: { counter: number };
    };
    decoded.solution.counter += 1;
    const forged = await request({ altcha: Buffer.from(JSON.stringify(decoded)).toString('base64') });
    const test = await request({
      altcha: Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
    });
    for (const input of [reused, forged, test]) {
      await expect(submitQuote(sql, input, {})).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        fields: { altcha: ['Please let the form check that you are not a robot, then try again.'] },
      });
      expect(await sql`select 1 from leads where request_key = ${input.requestKey}`).toHaveLength(0);
    }
  });

  it('lets a request cite only photos it uploaded itself', async () => {
    const store = createLocalUploadStore(await mkdtemp(path.join(tmpdir(), 'photos-')));
    const owner = randomUUID();
    const { url } = await uploadQuotePhoto(sql, store, { requestKey: owner, bytes: new Uint8Array(PNG) });
    const thief = await request({ photos: [url] });
    await expect(submitQuote(sql, thief, {})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { photos: ['Unknown photo'] },
    });
    const madeUp = await request({ photos: [url.replace(/[0-9a-f]{8}-/, '00000000-')] });
    await expect(submitQuote(sql, madeUp, {})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Only the owner's key deletes it; another key is told it does not exist.
    await expect(deleteQuotePhoto(sql, store, { requestKey: randomUUID(), url })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await store.get(url.slice('/uploads/'.length))).not.toBeNull();
    const own = await request({ requestKey: owner, photos: [url] });
    expect((await submitQuote(sql, own, {})).status).toBe('awaiting_code');
    // Once the request is sent its photos stay.
    await expect(deleteQuotePhoto(sql, store, { requestKey: owner, url })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
