// Property tests over every API endpoint's input (issue 17, fuzzing). The endpoints come from the
// routes folder (tests/helpers/route-list.ts), so a new one is fuzzed too, and this file fails
// when one has no entry in PLAN below. Each endpoint is called in-process as Astro would call it
// (through route(), whose options - auth, body and query schemas - are read here to generate the
// input), as the kind of user it serves, with bodies and query strings built from its own zod
// schemas: valid-looking values, values at and past each limit, hostile Unicode, the wrong types,
// edge numbers; and raw abuse: wrong content types, broken JSON, oversized bodies, bad query
// strings, bad path ids and other owners' ids. It holds that every answer is a 2xx or a 4xx,
// never a 5xx, and that a 4xx changed nothing in the database.
//
// FUZZ_RUNS (runs per endpoint, default 40) and FUZZ_SEED (to replay a failure: fast-check prints
// the seed and the counterexample) tune it.
import { createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRoute } from 'astro';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import type { RouteOptions } from '../../src/server/platform/route.ts';
import { bodyLimit } from '../../src/server/platform/security/body-limits.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/schemas/business.ts';
import { createBusiness, createLead, createUser, quoteRequest } from '../factories/index.ts';
import { createDistribution, createLink, createResponse } from '../factories/contractor-side.ts';
import { callRoute, signedInUser } from '../helpers/api-context.ts';
import { startGeocoderStandIn, type GeocoderStandIn } from '../helpers/geocoder-stand-in.ts';
import { startGooglePlacesStandIn, type GooglePlacesStandIn } from '../helpers/google-places-stand-in.ts';
import { fieldMutations, fromSchema, HOSTILE_STRINGS, type Hints } from '../helpers/fuzz-arbitraries.ts';
import { apiEndpoints, fillPattern, type Method } from '../helpers/route-list.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';
import { backgroundSettled } from '../../src/server/platform/background.ts';

// route()'s options are kept on the handler it returns, so the generator can read the schemas
// each endpoint declares (and a new endpoint's schema is fuzzed without an entry written by hand).
const OPTIONS = Symbol.for('fuzz.routeOptions');
vi.mock('../../src/server/platform/route.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/platform/route.ts')>();
  return {
    ...original,
    route: (options: unknown, handler: never) =>
      Object.assign(original.route(options as never, handler), { [OPTIONS]: options }),
  };
});

type Options = RouteOptions<'none' | 'user' | 'contractor' | 'admin', never, never>;
type Caller = 'anonymous' | 'homeowner' | 'contractor' | 'admin';

/**
 * How each endpoint is fuzzed, by "METHOD /pattern". An empty entry fuzzes the route's own
 * schemas as the kind of user its `auth` names. `skipSchema` says why an endpoint's body is not
 * built from a schema (it has none: raw or multipart bodies); it is still sent every raw abuse.
 */
interface Plan {
  /** Why the body is raw bytes rather than JSON built from a schema. */
  raw?: string;
  /** Who calls it, when not the kind of user its auth names (e.g. 'none' routes a user may use). */
  callers?: Caller[];
  /** Known-valid bodies, mutated one field at a time, so the input also gets past the schema to
   * the checks behind it (for the endpoints whose schema random input rarely passes). */
  valid?: () => Promise<unknown[]>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const RAW_MULTIPART = 'a multipart photo upload: no JSON schema, read by the handler';
const PLAN: Record<string, Plan> = {
  'POST /api/account/deletion': {},
  'POST /api/account/password': {},
  'POST /api/account/reauth': {},
  // The second factor (issue 26): the fuzzing homeowner and contractor have none, so changes are
  // refused behind the schema; the sign-in steps have no pending sign-in cookie.
  'GET /api/account/second-factor': {},
  'POST /api/account/second-factor/passkeys': {},
  'DELETE /api/account/second-factor/passkeys': { raw: 'takes no body (the passkey id is in the query)' },
  'POST /api/account/second-factor/passkeys/options': { raw: 'takes no body (asks for a passkey challenge)' },
  'POST /api/account/second-factor/recovery-codes': { raw: 'takes no body (makes new recovery codes)' },
  'POST /api/account/second-factor/totp': { raw: 'takes no body (starts setting up an authenticator app)' },
  'PUT /api/account/second-factor/totp': {},
  'DELETE /api/account/second-factor/totp': { raw: 'takes no body (removes the authenticator app)' },
  'POST /api/account/second-factor/verify': {},
  'POST /api/account/second-factor/verify-passkey': {},
  'POST /api/account/second-factor/verify-passkey/options': {
    raw: 'takes no body (asks for a passkey challenge)',
  },
  'PUT /api/account/preferences': {},
  'GET /api/account/profile': {},
  'PUT /api/account/profile': {},
  'GET /api/account/sessions': {},
  'DELETE /api/account/sessions': {},
  'ALL /api/admin/[...path]': { raw: 'the catch-all answers 404 to anything: no schema' },
  'GET /api/admin/activity-logs': {},
  'POST /api/admin/claims/[id]/approve': {},
  'POST /api/admin/claims/[id]/reject': {},
  'GET /api/admin/content/articles': {},
  'POST /api/admin/content/articles': {},
  'GET /api/admin/content/articles/[id]': {},
  'POST /api/admin/content/articles/[id]': {},
  'POST /api/admin/content/articles/[id]/cover': { raw: RAW_MULTIPART },
  'POST /api/admin/content/articles/[id]/published': {},
  'GET /api/admin/content/reviews': {},
  'POST /api/admin/content/reviews/[id]/approve': {},
  'POST /api/admin/content/reviews/[id]/visibility': {},
  'GET /api/admin/content/seo-pages': {},
  'GET /api/admin/content/seo-pages/[slug]': {},
  'POST /api/admin/content/seo-pages/[slug]': {},
  'POST /api/admin/content/seo-pages/[slug]/preview': {},
  // Published articles' ids get past the schema to the checks behind it (a draft, an unknown id).
  'POST /api/admin/content/seo-pages/[slug]/articles': {
    valid: async () => {
      const ids = (
        await sql<
          { id: string }[]
        >`select id::text from articles where status = 'published' order by id limit 3`
      ).map((r) => r.id);
      return [{ articleIds: [] }, { articleIds: ids }, { articleIds: ids.slice(0, 1) }];
    },
  },
  'GET /api/admin/contractors': {},
  'POST /api/admin/contractors/[id]/approve': {},
  'POST /api/admin/contractors/[id]/featured': {},
  'POST /api/admin/contractors/[id]/licence': {},
  'POST /api/admin/contractors/[id]/reject': {},
  'POST /api/admin/contractors/[id]/status': {},
  'GET /api/admin/fraud': {},
  'POST /api/admin/fraud/blocks/[id]/release': {},
  'POST /api/admin/fraud/leads/[id]/block': {},
  'POST /api/admin/fraud/leads/[id]/release': {},
  'GET /api/admin/leads': {},
  'GET /api/admin/leads/[id]': {},
  'POST /api/admin/leads/[id]/resend': {},
  'GET /api/admin/payment-test': {},
  'GET /api/admin/payment-test/recipients': {},
  'POST /api/admin/payment-test/recipients': {},
  'POST /api/admin/payment-test/runs': {},
  'GET /api/admin/payments/chargebacks': {},
  'GET /api/admin/payments/credits': {},
  'POST /api/admin/payments/credits/[id]/decline': {},
  'POST /api/admin/payments/credits/[id]/grant': {},
  'GET /api/admin/payments/transactions': {},
  'GET /api/admin/publish': {},
  'POST /api/admin/publish': { raw: 'takes no body (asks for a rebuild)' },
  'GET /api/admin/revenue-validation': {},
  'GET /api/admin/users': {},
  'POST /api/admin/users/[id]/roles': {},
  'POST /api/admin/users/[id]/status': {},
  'POST /api/analytics/events': {},
  'POST /api/articles/[id]/view': { raw: 'a view beacon without a body' },
  'POST /api/auth/forgot-password': {},
  'GET /api/auth/reset-password': {},
  'POST /api/auth/reset-password': {},
  'GET /api/auth/session': { callers: ['anonymous', 'homeowner'] },
  'POST /api/auth/passkey': { callers: ['anonymous', 'homeowner'] },
  'POST /api/auth/passkey-options': {
    callers: ['anonymous', 'homeowner'],
    raw: 'takes no body (a passkey challenge)',
  },
  'POST /api/auth/second-factor': { callers: ['anonymous', 'homeowner'] },
  'POST /api/auth/sign-in': {},
  'POST /api/auth/sign-out': { callers: ['anonymous', 'homeowner'], raw: 'takes no body' },
  'POST /api/auth/sign-up': {},
  // A claimant proving a listing claim: the signed-in claimant or the registering browser's proof
  // cookie (none here, so the input gets past the schema to the refusals behind it).
  'POST /api/claims/code': {
    callers: ['anonymous', 'homeowner', 'contractor'],
    valid: () =>
      Promise.resolve([{ channel: 'sms' }, { channel: 'call' }, { channel: 'email', localPart: 'owner' }]),
  },
  'POST /api/claims/confirm': {
    callers: ['anonymous', 'homeowner', 'contractor'],
    valid: () => Promise.resolve([{ code: '123456' }]),
  },
  'POST /api/contractor-signup': {
    callers: ['anonymous', 'homeowner'],
    valid: () =>
      Promise.resolve(
        [1, 2, 3].map((n) => ({
          businessName: `Fuzz Valley Plumbing ${n}`,
          ownerName: 'Pat Owner',
          email: `fuzz-owner-${n}-${randomUUID()}@example.com`,
          phone: '(937) 222-1234',
          password: 'Str0ng!Pass',
          services: ['plumbing', 'hvac'],
          serviceZipCodes: '45402, 45409',
          address: '100 Main St',
        })),
      ),
  },
  'GET /api/contractor-signup/place': {},
  'GET /api/contractor-signup/search': {},
  'ALL /api/contractor/[...path]': { raw: 'the catch-all answers 404 to anything: no schema' },
  'GET /api/contractor/analytics': {},
  'GET /api/contractor/billing/export.csv': {},
  'POST /api/contractor/billing/plan': {},
  'POST /api/contractor/billing/portal': { raw: 'takes no body (opens the billing portal)' },
  'GET /api/contractor/billing/receipt/[id]': {},
  'GET /api/contractor/billing/summary': {},
  'GET /api/contractor/billing/transactions': {},
  'GET /api/contractor/leads': {},
  'GET /api/contractor/leads/[id]': {},
  'POST /api/contractor/leads/[id]/credit': {},
  // Issue 25: a message (text and a photo) on a bought lead; multipart, read by the handler.
  'POST /api/contractor/leads/[id]/messages': {
    raw: 'a multipart message (text and a photo): read by the handler',
  },
  'POST /api/contractor/leads/[id]/responses': {
    valid: () =>
      Promise.resolve([
        {
          subject: 'Your quote',
          message: 'We can replace the heater on Monday.',
          quote: {
            items: [{ description: 'Replace the heater', quantity: 1, rate: 900 }],
            validUntil: inDays(20),
          },
        },
      ]),
  },
  'POST /api/contractor/leads/[id]/stage': {},
  'POST /api/contractor/leads/[id]/undo-stage': {},
  'GET /api/contractor/insights': {},
  'GET /api/contractor/alerts/devices': {},
  // A browser's subscription, at a push service on this machine that refuses connections (the
  // test alert then fails at once and is tried later; nothing leaves the machine).
  'POST /api/contractor/alerts/devices': {
    valid: () =>
      Promise.resolve(
        [1, 2].map((n) => ({
          subscription: {
            endpoint: `http://127.0.0.1:9/push/fuzz-${n}-${randomUUID()}`,
            expirationTime: null,
            keys: {
              p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
              auth: randomBytes(16).toString('base64url'),
            },
          },
        })),
      ),
  },
  'DELETE /api/contractor/alerts/devices/[id]': {},
  'POST /api/contractor/alerts/test': {},
  'GET /api/contractor/alerts/settings': {},
  'PUT /api/contractor/alerts/settings': {},
  'POST /api/contractor/alerts/sms-phone': {},
  'DELETE /api/contractor/alerts/sms-phone': {},
  'POST /api/contractor/alerts/sms-phone/confirm': {},
  'GET /api/contractor/away': {},
  'PUT /api/contractor/away': {},
  'DELETE /api/contractor/away/[id]': {},
  'GET /api/contractor/limits': {},
  'PUT /api/contractor/limits': {},
  'POST /api/contractor/payment-setup': { raw: 'takes no body (starts a card setup)' },
  'POST /api/contractor/payment-setup/complete': {},
  'POST /api/contractor/photos': { raw: RAW_MULTIPART },
  'DELETE /api/contractor/photos': {},
  'GET /api/contractor/portfolio': {},
  'POST /api/contractor/portfolio': { raw: RAW_MULTIPART },
  'POST /api/contractor/portfolio/[id]': { raw: RAW_MULTIPART },
  'DELETE /api/contractor/portfolio/[id]': {},
  'PUT /api/contractor/portfolio/order': {},
  'GET /api/contractor/profile': {},
  'PUT /api/contractor/profile': {
    valid: () =>
      Promise.resolve([
        {
          tagline: 'Honest plumbing since 1998',
          description: 'Family-owned plumbers serving Dayton and Kettering.',
          phone: '(937) 555-0142',
          website: 'https://plumbing.example',
          businessHours: DEFAULT_BUSINESS_HOURS,
          specialties: ['Water Heaters', 'Drains'],
          serviceZipCodes: ['45402', '45409'],
          responseTimeHours: 4,
          priceRange: '$$$',
        },
      ]),
  },
  'GET /api/contractor/stats': {},
  'POST /api/csp-report': { raw: 'browsers send several report formats: the handler reads the raw body' },
  'GET /api/geocode': {},
  'POST /api/netlify/deploy-status': { raw: "Netlify's signed notification: a JWT header over the raw body" },
  'POST /api/quote-responses/accept': {},
  'POST /api/quote-responses/job-done': {
    valid: () =>
      Promise.resolve(hints['businessId']!.map((businessId) => ({ token: hints['token']![0], businessId }))),
  },
  'POST /api/quote-responses/push': {},
  'DELETE /api/quote-responses/push': {},
  'POST /api/quote-responses/push/state': {},
  'POST /api/quotes': {
    callers: ['anonymous', 'homeowner'],
    // Each with its own solved proof of work (a proof is spent by its first use).
    valid: async () => Promise.all([1, 2, 3, 4].map(() => quoteRequest({ service: 'plumbing' }))),
  },
  'GET /api/quotes/challenge': {},
  // A stored request waiting for its code: its key reaches the code checks; codes are random.
  'POST /api/quotes/code': {
    valid: () => Promise.resolve([{ requestKey: hints['quoteRequestKey']![0], channel: 'call' }]),
  },
  'POST /api/quotes/verify': {
    valid: () => Promise.resolve([{ requestKey: hints['quoteRequestKey']![0], code: '000000' }]),
  },
  'POST /api/quotes/status': {
    valid: () => Promise.resolve([{ requestKey: hints['quoteRequestKey']![0] }]),
  },
  'GET /api/quotes/recent': {},
  'POST /api/reviews': {
    valid: () =>
      Promise.resolve([
        {
          token: hints['reviewToken']![0],
          rating: 5,
          title: 'Great job',
          content: 'The crew was careful and tidy, and the price was fair.',
          authorName: 'Jordan',
        },
      ]),
  },
  'GET /api/search': {},
  'POST /api/seo-pages/[slug]/view': { raw: 'a view beacon without a body' },
  'POST /api/stripe/webhook': {
    raw: "Stripe's signed event: the raw body is checked against stripe-signature, so no generated body passes it (garbage must be a 4xx)",
  },
  'GET /api/suggest': {},
  'POST /api/uploads': { raw: RAW_MULTIPART },
  'DELETE /api/uploads': {},
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

/**
 * Tables left out of the "nothing changed on a 4xx" snapshot, each an append-only record that a
 * refused request is meant to write:
 * - rate_limits: the per-address counters count refused attempts too (that is what they are for:
 *   a burst of bad sign-ins must be slowed down);
 * - audit_log: failed sign-ins and refused admin actions are recorded for the security log;
 * - article_view_salts: today's random salt for hashing a client's address, made by the first
 *   view or profile beacon of a UTC day before the business or article is looked up (so a
 *   beacon for an unknown business, a 404, may make it); it holds nothing from the request.
 */
const UNWATCHED: Record<string, string> = {
  rate_limits: 'counts refused attempts too, by design',
  verification_codes: 'a wrong phone code counts one of its five tries, by design',
  sandbox_verifications: "the sandbox SMS provider counts a wrong code's tries, as Twilio Verify does",
  audit_log: 'records refused sign-ins for the security log, by design',
  article_view_salts: "today's salt, made by the day's first beacon whatever its outcome; no request data",
};

let database: TestDatabase;
let sql: Sql;
let stripe: StripeStandIn;
let geocoder: GeocoderStandIn;
let places: GooglePlacesStandIn;
let callers: Record<Caller, SessionUser | null>;
let hints: Hints;
let ids: { contractor: string[]; admin: string[]; any: string[]; slugs: string[] };
const seeds = new Map<string, unknown[]>();
let watched: string[];
let digests: Map<string, string>;
let addressCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url, { max: 1 });
  await upsertCatalog(sql, await loadCatalog());
  stripe = await startStripeStandIn();
  process.env['DATABASE_URL'] = database.url;
  process.env['STRIPE_SECRET_KEY'] = 'sk_test_fuzz';
  process.env['STRIPE_WEBHOOK_SECRET'] = 'whsec_fuzz';
  process.env['STRIPE_API_URL'] = `http://127.0.0.1:${stripe.port}`;
  process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = 'netlify-fuzz-secret';
  geocoder = await startGeocoderStandIn({ dayton: { place_name: 'Dayton, Ohio', center: [-84.19, 39.76] } });
  places = await startGooglePlacesStandIn();
  process.env['MAPBOX_TOKEN'] = 'test-token';
  process.env['GEOCODER_URL'] = geocoder.url;
  process.env['GOOGLE_PLACES_KEY'] = places.key;
  process.env['GOOGLE_PLACES_URL'] = places.url;

  // The callers, and rows for them to reach: the contractor's own leads, another business's
  // leads (their ids must answer 404), articles, reviews, claims and credits for the admin.
  const homeowner = await signedInUser(sql);
  const contractor = await signedInUser(sql, ['contractor']);
  const admin = await signedInUser(sql, ['admin']);
  callers = { anonymous: null, homeowner, contractor, admin };
  const own = await createBusiness(sql, { ownerId: contractor.id, name: 'Fuzz Own Plumbing' });
  // No card given here: with Stripe configured (so the webhook's signature check runs), a card is
  // set up through the Stripe stand-in by POST /api/contractor/payment-setup itself.
  const otherOwner = await createUser(sql, { roles: ['contractor'] });
  const other = await createBusiness(sql, { ownerId: otherOwner.id, name: 'Fuzz Other Plumbing' });
  const pending = await createBusiness(sql, { status: 'PENDING', name: 'Fuzz Pending Heating' });
  const tokens: string[] = [];
  const reviewTokens: string[] = [];
  const communications: string[] = [];
  for (let n = 0; n < 3; n += 1) {
    const lead = await createLead(sql);
    const mine = await createDistribution(sql, lead.id, own.id, { stage: n === 2 ? 'COMPLETED' : 'NEW' });
    // Issue 23: a review only from a job the homeowner hired: here they said the job is done.
    if (n === 2) await sql`update lead_distributions set job_done_at = now() where id = ${mine}`;
    await createDistribution(sql, lead.id, other.id, { rank: 2 });
    const quote = { items: [{ description: 'Replace the heater', quantity: 1, rateCents: 90_000 }] };
    communications.push(await createResponse(sql, lead.id, other.id, { quote }));
    tokens.push(await createLink(sql, { leadId: lead.id, purpose: 'responses' }));
    tokens.push(await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: other.id }));
    // The finished job (done, above) may be reviewed: its link lets a review get written.
    if (n === 2)
      reviewTokens.push(await createLink(sql, { leadId: lead.id, purpose: 'review', businessId: own.id }));
  }
  // A held request and a blocked phone, for the fraud queue's endpoints to reach.
  const held = await createLead(sql);
  await sql`update leads set qualification = 'held', hold_reason = 'Fuzz: held for an admin.' where id = ${held.id}`;
  await sql`insert into blocked_identities (kind, value, reason, lead_id) values ('phone', '9375550111', 'Fuzz: blocked.', ${held.id})`;
  const idsOf = async (query: string) => (await sql.unsafe<{ id: string }[]>(query)).map((r) => r.id);
  const victims = [otherOwner.id, other.id, pending.id];
  ids = {
    contractor: [
      ...(await idsOf(`select id::text from lead_distributions`)),
      ...(await idsOf(`select lead_id::text as id from lead_distributions`)),
      ...(await idsOf(`select id::text from payment_transactions`)),
    ],
    admin: [
      ...victims,
      ...(await idsOf(`select id::text from leads`)),
      ...(await idsOf(`select id::text from articles limit 5`)),
      ...(await idsOf(`select id::text from reviews limit 5`)),
      ...(await idsOf(`select id::text from business_claims limit 5`)),
      ...(await idsOf(`select id::text from lead_credits limit 5`)),
      ...(await idsOf(`select id::text from blocked_identities limit 5`)),
    ],
    any: [...(await idsOf(`select id::text from articles limit 3`))],
    slugs: [
      ...(await sql<{ slug: string }[]>`select slug from seo_pages order by slug limit 5`).map((r) => r.slug),
      'plumbing-dayton-oh',
      // A generated city-service page: its view beacon counts (204).
      'plumbing-dayton-ohio',
    ],
  };
  // A quote request waiting for the code texted to its phone (the sandbox SMS provider).
  const waiting = await quoteRequest({ service: 'plumbing' });
  await submitQuote(sql, waiting, { sms: createSandboxSms(sql) });
  hints = {
    quoteRequestKey: [waiting.requestKey],
    token: [...tokens, ...reviewTokens],
    reviewToken: reviewTokens,
    communicationId: communications,
    businessId: [own.id, other.id, pending.id],
    claimBusinessId: [pending.id],
    leadId: ids.contractor,
    email: [homeowner.email, contractor.email, 'nobody@example.com'],
    serviceId: (await sql<{ id: string }[]>`select id::text from services limit 3`).map((r) => r.id),
    service: ['plumbing', 'hvac', 'roofing'],
    zip: ['45402', '45409'],
    zipCode: ['45402', '45409'],
    q: ['plumb', 'Dayton', 'heater'],
    cursor: FORGED_CURSORS,
  };

  for (const [name, plan] of Object.entries(PLAN)) if (plan.valid) seeds.set(name, await plan.valid());

  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
  watched = tables.map((t) => t.name).filter((name) => !(name in UNWATCHED));
  // A statement trigger on every watched table notes its name when a statement writes to it (a
  // rolled-back transaction takes its note with it). Only the noted tables are digested again
  // after a request: a full digest of every table after each of thousands of requests is slow.
  await sql.unsafe(`
    create table fuzz_touched (name text not null);
    create function fuzz_touch() returns trigger language plpgsql as $$
      begin insert into fuzz_touched values (tg_table_name); return null; end $$;`);
  for (const name of watched) {
    await sql.unsafe(
      `create trigger fuzz_touch after insert or update or delete or truncate on public."${name}"
         for each statement execute function fuzz_touch()`,
    );
  }
  digests = await digestOf(watched);
}, 120_000);

/** Statuses answered, by endpoint: printed at the end, so a run shows how deep the input got. */
const answered = new Map<string, Map<number, number>>();

afterAll(async () => {
  const lines = [...answered].map(
    ([name, statuses]) =>
      `${name}: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}x${count}`)
        .join(' ')}`,
  );
  if (lines.length > 0) console.log(`API fuzzing, ${RUNS} runs an endpoint, statuses:\n${lines.join('\n')}`);
  await sql.end({ timeout: 5 });
  await stripe.close();
  await geocoder.close();
  await places.close();
  await database.drop();
});

/** An md5 of each table's rows, in a fixed order. */
async function digestOf(names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, (select md5(coalesce(string_agg(md5(x::text), ',' order by md5(x::text)), '')) from public."${name}" x) as digest`,
    )
    .join(' union all ');
  const rows = await sql.unsafe<{ name: string; digest: string }[]>(query);
  return new Map(rows.map((r) => [r.name, r.digest]));
}

async function touchedTables(): Promise<Set<string>> {
  const rows = await sql<{ name: string }[]>`delete from fuzz_touched returning name`;
  return new Set(rows.map((r) => r.name));
}

/**
 * The tables whose contents a request changed. Some writes run after the answer (the mail sender
 * kicked by a request, a search's analytics row): the notes are read until two reads in a row
 * find none, so those land on the request that caused them.
 */
async function changedSinceLast(): Promise<string[]> {
  const touched = await touchedTables();
  for (let quiet = 0; quiet < 2;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const more = await touchedTables();
    if (more.size === 0) quiet += 1;
    else {
      quiet = 0;
      for (const name of more) touched.add(name);
    }
  }
  const after = await digestOf([...touched].filter((name) => watched.includes(name)));
  const changed = [...after].filter(([name, digest]) => digests.get(name) !== digest).map(([name]) => name);
  for (const [name, digest] of after) digests.set(name, digest);
  return changed;
}

interface FuzzRequest {
  caller: Caller;
  params: Record<string, string>;
  query: string;
  contentType: string | null;
  body: string | null;
  /** What the request is, for a failure's message. */
  kind: string;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/xml',
  '',
];

const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"just a string"',
  '0',
  '\u0000',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":' + '1'.repeat(400) + '}',
  '------fuzz\r\nContent-Disposition: form-data; name="photo"; filename="x.jpg"\r\n\r\nnot an image\r\n------fuzz--',
  '\ud800',
];

/**
 * Page cursors the server never made (issue 26: a forged one answered 500 on three lists): garbage,
 * a truncated one, impossible times that fit the pattern (in the old formats and in the codec's
 * own), another list's, text PostgreSQL cannot hold, a huge one. Built by hand, not by the codec.
 */
const FORGED_ID = '0b6f4a3e-8f0e-4c1a-9a57-2c3d4e5f6a7b';
const asCursor = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** In the codec's own shape (payload.signature), signed with a key that is not the server's. */
const asSigned = (value: unknown) =>
  `${asCursor(value)}.${createHmac('sha256', 'a guessed key').update(asCursor(value)).digest().subarray(0, 16).toString('base64url')}`;
const FORGED_CURSORS: readonly string[] = [
  'bm90LWEtY3Vyc29y',
  'a b+c/==',
  '%',
  asCursor([1, 'contractor-leads', '2026-11-26 16:20:04+00', FORGED_ID]).slice(0, -4),
  asCursor(`2026-13-45 00:00:00+00|${FORGED_ID}`),
  asCursor(['2026-13-45 00:00:00+00', FORGED_ID]),
  asCursor(['2026-13-45 00:00:00+00', 'slug']),
  asCursor('2026-13-45 00:00:00+00|42'),
  asCursor([1, 'contractor-leads', '2026-13-45 00:00:00+00', FORGED_ID]),
  asSigned([1, 'contractor-leads', '2026-13-45 00:00:00+00', FORGED_ID]),
  asCursor([1, 'admin-leads', '0000-01-01 00:00:00+00', FORGED_ID]),
  asCursor([1, 'admin-activity', '2026-01-01 25:61:00+00', 1]),
  asCursor([1, 'admin-users', 'a\u0000@example.com']),
  asCursor([1, 'admin-contractors-listed', 'x\udfffy', FORGED_ID]),
  asCursor([1, 'admin-seo-pages', 'x'.repeat(301)]),
  asCursor([1, 'another-list', '2026-11-26 16:20:04+00', FORGED_ID]),
  asSigned([1, 'another-list', '2026-11-26 16:20:04+00', FORGED_ID]),
  asCursor([1, 'admin-users', 'ann@example.com']),
  asSigned([1, 'admin-users', 'ann@example.com']),
  asCursor([1, 'admin-seo-pages', 'plumbing-dayton-ohio']),
  asSigned([1, 'admin-seo-pages', 'plumbing-dayton-ohio']),
  asCursor({ at: '2026-11-26', id: FORGED_ID }),
  asCursor('x'.repeat(400)),
  `${asCursor([1, 'admin-users', 'ann@example.com'])}.`,
  'A'.repeat(5000),
];

const BAD_QUERIES = [
  '?%',
  '?%zz=%E0%A4%A',
  '?a=1&a=2&a=3',
  '?=',
  '?&&&',
  `?q=${'x'.repeat(5000)}`,
  '?q=%00',
  '?__proto__=1',
];

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    search.append(key, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function paramValues(names: string[], auth: string): fc.Arbitrary<Record<string, string>> {
  const pool = auth === 'admin' ? ids.admin : auth === 'contractor' ? ids.contractor : ids.any;
  const junk = fc
    .oneof(
      fc.constantFrom(
        'not-a-uuid',
        '00000000-0000-0000-0000-000000000000',
        '1',
        '-1',
        '%',
        'null',
        '../admin',
        '',
      ),
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ maxLength: 300 }),
    )
    .map((value) => value.toWellFormed()); // a path segment is decoded UTF-8: no lone surrogate
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const name of names) {
    if (name.startsWith('...')) {
      record[name] = fc.oneof(fc.constantFrom('x', 'a/b/c', '../../etc/passwd', 'users/1/roles'), junk);
    } else if (name === 'slug') {
      record[name] = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids.slugs) },
        { weight: 2, arbitrary: junk },
      );
    } else {
      const real = pool.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...pool) }] : [];
      record[name] = fc.oneof(...real, { weight: 1, arbitrary: fc.uuid() }, { weight: 2, arbitrary: junk });
    }
  }
  return fc.record(record);
}

function defaultCallers(auth: string): Caller[] {
  if (auth === 'admin') return ['admin'];
  if (auth === 'contractor') return ['contractor'];
  if (auth === 'user') return ['homeowner', 'contractor'];
  return ['anonymous'];
}

function requests(
  path: string,
  options: Options,
  plan: Plan,
  params: string[],
  valid: unknown[] = [],
): fc.Arbitrary<FuzzRequest> {
  const callerArb = fc.constantFrom(...(plan.callers ?? defaultCallers(options.auth)));
  const paramArb = paramValues(params, options.auth);
  const limit = bodyLimit(path);
  const bodyTypes = options.bodyTypes ?? ['application/json'];
  const querySchema = options.query as Parameters<typeof fromSchema>[0] | undefined;
  const bodySchema = options.body as Parameters<typeof fromSchema>[0] | undefined;
  const queryArb: fc.Arbitrary<string> = fc.oneof(
    {
      weight: 6,
      arbitrary: querySchema ? fromSchema(querySchema, { hints }).map(queryString) : fc.constant(''),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_QUERIES) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 10 }), fc.constantFrom(...HOSTILE_STRINGS), { maxKeys: 3 })
        .map(queryString),
    },
  );
  const generated = bodySchema
    ? fromSchema(bodySchema, { hints }).map((value) => (value === undefined ? '' : JSON.stringify(value)))
    : fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));
  const mutation = bodySchema ? fieldMutations(bodySchema, hints) : null;
  const jsonBody =
    valid.length > 0 && mutation
      ? fc.oneof(
          { weight: 2, arbitrary: generated },
          { weight: 1, arbitrary: fc.constantFrom(...valid).map((body) => JSON.stringify(body)) },
          {
            weight: 3,
            arbitrary: fc
              .tuple(fc.constantFrom(...valid), mutation)
              .map(([body, [key, value]]) => JSON.stringify({ ...(body as object), [key]: value })),
          },
        )
      : generated;
  const schemaRequest = fc
    .record({
      caller: callerArb,
      params: paramArb,
      query: queryArb,
      contentType: fc.constantFrom(...bodyTypes),
      body: jsonBody,
    })
    .map((r): FuzzRequest => ({ ...r, kind: 'schema body' }));
  const rawRequest = fc
    .record({
      caller: callerArb,
      params: paramArb,
      query: queryArb,
      contentType: fc.oneof(
        fc.constantFrom(...bodyTypes),
        fc.constantFrom(...CONTENT_TYPES),
        fc.constant(null),
      ),
      body: fc.oneof(
        fc.constantFrom(...RAW_BODIES),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      ),
    })
    .map((r): FuzzRequest => ({ ...r, kind: 'raw body' }));
  // Past the route's body allowance: a JSON string of limit + 1 bytes (and a little framing).
  const oversized = fc
    .record({ caller: callerArb, params: paramArb, query: fc.constant(''), unit: fc.constantFrom('a', 'é') })
    .map((r): FuzzRequest => ({
      caller: r.caller,
      params: r.params,
      query: r.query,
      contentType: bodyTypes[0]!,
      body: JSON.stringify({ text: r.unit.repeat(Math.ceil((limit + 1) / Buffer.byteLength(r.unit))) }),
      kind: 'oversized body',
    }));
  return fc
    .oneof(
      { weight: plan.raw ? 0 : 6, arbitrary: schemaRequest },
      { weight: plan.raw ? 6 : 2, arbitrary: rawRequest },
      { weight: 1, arbitrary: oversized },
    )
    .map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }));
}

/** A request as a failure's report shows it: a long body cut short. */
function describeRequest(request: FuzzRequest): string {
  const body =
    request.body && request.body.length > 400
      ? `${request.body.slice(0, 400)}... (${request.body.length} characters)`
      : request.body;
  return JSON.stringify({ ...request, body });
}

async function send(
  handler: APIRoute,
  pattern: string,
  method: Method,
  request: FuzzRequest,
): Promise<Response> {
  const path = fillPattern(pattern, request.params);
  const verb = method === 'ALL' ? 'POST' : method;
  addressCounter += 1;
  // A fresh client address a request, so the per-address rate limits do not stop the input
  // from reaching the handler (a 429 would be a 4xx and prove little).
  const clientAddress = `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const hasBody = verb !== 'GET' && request.body !== null;
  return callRoute(handler, {
    method: verb,
    path: path + request.query,
    user: callers[request.caller],
    params: request.params,
    clientAddress,
    headers: request.contentType === null ? {} : { 'content-type': request.contentType },
    ...(hasBody ? { rawBody: request.body! } : {}),
  });
}

const endpoints = apiEndpoints();

describe('API fuzzing: every endpoint answers 2xx or 4xx, and a 4xx changes nothing', () => {
  it('has a plan for every endpoint in src/pages/api, and none for an endpoint that is gone', () => {
    const names = endpoints.map((e) => `${e.method} ${e.route.pattern}`);
    expect(names.filter((name) => !(name in PLAN))).toEqual([]);
    expect(Object.keys(PLAN).filter((name) => !names.includes(name))).toEqual([]);
  });

  for (const { route: siteRoute, method } of endpoints) {
    const name = `${method} ${siteRoute.pattern}`;
    it(name, async () => {
      const plan = PLAN[name];
      expect(plan, `no fuzz plan for ${name}`).toBeDefined();
      const module = (await import(/* @vite-ignore */ path.resolve(ROOT, siteRoute.file))) as Record<
        string,
        APIRoute
      >;
      const handler = module[method]!;
      const options = (handler as unknown as Record<symbol, Options>)[OPTIONS];
      expect(options, `${name} does not go through route()`).toBeDefined();
      const probePath = fillPattern(
        siteRoute.pattern,
        Object.fromEntries(siteRoute.params.map((p) => [p, 'x'])),
      );
      await changedSinceLast();
      const statuses = new Map<number, number>();
      answered.set(name, statuses);
      await fc.assert(
        fc.asyncProperty(
          requests(probePath, options!, plan!, siteRoute.params, seeds.get(name)),
          async (request) => {
            const response = await send(handler, siteRoute.pattern, method, request);
            const text = await response.text();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            // Writes the request left running (search analytics) are its own: wait for them, so
            // they are not counted against the next request.
            await backgroundSettled();
            const changed = await changedSinceLast();
            expect(
              response.status,
              `${name} (${request.kind}) answered ${response.status}: ${text.slice(0, 300)}`,
            ).toBeLessThan(500);
            expect(response.status).toBeGreaterThanOrEqual(200);
            if (response.status >= 400) {
              expect(
                changed,
                `${name} answered ${response.status} but changed ${changed.join(', ')}`,
              ).toEqual([]);
            }
          },
        ),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
      // Every generated request was sent and answered.
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    });
  }
});

// What the fuzzing found (each answered 500 before its fix), replayed as plain cases.
describe('inputs the API fuzzing found answered 500, now refused with a 400', () => {
  const handlerOf = async (file: string, method: Method) =>
    ((await import(/* @vite-ignore */ path.resolve(ROOT, file))) as Record<string, APIRoute>)[method]!;
  const request = (
    caller: Caller,
    query: string,
    body: unknown,
    params: Record<string, string> = {},
  ): FuzzRequest => ({
    caller,
    params,
    query,
    contentType: 'application/json',
    body: body === undefined ? null : JSON.stringify(body),
    kind: 'case',
  });

  it.each([
    [
      'a NUL in a JSON string',
      'src/pages/api/admin/content/articles/index.ts',
      '/api/admin/content/articles',
      'POST',
      request('admin', '', { title: 'a\u0000b', slug: 'nul-title', category: 'Tips', body: 'Body' }),
    ],
    [
      // PGlite stores it; PostgreSQL refuses its bytes (22021): found by the PostgreSQL pass.
      'a lone UTF-16 surrogate in a JSON string',
      'src/pages/api/admin/content/articles/index.ts',
      '/api/admin/content/articles',
      'POST',
      request('admin', '', {
        title: 'Lone surrogate',
        slug: 'lone-surrogate',
        category: 'Tips',
        body: 'x\udfffy',
      }),
    ],
    [
      'a NUL in a query value',
      'src/pages/api/admin/users/index.ts',
      '/api/admin/users',
      'GET',
      request('admin', '?q=a%00b', undefined),
    ],
    [
      'a day that is no calendar day',
      'src/pages/api/admin/activity-logs.ts',
      '/api/admin/activity-logs',
      'GET',
      request('admin', '?from=7506-94-43', undefined),
    ],
    [
      'year 0, which PostgreSQL has not',
      'src/pages/api/admin/activity-logs.ts',
      '/api/admin/activity-logs',
      'GET',
      request('admin', '?to=0000-01-01', undefined),
    ],
    [
      'a licence checked on 30 February',
      'src/pages/api/admin/contractors/[id]/licence.ts',
      '/api/admin/contractors/[id]/licence',
      'POST',
      request(
        'admin',
        '',
        { number: 'L-1', board: 'Ohio', checkedOn: '2026-02-30', source: 'web' },
        { id: '00000000-0000-4000-8000-000000000000' },
      ),
    ],
    [
      'a quote request body that is null',
      'src/pages/api/quotes.ts',
      '/api/quotes',
      'POST',
      request('anonymous', '', null),
    ],
  ] as [string, string, string, Method, FuzzRequest][])('%s', async (_, file, pattern, method, input) => {
    await backgroundSettled();
    await changedSinceLast();
    const response = await send(await handlerOf(file, method), pattern, method, input);
    expect(response.status, await response.text()).toBe(400);
    await backgroundSettled();
    expect(await changedSinceLast()).toEqual([]);
  });
});

// Issue 26: every list that takes a page cursor refuses one it did not make with a 400 (and
// changes nothing), whoever's list it is and whatever the forgery; never a 500.
describe('forged page cursors on every list', () => {
  const LISTS: [file: string, pattern: string, caller: Caller, query: string][] = [
    ['src/pages/api/contractor/leads/index.ts', '/api/contractor/leads', 'contractor', ''],
    ['src/pages/api/contractor/leads/index.ts', '/api/contractor/leads', 'contractor', 'stage=NEW&'],
    [
      'src/pages/api/contractor/billing/transactions.ts',
      '/api/contractor/billing/transactions',
      'contractor',
      '',
    ],
    ['src/pages/api/admin/users/index.ts', '/api/admin/users', 'admin', ''],
    ['src/pages/api/admin/content/articles/index.ts', '/api/admin/content/articles', 'admin', ''],
    ['src/pages/api/admin/content/reviews/index.ts', '/api/admin/content/reviews', 'admin', ''],
    ['src/pages/api/admin/content/seo-pages/index.ts', '/api/admin/content/seo-pages', 'admin', ''],
    ['src/pages/api/admin/fraud/index.ts', '/api/admin/fraud', 'admin', 'list=held&'],
    ['src/pages/api/admin/fraud/index.ts', '/api/admin/fraud', 'admin', 'list=reported&'],
    ['src/pages/api/admin/fraud/index.ts', '/api/admin/fraud', 'admin', 'list=blocked&'],
    ['src/pages/api/admin/contractors/index.ts', '/api/admin/contractors', 'admin', 'list=pending&'],
    ['src/pages/api/admin/contractors/index.ts', '/api/admin/contractors', 'admin', 'list=claims&'],
    ['src/pages/api/admin/contractors/index.ts', '/api/admin/contractors', 'admin', 'list=listed&'],
    ['src/pages/api/admin/leads/index.ts', '/api/admin/leads', 'admin', ''],
    ['src/pages/api/admin/payments/transactions.ts', '/api/admin/payments/transactions', 'admin', ''],
    ['src/pages/api/admin/payments/chargebacks.ts', '/api/admin/payments/chargebacks', 'admin', ''],
    ['src/pages/api/admin/payments/credits/index.ts', '/api/admin/payments/credits', 'admin', ''],
    ['src/pages/api/admin/activity-logs.ts', '/api/admin/activity-logs', 'admin', ''],
  ];

  it('covers every GET endpoint whose query takes a cursor', async () => {
    const withCursor: string[] = [];
    for (const { route: siteRoute, method } of endpoints) {
      if (method !== 'GET') continue;
      const module = (await import(/* @vite-ignore */ path.resolve(ROOT, siteRoute.file))) as Record<
        string,
        APIRoute
      >;
      const options = (module['GET'] as unknown as Record<symbol, Options>)[OPTIONS];
      const shape = (options?.query as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
      if (shape && 'cursor' in shape) withCursor.push(siteRoute.pattern);
    }
    expect(withCursor.sort()).toEqual([...new Set(LISTS.map(([, pattern]) => pattern))].sort());
  });

  it.each(LISTS)('%s (%s) answers 400 to each forged cursor', async (file, pattern, caller, query) => {
    const handler = ((await import(/* @vite-ignore */ path.resolve(ROOT, file))) as Record<string, APIRoute>)[
      'GET'
    ]!;
    // A cursor the server did make, but for another list.
    const { userListCursor } = await import('../../src/server/admin/users.ts');
    const { leadListCursor } = await import('../../src/server/leads/dashboard/list-leads.ts');
    const another =
      pattern === '/api/admin/users'
        ? leadListCursor.make(['2026-11-26 16:20:04.123456+00', FORGED_ID])
        : userListCursor.make(['ann@example.com']);
    await backgroundSettled();
    await changedSinceLast();
    for (const cursor of [...FORGED_CURSORS, another]) {
      const request: FuzzRequest = {
        caller,
        params: {},
        query: `?${query}cursor=${encodeURIComponent(cursor)}`,
        contentType: null,
        body: null,
        kind: 'case',
      };
      const response = await send(handler, pattern, 'GET', request);
      expect(response.status, `${pattern} ${cursor.slice(0, 80)}: ${await response.text()}`).toBe(400);
    }
    await backgroundSettled();
    expect(await changedSinceLast()).toEqual([]);
  });
});
