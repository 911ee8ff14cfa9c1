// "Ask the pro you chose" (issue 25) against the real database and the sandbox gateway: a request
// asked from a contractor's profile is sold to that contractor first when it can take it (offers
// the service, serves the area, not paused, a card that pays) plus up to two similar ones; when it
// cannot, the request is matched as any other.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TQuoteRequest } from '../../src/schemas/quote.ts';
import { ZQuoteRequest } from '../../src/schemas/quote.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createBusiness, giveCard, provePhone, quoteRequest } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { afterSale } from '../helpers/queued-sales.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
const services: { slug: string; name: string }[] = [];
let n = 0;
/** Each test sells in a service of its own, so other tests' contractors never match. */
let service = { slug: '', name: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
  services.push(
    ...(await sql<{ slug: string; name: string }[]>`select slug, name from services order by slug`),
  );
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

beforeEach(() => {
  service = services[n % services.length]!;
  n += 1;
});

/** A contractor of this test's service in downtown Dayton with a working card, unless told. */
async function contractor(options: Parameters<typeof createBusiness>[1] & { card?: string | null } = {}) {
  const { card = '4242424242424242', ...rest } = options;
  const business = await createBusiness(sql, { category: service.name, services: [service.slug], ...rest });
  if (card) await giveCard(sql, business.id, card);
  return business;
}

/** Three better-rated pros than any chosen one below, so the choice is what puts it first. */
async function threeBetter() {
  return [
    await contractor({ averageRating: 5 }),
    await contractor({ averageRating: 4.9 }),
    await contractor({ averageRating: 4.8 }),
  ];
}

/** A proven, verified request (sold at once), asked from `slug`'s profile when given. */
async function ask(slug: string | undefined, overrides: Partial<Record<keyof TQuoteRequest, unknown>> = {}) {
  const input = await quoteRequest({
    service: service.slug,
    ...(slug ? { contractor: slug } : {}),
    ...overrides,
  });
  await provePhone(sql, input.phone, input.email);
  const result = await afterSale(sql, await submitQuote(sql, input, { verifiedEmail: input.email }), {
    gateway,
  });
  const sold = await sql<{ business_id: string; rank: number }[]>`
    select business_id, rank from lead_distributions
     where lead_id = ${result.leadId} and payment_status = 'paid' order by rank`;
  const [lead] = await sql<{ chosen_business_id: string | null }[]>`
    select chosen_business_id from leads where id = ${result.leadId}`;
  return { result, buyers: sold.map((s) => s.business_id), chosen: lead?.chosen_business_id ?? null };
}

describe('a request asked from a profile', () => {
  it('is sold to that contractor first, then to the two best similar pros', async () => {
    const [a, b] = await threeBetter();
    const chosen = await contractor({ averageRating: 3.2, totalReviews: 1 });
    const { result, buyers, chosen: stored } = await ask(chosen.slug);
    expect(stored).toBe(chosen.id);
    expect(result).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
    expect(buyers).toEqual([chosen.id, a!.id, b!.id]);
    expect(result.contractors?.[0]).toBe(chosen.name);
  });

  it('beats paid placement: a featured pro follows the chosen one', async () => {
    const featured = await contractor({ featured: true, averageRating: 5 });
    const chosen = await contractor({ averageRating: 4 });
    const { buyers } = await ask(chosen.slug);
    expect(buyers.slice(0, 2)).toEqual([chosen.id, featured.id]);
  });

  it('is served by ZIP list too: a far contractor whose list holds the ZIP is still first', async () => {
    const [a, b] = await threeBetter();
    const chosen = await contractor({ latitude: 41.4993, longitude: -81.6944, serviceAreas: ['45402'] });
    const { buyers } = await ask(chosen.slug);
    expect(buyers).toEqual([chosen.id, a!.id, b!.id]);
  });
});

describe.each([
  ['offers another service', { services: ['__other__'], category: 'Other' }],
  ['does not serve the area', { latitude: 41.4993, longitude: -81.6944, serviceAreas: ['44101'] }],
  ['has paused its leads', { paused: true }],
  ['has no card on file', { card: null }],
  ['has a card that is declined', { card: '4000000000000002' }],
  ['is at its weekly lead cap', { weeklyCap: 1 }],
  ['is not ACTIVE', { status: 'PENDING' }],
] as const)('when the chosen contractor %s', (_, setup) => {
  it('the request goes to the three best matching pros, as any other', async () => {
    const [a, b, c] = await threeBetter();
    const { paused, weeklyCap, services: own, ...rest } = setup as Record<string, unknown>;
    const other = services[(n + 7) % services.length]!.slug;
    const chosen = await contractor({
      averageRating: 5,
      ...(rest as Parameters<typeof contractor>[0]),
      ...(own ? { services: [other] } : {}),
    });
    if (paused) await sql`update businesses set leads_paused = true where id = ${chosen.id}`;
    if (weeklyCap !== undefined) {
      await sql`update businesses set weekly_lead_cap = ${weeklyCap as number} where id = ${chosen.id}`;
      // This week's one lead, bought from its profile: the cap is reached.
      expect((await ask(chosen.slug)).buyers[0]).toBe(chosen.id);
    }
    const { result, buyers } = await ask(chosen.slug);
    expect(result).toMatchObject({ status: 'sent', paymentsSuccessful: 3 });
    expect(buyers.sort()).toEqual([a!.id, b!.id, c!.id].sort());
    expect(buyers).not.toContain(chosen.id);
  });
});

describe('what the request may name', () => {
  it('an unknown contractor is no choice: matched as any other, nothing refused', async () => {
    const [a, b, c] = await threeBetter();
    const { result, buyers, chosen } = await ask('no-such-contractor-anywhere');
    expect(chosen).toBeNull();
    expect(result.paymentsSuccessful).toBe(3);
    expect(buyers.sort()).toEqual([a!.id, b!.id, c!.id].sort());
  });

  it('refuses a malformed contractor with a field message, as the schema says', () => {
    const parsed = ZQuoteRequest.safeParse({ contractor: '<script>' });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'contractor');
    expect(issue?.message).toBe('Unknown contractor');
    const long = ZQuoteRequest.safeParse({ contractor: 'a'.repeat(121) });
    expect(long.error?.issues.find((i) => i.path[0] === 'contractor')?.message).toBe('Unknown contractor');
  });

  it('without one, nothing changes: the best three by the usual rank', async () => {
    const [a, b, c] = await threeBetter();
    const { buyers, chosen } = await ask(undefined);
    expect(chosen).toBeNull();
    expect(buyers).toEqual([a!.id, b!.id, c!.id]);
  });
});
