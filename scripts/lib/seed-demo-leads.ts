// Demo quote requests, sent through the real pipeline (the shared schema, the form's proof of
// work, submit-quote, the sandbox gateway), so the demo has sold leads with their distributions and charges: the quote
// page's recent requests, and the contractors' leads and billing. Their times are then moved into
// the last ten days before the seed ran. Deterministic: the same seed gives the same requests
// (request keys included, so running it again changes nothing).
import { Faker, base, en, en_US } from '@faker-js/faker';
import { BUDGET_PRESETS, PROPERTY_TYPES, TIMELINES, ZQuoteRequest } from '../../src/schemas/quote.ts';
import type { TCatalogService, TCatalogServiceArea } from '../../src/schemas/catalog.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { DEMO_SEED } from './demo-data.ts';
import { submitProven } from './prove-quote.ts';
import { solvedProof } from './solve-proof.ts';

export const DEMO_LEADS = 24;
const SPREAD_HOURS = 10 * 24;

const NEEDS = [
  'needs a quote for work at our house; photos can be sent on request.',
  'is needed soon: the problem started this week and is getting worse.',
  'for an older home; we would like someone who has done this before.',
  'as part of getting the house ready to sell in the spring.',
  'after the last storm; insurance may cover part of it.',
];

export async function seedDemoLeads(
  sql: Sql,
  services: readonly TCatalogService[],
  areas: readonly TCatalogServiceArea[],
): Promise<number> {
  const faker = new Faker({ locale: [en_US, en, base], seed: DEMO_SEED + 1 });
  const gateway = createSandboxGateway(sql);
  const popular = services.filter((s) => s.isPopular);
  let sold = 0;
  // The form's proof of work, solved as a browser would, all at once (hashing runs off the main
  // thread), before the requests go in one by one.
  const proofs = await Promise.all(Array.from({ length: DEMO_LEADS }, () => solvedProof()));
  for (let i = 0; i < DEMO_LEADS; i += 1) {
    const service = faker.helpers.arrayElement(popular.length ? popular : services);
    const area = faker.helpers.arrayElement(areas);
    const budget = faker.helpers.arrayElement(BUDGET_PRESETS);
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const input = ZQuoteRequest.parse({
      requestKey: faker.string.uuid(),
      altcha: proofs[i],
      service: service.slug,
      description: `${service.name} ${faker.helpers.arrayElement(NEEDS)}`,
      timeline: faker.helpers.arrayElement(TIMELINES).value,
      budgetMin: budget.min,
      budgetMax: budget.max,
      propertyType: faker.helpers.arrayElement(PROPERTY_TYPES),
      address: `${faker.number.int({ min: 10, max: 9999 })} ${faker.location.street()}`,
      zipCode: area.zipCodes[0],
      name: `${first} ${last}`,
      email: `demo.request${i + 1}@example.com`,
      phone: `937-228-${String(4400 + i)}`,
      contactMethod: faker.helpers.arrayElement(['email', 'phone', 'both'] as const),
    });
    // As signed-in homeowners at their verified addresses, each proving the phone by its code.
    const result = await submitProven(sql, input, { gateway, ip: null, verifiedEmail: input.email });
    if (result.paymentsSuccessful > 0) sold += 1;
    // Sent some hours before the seed ran, newest last; everything the lead caused moves with it.
    const hoursAgo = Math.round(((DEMO_LEADS - i) / DEMO_LEADS) * SPREAD_HOURS - faker.number.int(5));
    await sql.begin(async (tx) => {
      const shift = tx`make_interval(hours => ${hoursAgo})`;
      const [moved] = await tx`
        update leads set created_at = now() - ${shift}, confirmed_at = now() - ${shift}, phone_verified_at = now() - ${shift}
        where id = ${result.leadId} and created_at > now() - interval '1 hour' returning id`;
      if (!moved) return; // already moved by an earlier run
      await tx`
        update lead_distributions set created_at = created_at - ${shift}, sent_at = sent_at - ${shift},
          charged_at = charged_at - ${shift}
        where lead_id = ${result.leadId}`;
      await tx`update payment_transactions set created_at = created_at - ${shift} where lead_id = ${result.leadId}`;
      // Each paid distribution added one LEAD_GENERATED to today's counter: move it to the lead's day.
      const today = tx`(now() at time zone 'utc')::date`;
      const paid = await tx<{ business_id: string }[]>`
        select business_id from lead_distributions where lead_id = ${result.leadId} and payment_status = 'paid'`;
      for (const { business_id: businessId } of paid) {
        const where = tx`business_id = ${businessId} and metric = 'LEAD_GENERATED' and date = ${today}`;
        await tx`update analytics set value = value - 1 where ${where}`;
        await tx`delete from analytics where ${where} and value <= 0`;
        await tx`
          insert into analytics (business_id, metric, date, value)
          values (${businessId}, 'LEAD_GENERATED', ((now() - ${shift}) at time zone 'utc')::date, 1)
          on conflict (business_id, metric, date) do update set value = analytics.value + 1`;
      }
      // Their mails would have gone out days ago; the demo's mailbox starts empty.
      await tx`delete from mail_outbox where payload->>'leadId' = ${result.leadId}`;
    });
  }
  return sold;
}
