// The admin leads page through the real endpoints, pipeline, sandbox gateway and database: the
// list paged by keyset (ties on created_at included) and filtered by qualification and a search;
// one lead with its qualification reason, its score rule by rule (the pipeline's own rules) and
// its distributions with charge and credit; the re-send to the next matching pro, charged once
// however often the same click arrives (one after another or at once), moving past a declined
// card, refusing with a message (and changing nothing) when no pro is left or the lead cannot be
// re-sent; and every API refusing everyone but admins.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_LEAD_MESSAGES } from '../../src/domain/admin-lead-rules.ts';
import type { AdminLeadDetail, AdminLeadPage, AdminLeadResendResult } from '../../src/schemas/admin-leads.ts';
import { listLeads } from '../../src/server/admin/leads.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { createBusiness, createLead, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Method = 'GET' | 'POST';
type Endpoint = Partial<Record<Method, APIRoute>>;
const endpoints: Record<string, Endpoint> = {};

let admin: SessionUser;
let homeowner: SessionUser;
let contractor: SessionUser;

beforeAll(async () => {
  endpoints['list'] = await import('../../src/pages/api/admin/leads/index.ts');
  endpoints['detail'] = await import('../../src/pages/api/admin/leads/[id]/index.ts');
  endpoints['resend'] = await import('../../src/pages/api/admin/leads/[id]/resend.ts');
  admin = await signedInUser(sql, ['admin']);
  homeowner = await signedInUser(sql);
  contractor = await signedInUser(sql, ['contractor']);
});

async function call(
  name: string,
  method: Method,
  user: SessionUser | null,
  options: { path?: string; params?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const context = apiContext({ ...options, method, path: options.path ?? '/api/admin/leads', user });
  return endpoints[name]![method]!(context);
}

const list = async (query: string) => {
  const response = await call('list', 'GET', admin, { path: `/api/admin/leads?${query}` });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminLeadPage;
};
const detail = async (id: string) => {
  const response = await call('detail', 'GET', admin, { params: { id } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { lead: AdminLeadDetail }).lead;
};
const resend = (id: string, requestKey: string, user: SessionUser | null = admin) =>
  call('resend', 'POST', user, { params: { id }, body: { requestKey } });

/**
 * A place only this test's pros serve: a ZIP code no other test uses (0xxxx is not an Ohio ZIP),
 * and no point, so nobody is matched by distance.
 */
let zipCounter = 0;
const freshZip = () =>
  `0${String(process.pid % 100).padStart(2, '0')}${String((zipCounter += 1)).padStart(2, '0')}`;

async function pro(zip: string, rating: number, card = '4242424242424242') {
  const business = await createBusiness(sql, { serviceAreas: [zip], averageRating: rating });
  await giveCard(sql, business.id, card);
  return business;
}

async function leadIn(zip: string, overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await createLead(sql, overrides);
  await sql`update leads set zip_code = ${zip}, confirmed_at = now() where id = ${lead.id}`;
  return lead;
}

const gateway = () => createSandboxGateway(sql);

async function distributionsOf(leadId: string) {
  return sql<{ business_id: string; payment_status: string }[]>`
    select business_id, payment_status from lead_distributions where lead_id = ${leadId} order by rank, created_at`;
}
async function chargesOf(businessId: string) {
  const [row] = await sql<{ transactions: number; intents: number }[]>`
    select (select count(*)::int from payment_transactions where business_id = ${businessId}) as transactions,
           (select count(*)::int from sandbox_payment_intents i
              where i.customer_id = (select stripe_customer_id from businesses where id = ${businessId})) as intents`;
  return row!;
}
const auditOf = (leadId: string) =>
  sql<
    {
      action: string;
      actor_user_id: string;
      before_values: { distributions: { businessId: string }[] };
      after_values: { distributions: { businessId: string }[]; sentTo: string | null };
    }[]
  >`
    select action, actor_user_id, before_values, after_values from audit_log
     where entity_type = 'lead' and entity_id = ${leadId} order by id`;
const mailsTo = async (businessId: string) =>
  sql<{ template: string }[]>`
    select m.template from mail_outbox m join businesses b on b.email = m.to_address
     where b.id = ${businessId} order by m.id`;

const NOBODY = '00000000-0000-4000-8000-000000000077';

describe('the admin leads APIs refuse everyone but admins', () => {
  const cases: [
    string,
    Method,
    { path?: string; params?: Record<string, string>; body?: unknown },
    number,
  ][] = [
    ['list', 'GET', { path: '/api/admin/leads' }, 200],
    ['detail', 'GET', { params: { id: NOBODY } }, 404],
    ['resend', 'POST', { params: { id: NOBODY }, body: { requestKey: randomUUID() } }, 404],
  ];
  for (const [name, method, options, forAdmin] of cases) {
    it(`${method} ${name}: 401 signed out, 403 for a homeowner and a contractor, ${forAdmin} for an admin`, async () => {
      expect((await call(name, method, null, options)).status).toBe(401);
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractor, options)).status).toBe(403);
      expect((await call(name, method, admin, options)).status).toBe(forAdmin);
    });
  }

  it('a contractor cannot re-send a lead: 403, nobody charged, nothing audited', async () => {
    const zip = freshZip();
    const [first, second] = [await pro(zip, 5), await pro(zip, 4)];
    const lead = await leadIn(zip);
    await processLead(sql, lead.id, { gateway: gateway(), contractorsPerLead: 1 });
    expect((await resend(lead.id, randomUUID(), contractor)).status).toBe(403);
    expect((await resend(lead.id, randomUUID(), homeowner)).status).toBe(403);
    expect((await distributionsOf(lead.id)).map((d) => d.business_id)).toEqual([first.id]);
    expect(await chargesOf(second.id)).toEqual({ transactions: 0, intents: 0 });
    expect(await auditOf(lead.id)).toEqual([]);
  });
});

describe('the list', () => {
  it('pages newest first by keyset, rows with equal times included once each', async () => {
    const token = `pagetoken${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await createLead(sql, { email: `${token}-${i}@example.com` })).id);
    // Three share one instant: only the id orders them.
    await sql`update leads set created_at = '2026-01-01T12:00:00.123456Z' where id in ${sql(ids.slice(0, 3))}`;
    await sql`update leads set created_at = '2026-01-02T12:00:00Z' where id = ${ids[3]!}`;
    await sql`update leads set created_at = '2025-12-31T12:00:00Z' where id = ${ids[4]!}`;
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const result = await listLeads(sql, { q: token, ...(cursor ? { cursor } : {}) }, 2);
      seen.push(...result.leads.map((l) => l.id));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    const tied = ids.slice(0, 3).sort().reverse();
    expect(seen).toEqual([ids[3], ...tied, ids[4]]);
  });

  it('filters by qualification and searches e-mail, city and service; each row has its score and pros', async () => {
    const zip = freshZip();
    await pro(zip, 5);
    const token = `filtertoken${randomUUID().slice(0, 8)}`;
    const sold = await leadIn(zip, { email: `${token}-sold@example.com`, leadScore: 85 });
    await processLead(sql, sold.id, { gateway: gateway() });
    const duplicate = await createLead(sql, { email: `${token}-dup@example.com` });
    await sql`update leads set qualification = 'duplicate', city = ${`Town${token}`} where id = ${duplicate.id}`;

    const all = await list(`q=${token}`);
    expect(all.leads.map((l) => l.id)).toEqual([duplicate.id, sold.id]);
    expect(all.leads[1]).toMatchObject({ score: 85, qualification: 'qualified', distributions: 1, paid: 1 });
    expect((await list(`q=${token}&qualification=duplicate`)).leads.map((l) => l.id)).toEqual([duplicate.id]);
    expect((await list(`q=${token}&qualification=qualified`)).leads.map((l) => l.id)).toEqual([sold.id]);
    // By the city (any case), and by the lead's id.
    expect((await list(`q=${encodeURIComponent(`TOWN${token}`)}`)).leads.map((l) => l.id)).toEqual([
      duplicate.id,
    ]);
    expect((await list(`q=${sold.id}`)).leads.map((l) => l.id)).toEqual([sold.id]);
    // A wildcard is taken literally; a bad cursor or qualification is a 400.
    expect((await list(`q=${token}%25zz`)).leads).toEqual([]);
    expect((await call('list', 'GET', admin, { path: '/api/admin/leads?cursor=bad' })).status).toBe(400);
    expect((await call('list', 'GET', admin, { path: '/api/admin/leads?qualification=sold' })).status).toBe(
      400,
    );
  });
});

describe('one lead', () => {
  it('shows why it qualified, the score rule by rule as the pipeline scores it, and its distributions with charge and credit', async () => {
    const zip = freshZip();
    const [first, declined] = [await pro(zip, 5), await pro(zip, 4, '4000000000000002')];
    const lead = await leadIn(zip, {
      timeline: 'EMERGENCY',
      budgetMin: 10_000,
      budgetMax: 25_000,
      description:
        'A burst pipe flooded the basement overnight; the water is off and we need a plumber to replace the line. '.repeat(
          1,
        ),
      leadScore: 100,
    });
    await sql`update leads set photos = ${['quotes/a.jpg']} where id = ${lead.id}`;
    await processLead(sql, lead.id, { gateway: gateway(), contractorsPerLead: 2 });
    const [paid] = await sql<{ id: string }[]>`
      select id from lead_distributions where lead_id = ${lead.id} and business_id = ${first.id}`;
    await sql`
      insert into lead_credits (business_id, distribution_id, reason, status, finding, amount_cents, idempotency_key)
      values (${first.id}, ${paid!.id}, 'other', 'open', 'Waiting for an admin', 3000, ${`lead-credit-${randomUUID()}`})`;

    const shown = await detail(lead.id);
    expect(shown.qualification.value).toBe('qualified');
    expect(shown.qualification.reason).toContain(`ZIP code ${zip} is in our service area: sold to 1 pro`);
    expect(shown.score.rules.map((r) => [r.rule, r.points])).toEqual([
      ['base', 50],
      ['budget', 20],
      ['timeline', 20],
      ['description', 10],
      ['photos', 5],
    ]);
    expect(shown.score).toMatchObject({ stored: 100, recomputed: 100, note: null });
    expect(shown.distributions.map((d) => [d.businessName, d.chargeStatus, d.amountCents, d.stage])).toEqual([
      [first.name, 'paid', 3000, 'NEW'],
      [declined.name, 'failed', 3000, 'NEW'],
    ]);
    expect(shown.distributions[0]!.chargedAt).not.toBeNull();
    expect(shown.distributions[0]!.credit).toMatchObject({
      status: 'open',
      reason: 'other',
      amountCents: 3000,
    });
    expect(shown.distributions[1]!.failure).toBeTruthy();
    expect(shown.resendable).toBe(true);
  });

  it('says so when the stored score is not what the rules give now (an expired request lost its photos)', async () => {
    // Scored 75 with a photo (50 base, 15 ASAP, 5 for a 54-character description, 5 the photo).
    const lead = await createLead(sql, { leadScore: 75, timeline: 'ASAP', budgetMax: 5000 });
    await sql`update leads set qualification = 'expired' where id = ${lead.id}`;
    const shown = await detail(lead.id);
    expect(shown.score.rules.find((r) => r.rule === 'photos')?.points).toBe(0);
    expect(shown.score.recomputed).toBe(70);
    expect(shown.score.note).toContain('stored score (75)');
    expect(shown.score.note).toContain(ADMIN_LEAD_MESSAGES.scoreNotRecorded);
    expect(shown.qualification.reason).toContain('expired');
    expect(shown.resendable).toBe(false);
  });
});

describe('re-send to the next pro', () => {
  it('charges the next matching pro once, however often the same click arrives, and audits it', async () => {
    const zip = freshZip();
    const pros = [await pro(zip, 5), await pro(zip, 4.5), await pro(zip, 4), await pro(zip, 3.5)];
    const lead = await leadIn(zip);
    await processLead(sql, lead.id, { gateway: gateway(), contractorsPerLead: 2 });
    expect((await distributionsOf(lead.id)).map((d) => d.business_id)).toEqual([pros[0]!.id, pros[1]!.id]);

    // A double click: the same key twice at once, then a retry after the answer.
    const key = randomUUID();
    const answers = await Promise.all([resend(lead.id, key), resend(lead.id, key)]);
    const retry = await resend(lead.id, key);
    for (const answer of [...answers, retry]) {
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as AdminLeadResendResult;
      expect(body).toMatchObject({ status: 'sent', businessName: pros[2]!.name, declined: [] });
    }
    expect(await distributionsOf(lead.id)).toEqual([
      { business_id: pros[0]!.id, payment_status: 'paid' },
      { business_id: pros[1]!.id, payment_status: 'paid' },
      { business_id: pros[2]!.id, payment_status: 'paid' },
    ]);
    expect(await chargesOf(pros[2]!.id)).toEqual({ transactions: 1, intents: 1 });
    expect(await chargesOf(pros[3]!.id)).toEqual({ transactions: 0, intents: 0 });
    expect((await mailsTo(pros[2]!.id)).map((m) => m.template)).toEqual(['lead_new']);
    const audit = await auditOf(lead.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'lead.resend', actor_user_id: admin.id });
    expect(audit[0]!.before_values.distributions.map((d) => d.businessId)).toEqual([
      pros[0]!.id,
      pros[1]!.id,
    ]);
    expect(audit[0]!.after_values).toMatchObject({ sentTo: pros[2]!.name });
    expect(audit[0]!.after_values.distributions).toHaveLength(3);

    // A new click is a new re-send: the pro after.
    const next = await resend(lead.id, randomUUID());
    expect(((await next.json()) as AdminLeadResendResult).status).toBe('sent');
    expect(await chargesOf(pros[3]!.id)).toEqual({ transactions: 1, intents: 1 });
    expect(await auditOf(lead.id)).toHaveLength(2);
  });

  it('moves past a declined card to the pro after it, as a sale does; an unmatched lead becomes qualified', async () => {
    const zip = freshZip();
    const declined = await pro(zip, 5, '4000000000000002');
    const lead = await leadIn(zip);
    await processLead(sql, lead.id, { gateway: gateway() });
    expect((await sql`select qualification from leads where id = ${lead.id}`)[0]!['qualification']).toBe(
      'unmatched',
    );
    // Pros join after the sale: one whose card is declined, then one that pays.
    const declinedToo = await pro(zip, 4.9, '4000000000000002');
    const payer = await pro(zip, 4);
    const answer = await resend(lead.id, randomUUID());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: 'sent',
      businessName: payer.name,
      declined: [declinedToo.name],
    });
    expect((await mailsTo(declinedToo.id)).map((m) => m.template)).toEqual(['lead_payment_failed']);
    expect(await chargesOf(declined.id)).toMatchObject({ transactions: 1 });
    expect((await sql`select qualification from leads where id = ${lead.id}`)[0]!['qualification']).toBe(
      'qualified',
    );
    expect((await detail(lead.id)).qualification.value).toBe('qualified');
  });

  it('with no pro left: the message, and nothing changes', async () => {
    const zip = freshZip();
    const only = await pro(zip, 5);
    const lead = await leadIn(zip);
    await processLead(sql, lead.id, { gateway: gateway() });
    // A paused pro and one without a card match nothing more.
    const paused = await pro(zip, 4);
    await sql`update businesses set leads_paused = true where id = ${paused.id}`;
    await createBusiness(sql, { serviceAreas: [zip] });
    const before = await distributionsOf(lead.id);
    const mails = async () =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from mail_outbox
           where to_address = ${lead.email}
              or to_address in (select email from businesses where ${zip} = any(service_areas))`
      )[0]!.n;
    const mailsBefore = await mails();

    const key = randomUUID();
    const answer = await resend(lead.id, key);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: string }).error).toBe(ADMIN_LEAD_MESSAGES.noNextPro);
    expect(await distributionsOf(lead.id)).toEqual(before);
    expect(await chargesOf(paused.id)).toEqual({ transactions: 0, intents: 0 });
    expect(await chargesOf(only.id)).toEqual({ transactions: 1, intents: 1 });
    expect(await auditOf(lead.id)).toEqual([]);
    expect(await sql`select 1 from lead_resends where lead_id = ${lead.id}`).toHaveLength(0);
    expect(await mails()).toBe(mailsBefore);
  });

  it('refuses a lead that is not qualified, one already with the most pros, and a key of another lead', async () => {
    const duplicate = await createLead(sql);
    await sql`update leads set qualification = 'duplicate' where id = ${duplicate.id}`;
    const refused = await resend(duplicate.id, randomUUID());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      ADMIN_LEAD_MESSAGES.notResendable('Duplicate'),
    );

    const zip = freshZip();
    const pros = [];
    for (let i = 0; i < 6; i += 1) pros.push(await pro(zip, 5 - i / 2));
    const lead = await leadIn(zip);
    await processLead(sql, lead.id, { gateway: gateway(), contractorsPerLead: 5 });
    const full = await resend(lead.id, randomUUID());
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toBe(ADMIN_LEAD_MESSAGES.maxPros);
    expect(await chargesOf(pros[5]!.id)).toEqual({ transactions: 0, intents: 0 });

    const zip2 = freshZip();
    await pro(zip2, 5);
    await pro(zip2, 4);
    const first = await leadIn(zip2);
    const second = await leadIn(zip2);
    await sql`update leads set qualification = 'unmatched' where id in ${sql([first.id, second.id])}`;
    const key = randomUUID();
    expect((await resend(first.id, key)).status).toBe(200);
    const reused = await resend(second.id, key);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: string }).error).toBe(ADMIN_LEAD_MESSAGES.keyOfAnotherLead);
    expect(await distributionsOf(second.id)).toEqual([]);
  });

  it('refuses a lead its buyers reported fake, or an admin blocked as fraud: never sold again', async () => {
    const zip = freshZip();
    const other = await pro(zip, 5);
    for (const mark of [
      sql`reports_refunded_at = now()`,
      sql`fraud_review = 'blocked', fraud_reviewed_at = now()`,
    ]) {
      const lead = await leadIn(zip);
      await sql`update leads set qualification = 'qualified', ${mark} where id = ${lead.id}`;
      const refused = await resend(lead.id, randomUUID());
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toBe(
        ADMIN_LEAD_MESSAGES.reportedNotResendable,
      );
      expect(await distributionsOf(lead.id)).toEqual([]);
    }
    expect(await chargesOf(other.id)).toEqual({ transactions: 0, intents: 0 });
  });
});
