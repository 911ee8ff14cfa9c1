// Demo rows for the homeowner's inbox (issue 25): two requests of the demo homeowner
// (homeowner@example.com, "Jordan Miller"), sent signed in and sold through the real pipeline,
// so /profile/requests shows them:
//  - a plumbing request two days old: two contractors quoted (side by side on the request's
//    page), one exchanged messages with the homeowner (a question, an answer with a photo, a
//    thank-you), nothing accepted yet;
//  - an electrical request ten days old whose first contractor's quote was accepted (its contact
//    details shown).
// Deterministic (fixed request keys, texts and times); running it again adds nothing.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ZQuoteRequest } from '../../src/schemas/quote.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { DEMO_HOMEOWNER_EMAIL, DEMO_HOMEOWNER_PHONE } from './demo-data.ts';
import { submitProven } from './prove-quote.ts';
import { solvedProof } from './solve-proof.ts';

/** The demo homeowner's plumbing request: quoted twice, nothing accepted yet. */
export const DEMO_OPEN_REQUEST_KEY = '0b8f6a52-5d7e-4c52-9a77-3f1f5d1e0b01';

interface DemoRequest {
  requestKey: string;
  service: string;
  description: string;
  hoursAgo: number;
  quotes: {
    subject: string;
    message: string;
    items: [string, number, number][];
    validDays: number;
    terms: string;
  }[];
  accepted: boolean;
  messages: { from: 'homeowner' | 'contractor'; body: string; minutes: number; photo?: string }[];
}

const REQUESTS: DemoRequest[] = [
  {
    requestKey: DEMO_OPEN_REQUEST_KEY,
    service: 'plumbing',
    description: 'The kitchen sink drains slowly and the garbage disposal hums but does not turn.',
    hoursAgo: 48,
    quotes: [
      {
        subject: 'Quote: drain cleaning and new disposal',
        message: 'We can clear the line and swap the disposal in one visit.',
        items: [
          ['Kitchen drain line cleaning', 1, 18_500],
          ['1/2 HP garbage disposal, installed', 1, 32_000],
        ],
        validDays: 30,
        terms: 'One-year warranty on parts and labor. Payment on completion.',
      },
      {
        subject: 'Your sink and disposal',
        message: 'Likely a jammed disposal and a partial clog. Fixed price below.',
        items: [
          ['Disposal replacement (customer-approved model)', 1, 29_500],
          ['Snake kitchen line, hours', 2, 9_000],
        ],
        validDays: 14,
        terms: '20% deposit to book, balance on completion.',
      },
    ],
    accepted: false,
    messages: [
      {
        from: 'homeowner',
        body: 'Hi! Could you come on a weekday morning? The disposal is under a double sink.',
        minutes: 200,
      },
      {
        from: 'contractor',
        body: 'Tuesday at 9 works for us. Is this the model you have? We would bring the same size.',
        minutes: 260,
        photo: '/uploads/messages/demo-disposal-photo.webp',
      },
      { from: 'homeowner', body: 'Yes, that is the one. Tuesday at 9 is great, thank you.', minutes: 300 },
    ],
  },
  {
    requestKey: '0b8f6a52-5d7e-4c52-9a77-3f1f5d1e0b02',
    service: 'electrical',
    description: 'Two outlets in the garage stopped working and the breaker trips when the freezer starts.',
    hoursAgo: 240,
    quotes: [
      {
        subject: 'Garage circuit repair',
        message: 'Sounds like a failing GFCI and an overloaded circuit. We can add a dedicated freezer line.',
        items: [
          ['GFCI outlet replacement', 2, 9_500],
          ['Dedicated 20A circuit for the freezer', 1, 42_000],
        ],
        validDays: 30,
        terms: 'Permit included. Payment on completion.',
      },
    ],
    accepted: true,
    messages: [],
  },
];

/** The contractor's demo photo: a copy of a demo placeholder where message photos live. */
async function demoPhoto(uploadsDir: string | undefined, url: string): Promise<string | null> {
  if (!uploadsDir) return null;
  const from = path.join(uploadsDir, 'demo', 'plumbing-1.webp');
  const to = path.join(uploadsDir, url.replace(/^\/uploads\//, ''));
  try {
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(from, to);
    return url;
  } catch {
    return null; // no placeholder written (a seed without demo images): the message goes without
  }
}

export async function seedDemoInbox(
  sql: Sql,
  uploadsDir?: string,
): Promise<{ requests: number; messages: number }> {
  const [user] = await sql<{ id: string; full_name: string }[]>`
    select id, full_name from users where email = ${DEMO_HOMEOWNER_EMAIL}`;
  if (!user) return { requests: 0, messages: 0 };
  const result = { requests: 0, messages: 0 };
  for (const [n, r] of REQUESTS.entries()) {
    const [exists] = await sql`select 1 from leads where request_key = ${r.requestKey}`;
    if (exists) continue;
    const input = ZQuoteRequest.parse({
      requestKey: r.requestKey,
      altcha: await solvedProof(),
      service: r.service,
      description: r.description,
      timeline: 'FLEXIBLE',
      budgetMin: 500,
      budgetMax: 5000,
      propertyType: 'Single Family Home',
      address: `${412 + n} Wayne Avenue`,
      zipCode: '45410',
      name: user.full_name,
      email: DEMO_HOMEOWNER_EMAIL,
      phone: DEMO_HOMEOWNER_PHONE,
      contactMethod: 'both',
    });
    const { leadId } = await submitProven(sql, input, {
      gateway: createSandboxGateway(sql),
      ip: null,
      userId: user.id,
      verifiedEmail: DEMO_HOMEOWNER_EMAIL,
    });
    result.requests += 1;
    const shift = sql`make_interval(hours => ${r.hoursAgo})`;
    await sql`
      update leads set created_at = now() - ${shift}, confirmed_at = now() - ${shift},
             phone_verified_at = now() - ${shift}, responses_viewed_at = now() - ${shift}
       where id = ${leadId}`;
    await sql`
      update lead_distributions set created_at = created_at - ${shift}, sent_at = sent_at - ${shift},
             charged_at = charged_at - ${shift}
       where lead_id = ${leadId}`;
    await sql`update payment_transactions set created_at = created_at - ${shift} where lead_id = ${leadId}`;
    await sql`delete from mail_outbox where payload->>'leadId' = ${leadId}`;
    const businesses = await sql<{ id: string; name: string }[]>`
      select b.id, b.name from lead_distributions d join businesses b on b.id = d.business_id
       where d.lead_id = ${leadId} and d.payment_status = 'paid' order by d.rank`;
    const [lead] = await sql<{ created_at: Date }[]>`select created_at from leads where id = ${leadId}`;
    const at = (minutes: number) => new Date(lead!.created_at.getTime() + minutes * 60_000);
    for (const [i, q] of r.quotes.entries()) {
      const business = businesses[i];
      if (!business) break;
      const items = q.items.map(([description, quantity, rateCents]) => ({
        description,
        quantity,
        rateCents,
        amountCents: quantity * rateCents,
      }));
      const totalCents = items.reduce((s, item) => s + item.amountCents, 0);
      const validUntil = new Date(at(0).getTime() + q.validDays * 86_400_000).toISOString().slice(0, 10);
      const quote = { items, totalCents, validUntil, terms: q.terms };
      await sql`
        insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                         quote, quote_total_cents, quote_valid_until, created_at, accepted_at)
        values (${leadId}, ${business.id}, 'contractor_response', ${business.name}, ${q.subject}, ${q.message},
                ${sql.json(quote)}, ${totalCents}, ${validUntil}, ${at(60 + i * 90)},
                ${r.accepted && i === 0 ? at(24 * 60) : null})`;
      await sql`
        update lead_distributions set status = 'responded', stage = 'CONTACTED', responded_at = ${at(60 + i * 90)},
               stage_changed_at = ${at(60 + i * 90)}
         where lead_id = ${leadId} and business_id = ${business.id}`;
    }
    const first = businesses[0];
    for (const m of first ? r.messages : []) {
      const photo = m.photo ? await demoPhoto(uploadsDir, m.photo) : null;
      await sql`
        insert into lead_messages (lead_id, business_id, author, body, photos, created_at, read_at)
        values (${leadId}, ${first!.id}, ${m.from}, ${m.body}, ${photo ? [photo] : []}::text[], ${at(m.minutes)},
                ${m.from === 'contractor' ? null : at(m.minutes + 30)})`;
      result.messages += 1;
    }
  }
  return result;
}
