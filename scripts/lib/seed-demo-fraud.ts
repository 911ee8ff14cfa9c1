// Demo data for issue 23's reports, fraud queue and unanswered leads, so `npm start` shows them:
// - a held request in the admin fraud queue (/admin/fraud): the third address at one catch-all
//   domain within a day, with the same phone, street, network and browser as the two before it and
//   nearly the same words, so every signal shows;
// - a reported request: a lead sold to the demo contractor (contractor@example.com) that it
//   reported as fake through the real path (disputeLead), waiting for a second report or an admin;
// - an 'unanswered' credit on the demo contractor's billing: a lead sold three days ago, answered
//   within the hour, whose homeowner never opened the responses, credited by the job's own code.
// Deterministic, written once: a second run finds the rows and does nothing.
import { emailDomain, emailKey, textSketch } from '../../src/domain/integrity-rules.ts';
import { leadScore } from '../../src/domain/quote-rules.ts';
import {
  creditUnanswered,
  findUnansweredLeads,
} from '../../src/server/leads/credits/credit-unanswered-leads.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';
import { sellDemoLead } from './seed-demo-sold-lead.ts';

// A made-up domain that is no free-mail provider (the reserved .example names count as shared).
const RING_DOMAIN = 'lakeview-homes-mail.com';
const RING_PHONE = '9372285577';
const RING_DEVICE = 'demo-device-2f7c1a9e';
const RING_PREFIX = '198.51.100.0/24';
const RING_WORDS =
  'Our basement floods after every storm and the sump pump runs all night, we need it replaced and the drain checked';
const RING = [
  { local: 'pat.owens', name: 'Pat Owens', hoursAgo: 20, ending: '.' },
  { local: 'lee.owens', name: 'Lee Owens', hoursAgo: 9, ending: ' soon.' },
  { local: 'sam.owens', name: 'Sam Owens', hoursAgo: 2, ending: ' this week.' },
] as const;

export interface DemoFraudResult {
  held: number;
  reported: number;
  unanswered: number;
}

export async function seedDemoFraud(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<DemoFraudResult> {
  return {
    held: await heldRing(sql),
    reported: await reported(sql, ownerEmail),
    unanswered: await unanswered(sql, ownerEmail),
  };
}

async function heldRing(sql: Sql): Promise<number> {
  const last = RING.at(-1)!;
  const [exists] = await sql`select 1 from leads where email = ${`${last.local}@${RING_DOMAIN}`}`;
  if (exists) return 0;
  const [place] = await sql<{ service_id: string; slug: string; zip: string }[]>`
    select s.id as service_id, s.slug, '45406' as zip from services s where s.slug = 'plumbing'`;
  if (!place) return 0;
  for (const [i, r] of RING.entries()) {
    const email = `${r.local}@${RING_DOMAIN}`;
    const description = `${RING_WORDS}${r.ending}`;
    const held = i === RING.length - 1;
    const ago = sql`now() - make_interval(hours => ${r.hoursAgo})`;
    await sql`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, hold_reason, created_at, updated_at, phone_verified_at,
                         phone_line_type, email_key, email_domain, address_key, client_prefix, device_hash, text_sketch)
      values (${place.service_id}, ${r.name}, ${email}, ${RING_PHONE}, ${place.slug}, ${description}, 'ASAP', 2000, 5000,
              '88 Birch Lane', ${place.zip}, 'Dayton', 'Single Family Home', 'phone',
              ${leadScore({ budgetMax: 5000, timeline: 'ASAP', description, photoCount: 0 })},
              ${held ? 'held' : 'duplicate'},
              ${held ? `The third address at ${RING_DOMAIN} within 24 hours: held for an admin.` : null},
              ${ago}, ${ago}, ${ago}, 'mobile', ${emailKey(email)}, ${emailDomain(email)},
              ${`88 birch ln|${place.zip}`}, ${RING_PREFIX}, ${RING_DEVICE}, ${textSketch(description)})`;
  }
  return 1;
}

async function reported(sql: Sql, ownerEmail: string): Promise<number> {
  const sold = await sellDemoLead(sql, ownerEmail, {
    tag: 'report1',
    name: 'Jamie Owens',
    phone: RING_PHONE,
    description: 'Sump pump replacement and a drain check in the basement before the next storm.',
    timeline: 'ASAP',
    budgetMin: 1000,
    budgetMax: 3000,
    address: '88 Birch Lane',
    daysAgo: 1,
  });
  if (!sold) return 0;
  // The request's signals, as the submission records them: the ring's browser.
  await sql`
    update leads set device_hash = ${RING_DEVICE}, client_prefix = ${RING_PREFIX}, phone_verified_at = confirmed_at
     where id = (select lead_id from lead_distributions where id = ${sold.distributionId})`;
  const credit = await disputeLead(sql, sold.gateway, sold.businessId, sold.distributionId, {
    reason: 'fake',
    note: 'The man who answered says nobody at this address asked for a plumber.',
  });
  return credit.reason === 'fake' ? 1 : 0;
}

async function unanswered(sql: Sql, ownerEmail: string): Promise<number> {
  const sold = await sellDemoLead(sql, ownerEmail, {
    tag: 'unanswered1',
    name: 'Robin Hale',
    phone: '9372284483',
    description: 'The kitchen sink drains slowly and gurgles; we would like it cleared and checked.',
    timeline: 'FLEXIBLE',
    budgetMin: 200,
    budgetMax: 800,
    address: '5 Linden Court',
    daysAgo: 3,
  });
  if (!sold) return 0;
  // Answered 35 minutes after the charge; the homeowner never opened the responses page.
  await sql`
    insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                     created_at)
    select d.lead_id, d.business_id, 'contractor_response', b.name, 'We can clear your drain this week',
           'Thanks for your request. We can come by Thursday morning to clear and camera-check the drain.',
           d.charged_at + interval '35 minutes'
      from lead_distributions d join businesses b on b.id = d.business_id
     where d.id = ${sold.distributionId}`;
  await sql`
    update lead_distributions set status = 'responded', stage = 'CONTACTED', stage_changed_at = charged_at + interval '35 minutes',
           responded_at = charged_at + interval '35 minutes'
     where id = ${sold.distributionId}`;
  const due = (await findUnansweredLeads(sql, 1000)).filter((r) => r.distribution_id === sold.distributionId);
  return creditUnanswered(sql, sold.gateway, due);
}
