// Outcomes told (issue 27, Must 6): the homeowner is asked once, 48 hours after the last
// contractor response, what happened; the answer (through the responses page's form) reaches
// every buyer of the lead, naming whom the homeowner hired only to the one hired; accepting a
// quote answers it; a homeowner asked about two requests who answered neither is refused a third.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES as M } from '../../src/domain/outcome-rules.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { leadColumns, toLeadSummary, type LeadRow } from '../../src/server/leads/dashboard/lead-rows.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { EMPTY_STATE, handleInboxForm } from '../../src/server/leads/inbox/inbox-forms.ts';
import { acceptQuote } from '../../src/server/leads/outcomes/accept-quote.ts';
import { createHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { askForOutcomes, recordOutcome } from '../../src/server/leads/outcomes/lead-outcome.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { refuseOverDailyLimits } from '../../src/server/leads/requests/admit-request.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { uploadStore } from '../../src/server/platform/storage/uploads.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let services: string[] = [];
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

/** A lead sold to two contractors of its own service (each call another service). */
async function soldLead() {
  const service = services[n % services.length]!;
  n += 1;
  const [svc] = await sql<{ name: string }[]>`select name from services where slug = ${service}`;
  const pros = [];
  for (const rating of [5, 4]) {
    const owner = await createUser(sql, { roles: ['contractor'] });
    const business = await createBusiness(sql, {
      ownerId: owner.id,
      category: svc!.name,
      services: [service],
      averageRating: rating,
    });
    await giveCard(sql, business.id);
    pros.push(business);
  }
  const lead = await createLead(sql, { service });
  const result = await processLead(sql, lead.id, { gateway: createSandboxGateway(sql) });
  expect(result.paymentsSuccessful).toBe(2);
  return { lead, pros };
}

async function respond(leadId: string, businessId: string, hoursAgo: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                     quote, quote_total_cents, quote_valid_until, created_at)
    values (${leadId}, ${businessId}, 'contractor_response', 'Pro', 'Quote', 'Our quote',
            ${sql.json({ items: [], totalCents: 90000, validUntil: '2099-01-01', terms: '' })}, 90000, '2099-01-01',
            now() - make_interval(hours => ${hoursAgo}))
    returning id`;
  await sql`
    update lead_distributions set responded_at = now() - make_interval(hours => ${hoursAgo})
     where lead_id = ${leadId} and business_id = ${businessId}`;
  return row!.id;
}

/** What each buyer's dashboard says of the lead's outcome, by business id. */
async function buyersSee(leadId: string): Promise<Record<string, string | null>> {
  const rows = await sql<(LeadRow & { business_id: string })[]>`
    select ${leadColumns(sql)}, d.business_id from lead_distributions d join leads l on l.id = d.lead_id
     where d.lead_id = ${leadId}`;
  return Object.fromEntries(rows.map((r) => [r.business_id, toLeadSummary(r).outcome]));
}

const questionsTo = async (leadId: string) =>
  sql<{ subject: string; text_body: string }[]>`
    select subject, text_body from mail_outbox where template = 'lead_outcome_question' and payload->>'leadId' = ${leadId}`;

describe('the question', () => {
  it('is mailed once, 48 hours after the last response, with a link to answer; not sooner, not without responses', async () => {
    const quiet = await soldLead();
    await respond(quiet.lead.id, quiet.pros[0]!.id, 60);
    await respond(quiet.lead.id, quiet.pros[1]!.id, 49);
    const recent = await soldLead();
    await respond(recent.lead.id, recent.pros[0]!.id, 60);
    await respond(recent.lead.id, recent.pros[1]!.id, 1);
    const silent = await soldLead();

    await askForOutcomes(sql);
    await askForOutcomes(sql);
    const mails = await questionsTo(quiet.lead.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^What happened with your .+ request\?$/);
    expect(mails[0]!.text_body).toMatch(/\/quote-request\/responses\?token=[A-Za-z0-9_-]+#outcome/);
    expect(await questionsTo(recent.lead.id)).toHaveLength(0);
    expect(await questionsTo(silent.lead.id)).toHaveLength(0);
  });
});

describe('the answer', () => {
  it('reaches every buyer: the one hired sees it was hired, the other that another pro was', async () => {
    const { lead, pros } = await soldLead();
    await respond(lead.id, pros[0]!.id, 50);
    await respond(lead.id, pros[1]!.id, 50);
    const token = await createHomeownerLink(sql, { leadId: lead.id, purpose: 'responses' });
    expect(await buyersSee(lead.id)).toEqual({ [pros[0]!.id]: null, [pros[1]!.id]: null });

    const form = new FormData();
    form.set('outcome', `hired:${pros[1]!.id}`);
    const state = await handleInboxForm(sql, uploadStore(), { token }, form, {
      origin: 'http://x',
      ip: null,
    });
    expect(state).toEqual({ ...EMPTY_STATE, outcomeNotice: { kind: 'thanks', text: M.thanks } });
    expect(await buyersSee(lead.id)).toEqual({ [pros[0]!.id]: 'hired_other', [pros[1]!.id]: 'hired_you' });

    // Answered again: put off. Every buyer sees that.
    await recordOutcome(sql, { token }, { outcome: 'postponed', businessId: null });
    expect(await buyersSee(lead.id)).toEqual({ [pros[0]!.id]: 'postponed', [pros[1]!.id]: 'postponed' });
  });

  it('refuses a contractor that did not buy the lead, and a wrong choice, changing nothing', async () => {
    const { lead } = await soldLead();
    const stranger = await createBusiness(sql);
    const token = await createHomeownerLink(sql, { leadId: lead.id, purpose: 'responses' });
    await expect(
      recordOutcome(sql, { token }, { outcome: 'hired', businessId: stranger.id }),
    ).rejects.toMatchObject({
      message: M.notABuyer,
    });
    const form = new FormData();
    form.set('outcome', 'hired');
    const state = await handleInboxForm(sql, uploadStore(), { token }, form, {
      origin: 'http://x',
      ip: null,
    });
    expect(state.outcomeNotice).toEqual({ kind: 'problem', text: M.choose });
    const [row] = await sql<{ outcome: string | null }[]>`select outcome from leads where id = ${lead.id}`;
    expect(row!.outcome).toBeNull();
  });

  it('is given by accepting a quote, and stands', async () => {
    const { lead, pros } = await soldLead();
    const quote = await respond(lead.id, pros[0]!.id, 2);
    const token = await createHomeownerLink(sql, { leadId: lead.id, purpose: 'responses' });
    await acceptQuote(sql, token, quote);
    expect(await buyersSee(lead.id)).toEqual({ [pros[0]!.id]: 'hired_you', [pros[1]!.id]: 'hired_other' });
    // The acceptance stands as the answer: another answer is refused and changes nothing.
    await expect(
      recordOutcome(sql, { token }, { outcome: 'postponed', businessId: null }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await buyersSee(lead.id)).toEqual({ [pros[0]!.id]: 'hired_you', [pros[1]!.id]: 'hired_other' });
    // Nor is the homeowner asked about it.
    await sql`update lead_communications set created_at = now() - interval '3 days' where lead_id = ${lead.id}`;
    await askForOutcomes(sql);
    expect(await questionsTo(lead.id)).toHaveLength(0);
  });
});

describe('homeowners who never answer', () => {
  it('are refused a new request after two unanswered questions, until they answer one', async () => {
    const phone = '9372287001';
    const leads = [];
    for (let i = 0; i < 2; i += 1) {
      const { lead } = await soldLead();
      await sql`update leads set phone = ${phone}, outcome_asked_at = now() - interval '3 days' where id = ${lead.id}`;
      leads.push(lead);
    }
    await expect(refuseOverDailyLimits(sql, { phone, addressKey: null })).rejects.toMatchObject({
      message: M.unanswered,
    });
    const token = await createHomeownerLink(sql, { leadId: leads[0]!.id, purpose: 'responses' });
    await recordOutcome(sql, { token }, { outcome: 'not_going_ahead', businessId: null });
    await expect(refuseOverDailyLimits(sql, { phone, addressKey: null })).resolves.toBeUndefined();
  });
});
