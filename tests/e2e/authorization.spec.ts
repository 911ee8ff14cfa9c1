// The authorization matrix, built from the routes folder (tests/helpers/route-list.ts): every page
// and API route and method under src/pages has a rule here (a route added later fails the first
// test until it has one), each with its access class and the requests that probe it, and every
// probe is sent as each kind of visitor (anonymous, a homeowner, a contractor, another contractor,
// an admin) with the run's shared sessions of the demo accounts, expecting an exact status (or a
// redirect target). Routes that take an id are also tried with another owner's id (the demo
// contractor's lead, receipt, photo and sandbox session as the second contractor; the homeowner's
// session as everyone else): not found, never revealed. Writes are probed with bodies the schema
// refuses (400 only once the caller is let in) or that name nothing (404), so the shared demo
// state other browser tests rely on stays as it is. Requests carry the Origin header a browser
// sends (cross-site ones are refused; see the last tests).
import { createHash } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, sessionCookie, signedInRequest } from '../helpers/e2e-session.ts';
import { fillPattern, siteRoutes, type Method } from '../helpers/route-list.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { createUser } from '../factories/index.ts';
import { expect, test } from '../helpers/test.ts';

type Who = 'anonymous' | 'homeowner' | 'contractor' | 'contractor2' | 'admin';
const WHO: Who[] = ['anonymous', 'homeowner', 'contractor', 'contractor2', 'admin'];

/** An expected answer: a status, a redirect to a location, or null: not sent as this visitor
 * (it would change what other tests rely on; the reason is in the probe's note). */
type Expect = number | `-> ${string}` | null;
type Expectations = Record<Who, Expect>;

/**
 * Who a route is for. public: anyone, the same answer; guest: the sign-in page (signed-in callers
 * are sent away); user / contractor / admin: the middleware's guard and route()'s auth; owner:
 * public address, but only the owner of what it names sees it (sandbox stand-ins); token: a
 * private link's token opens it, whoever is signed in; webhook: a third party's signed call;
 * dev-only: local development pages (not in production builds); fallback: a catch-all that
 * answers not found to those let in.
 */
type Access =
  | 'public'
  | 'guest'
  | 'user'
  | 'contractor'
  | 'admin'
  | 'owner'
  | 'token'
  | 'webhook'
  | 'dev-only'
  | 'fallback';

interface Probe {
  /** The method, when not the rule's (a page's form POST). */
  method?: Exclude<Method, 'ALL'>;
  path: string;
  body?: unknown;
  /** A form body (application/x-www-form-urlencoded), for pages that read a form. */
  form?: Record<string, string>;
  expect: Expectations;
  note?: string;
}

interface Rule {
  access: Access;
  probes: Probe[];
}

const toAuth = (path: string) => `-> /auth?returnTo=${encodeURIComponent(path)}` as const;
const toAdminAuth = (path: string) => `-> /auth?admin=required&returnTo=${encodeURIComponent(path)}` as const;
const same = (e: Expect): Expectations => ({
  anonymous: e,
  homeowner: e,
  contractor: e,
  contractor2: e,
  admin: e,
});
const signedIn = (anonymous: Expect, rest: Expect): Expectations => ({
  anonymous,
  homeowner: rest,
  contractor: rest,
  contractor2: rest,
  admin: rest,
});
/** A signed-in page: anonymous visitors are sent to sign in. */
const userPage = (path: string, ok: Expect) => signedIn(toAuth(path), ok);
/** A contractor's page: sign in first; homeowners and admins (not contractors) go home. */
const contractorPage = (path: string, ok: Expect, ok2: Expect = ok): Expectations => ({
  anonymous: toAuth(path),
  homeowner: '-> /',
  contractor: ok,
  contractor2: ok2,
  admin: '-> /',
});
/** An admin page: everyone else is sent to sign in as an admin. */
const adminPage = (path: string, admin: Expect): Expectations => ({
  anonymous: toAdminAuth(path),
  homeowner: toAdminAuth(path),
  contractor: toAdminAuth(path),
  contractor2: toAdminAuth(path),
  admin,
});
/** A signed-in API: 401 signed out. */
const userApi = (ok: Expect) => signedIn(401, ok);
/** A contractor's API: 401 signed out, 403 for homeowners and admins. */
const contractorApi = (ok: Expect, ok2: Expect = ok): Expectations => ({
  anonymous: 401,
  homeowner: 403,
  contractor: ok,
  contractor2: ok2,
  admin: 403,
});
/** An admin API: 401 signed out, 403 for homeowners and contractors. */
const adminApi = (admin: Expect): Expectations => ({
  anonymous: 401,
  homeowner: 403,
  contractor: 403,
  contractor2: 403,
  admin,
});

const NONE = '00000000-0000-4000-8000-000000000000';

/** Ids and slugs from the browser tests' database, found once. */
interface Ids {
  /** The demo contractor's (A's) paid lead distribution, and one of its charges with its sandbox
   * payment intent. */
  distribution: string;
  transaction: string;
  paymentIntent: string;
  /** A photo the demo contractor's profile lists. */
  photo: string;
  /** One of the demo contractor's portfolio items (an unknown id if it has none). */
  portfolioItem: string;
  /** A sandbox setup session of the demo contractor's business (started here: the demo has none). */
  setupSession: string;
  /** The stored id of the run's shared homeowner session (the SHA-256 of its cookie). */
  homeownerSession: string;
  lead: string;
  credit: string;
  user: string;
  business: string;
  claim: string;
  article: string;
  articleSlug: string;
  review: string;
  seoSlug: string;
  service: string;
  emergency: string;
  contractorSlug: string;
  upload: string;
  /** The demo homeowner's own request (issue 25: My requests). */
  homeownerRequest: string;
}

/** The run's shared homeowner session as the database stores it (the SHA-256 of its token). */
async function homeownerSessionId(baseURL: string): Promise<string> {
  const { value } = await sessionCookie(baseURL, 'homeowner');
  return createHash('sha256').update(value).digest('hex');
}

async function findIds(baseURL: string, setupSession: string): Promise<Ids> {
  // Asked of the server before the transaction opens: the embedded database serves one connection
  // at a time, so the server could not check the session while this transaction holds it.
  const homeownerSession = await homeownerSessionId(baseURL);
  return withSiteDatabase(baseURL, async (tx) => {
    const one = async <T>(query: Promise<T[]>, what: string): Promise<T> => {
      const rows = await query;
      if (!rows[0]) throw new Error(`The demo database has no ${what}`);
      return rows[0];
    };
    const owner = (email: string) => tx`select id from users where email = ${email}`;
    // A lead no other test moves: a rejected one, sold more than 7 days ago (no credit either).
    const distribution = await one(
      tx<{ id: string }[]>`
        select d.id from lead_distributions d join businesses b on b.id = d.business_id
         where b.owner_id = (${owner('contractor@example.com')}) and d.payment_status = 'paid'
           and d.stage = 'REJECTED' and d.created_at < now() - interval '7 days'
         order by d.created_at limit 1`,
      "demo contractor's old rejected lead",
    );
    // Its first charge with a payment intent (the demo's refunded one: no test changes it further).
    const charge = await one(
      tx<{ id: string; intent: string }[]>`
        select t.id, t.stripe_payment_intent_id as intent from payment_transactions t
          join businesses b on b.id = t.business_id
         where b.owner_id = (${owner('contractor@example.com')}) and t.stripe_payment_intent_id is not null
         order by t.created_at limit 1`,
      "demo contractor's charge",
    );
    const business = await one(
      tx<{ id: string; slug: string; images: string[] }[]>`
        select id, slug, images from businesses where owner_id = (${owner('contractor@example.com')})`,
      "demo contractor's business",
    );
    const pick = async (query: Promise<{ v: string }[]>, what: string) => (await one(query, what)).v;
    /** An id the demo may not have: an unknown one then (the body is refused before any lookup). */
    const maybe = async (query: Promise<{ v: string }[]>) => (await query)[0]?.v ?? NONE;
    return {
      distribution: distribution.id,
      transaction: charge.id,
      paymentIntent: charge.intent,
      photo: business.images[0] ?? (await Promise.reject(new Error('the demo contractor lists no photo'))),
      portfolioItem: await maybe(
        tx`select id as v from portfolio_items where business_id = ${business.id} order by display_order limit 1`,
      ),
      setupSession,
      homeownerSession,
      lead: await pick(tx`select id as v from leads order by created_at limit 1`, 'lead'),
      credit: await maybe(tx`select id as v from lead_credits order by created_at limit 1`),
      user: await pick(tx`select id as v from users where email = 'homeowner@example.com'`, 'homeowner'),
      business: business.id,
      claim: await maybe(tx`select id as v from business_claims order by created_at limit 1`),
      article: await pick(
        tx`select id as v from articles where status = 'published' order by slug limit 1`,
        'article',
      ),
      articleSlug: await pick(
        tx`select slug as v from articles where status = 'published' order by slug limit 1`,
        'article',
      ),
      review: await pick(tx`select id as v from reviews order by created_at limit 1`, 'review'),
      // A city-service page (built from the catalog: there is no seo_pages row until an admin edits one).
      seoSlug: 'plumbing-dayton-ohio',
      service: await pick(tx`select slug as v from services where slug = 'plumbing'`, 'plumbing service'),
      emergency: await pick(
        tx`select slug as v from emergency_services order by slug limit 1`,
        'emergency service',
      ),
      contractorSlug: business.slug,
      upload: business.images[0]!.replace(/^\/uploads\//, ''),
      homeownerRequest: await pick(
        tx`select l.id as v from leads l join users u on u.id = l.user_id
            where u.email = 'homeowner@example.com' order by l.created_at limit 1`,
        "demo homeowner's request",
      ),
    };
  });
}

/** Every route and method under src/pages, with its access class and its probes. */
function rules(ids: Ids): Record<string, Rule> {
  const page = (path: string, expect: Expectations = same(200)): Rule => ({
    access: 'public',
    probes: [{ path, expect }],
  });
  const adminGet = (path: string, ...more: Probe[]): Rule => ({
    access: 'admin',
    probes: [{ path, expect: adminApi(200) }, ...more],
  });
  /** An admin write: an empty body is refused by the schema (400) once the caller is an admin. */
  const adminWrite = (path: string, admin: Expect = 400, body: unknown = {}): Rule => ({
    access: 'admin',
    probes: [{ path, body, expect: adminApi(admin) }],
  });
  return {
    // Public pages, prebuilt or on demand; unknown slugs fall to the not-found pages.
    'GET /': page('/'),
    'GET /[slug]': {
      access: 'public',
      probes: [
        { path: fillPattern('/[slug]', { slug: ids.seoSlug }), expect: same(200) },
        { path: '/no-such-page', expect: same(404) },
      ],
    },
    'GET /404': page('/404', same(404)),
    'GET /500': page('/500', same(500)),
    'GET /ai': page('/ai'),
    'GET /articles': page('/articles'),
    'GET /articles/[slug]': page(fillPattern('/articles/[slug]', { slug: ids.articleSlug })),
    'GET /articles/[...missing]': page('/articles/no-such-article', same(404)),
    'GET /contractor-signup': page('/contractor-signup'),
    'GET /contractor/[slug]': page(fillPattern('/contractor/[slug]', { slug: ids.contractorSlug })),
    'GET /contractor/[...missing]': page('/contractor/no-such-contractor', same(404)),
    'GET /contractors': page('/contractors'),
    'GET /emergency/[slug]': page(fillPattern('/emergency/[slug]', { slug: ids.emergency })),
    // Any other slug: the spec's generic emergency record (200, noindex), never a not-found.
    'GET /emergency/[...generic]': page('/emergency/no-such-emergency'),
    'GET /forgot-password': page('/forgot-password'),
    'GET /how-we-make-money': page('/how-we-make-money'),
    'GET /lead-credit-rules': page('/lead-credit-rules'),
    'GET /lead-quality': page('/lead-quality'),
    'GET /lead-quality.json': page('/lead-quality.json'),
    'GET /llms.txt': page('/llms.txt'),
    'GET /offline': page('/offline'),
    'GET /privacy': page('/privacy'),
    'GET /quote-request': page('/quote-request'),
    // What the wizard names of a contractor asked from its profile (issue 25): prebuilt, public.
    'GET /quote-targets/[slug].json': {
      access: 'public',
      probes: [
        { path: fillPattern('/quote-targets/[slug].json', { slug: ids.contractorSlug }), expect: same(200) },
        { path: '/quote-targets/no-such-contractor.json', expect: same(404) },
      ],
    },
    'GET /reset-password': page('/reset-password'),
    'GET /robots.txt': page('/robots.txt'),
    'GET /service-areas': page('/service-areas'),
    'GET /services/[serviceSlug]': page(fillPattern('/services/[serviceSlug]', { serviceSlug: ids.service })),
    'GET /services/[...missing]': page('/services/no-such-service', same(404)),
    'GET /sw.js': page('/sw.js'),
    'GET /terms': page('/terms'),
    'GET /uploads/[...path]': {
      access: 'public',
      probes: [
        { path: fillPattern('/uploads/[...path]', { '...path': ids.upload }), expect: same(200) },
        { path: '/uploads/no-such-file.png', expect: same(404) },
      ],
    },
    // The undo link of an e-mail change (issue 26): a bad token opens nothing.
    'GET /auth/undo-email': {
      access: 'token',
      probes: [{ path: '/auth/undo-email?token=not-a-token', expect: same(400) }],
    },
    'GET /auth/verify': {
      access: 'token',
      probes: [{ path: '/auth/verify?token=not-a-token', expect: same('-> /auth?verify=invalid') }],
    },
    // Private links: the token opens them, whoever is signed in; a wrong one opens nothing.
    'GET /quote-request/confirm': {
      access: 'token',
      probes: [{ path: '/quote-request/confirm?token=not-a-token', expect: same(404) }],
    },
    'GET /quote-request/responses': {
      access: 'token',
      probes: [
        { path: '/quote-request/responses?token=not-a-token', expect: same(404) },
        // A message with a wrong token (issue 25): nothing opens, nothing is stored.
        {
          method: 'POST',
          path: '/quote-request/responses',
          form: { token: 'A'.repeat(43), message: '1', businessId: NONE, body: 'Hello' },
          expect: same(404),
        },
      ],
    },
    'GET /review': { access: 'token', probes: [{ path: '/review?token=not-a-token', expect: same(404) }] },
    // The sign-in page: signed-in callers go home, except a non-admin sent from an admin page.
    'GET /auth': {
      access: 'guest',
      probes: [
        // Issue 24: to the account's home (the mobile Account tab), never bounced to the home page.
        {
          path: '/auth',
          expect: {
            anonymous: 200,
            homeowner: '-> /profile',
            contractor: '-> /dashboard',
            contractor2: '-> /dashboard',
            admin: '-> /admin',
          },
        },
        {
          path: '/auth?admin=required&returnTo=%2Fadmin',
          expect: { anonymous: 200, homeowner: 200, contractor: 200, contractor2: 200, admin: '-> /admin' },
        },
      ],
    },
    'GET /profile': { access: 'user', probes: [{ path: '/profile', expect: userPage('/profile', 200) }] },
    // Setting up or confirming a second factor (issue 26): any signed-in user.
    'GET /second-factor': {
      access: 'user',
      probes: [{ path: '/second-factor', expect: userPage('/second-factor', 200) }],
    },
    // My requests (issue 25): the account's own; another account's request is not found, never shown.
    'GET /profile/requests': {
      access: 'user',
      probes: [{ path: '/profile/requests', expect: userPage('/profile/requests', 200) }],
    },
    'GET /profile/requests/[id]': {
      access: 'user',
      probes: [
        {
          path: fillPattern('/profile/requests/[id]', { id: ids.homeownerRequest }),
          expect: {
            ...userPage(fillPattern('/profile/requests/[id]', { id: ids.homeownerRequest }), 404),
            homeowner: 200,
          },
        },
        { path: `/profile/requests/${NONE}`, expect: userPage(`/profile/requests/${NONE}`, 404) },
        {
          // A message to a contractor the request did not go to: refused, nothing stored.
          method: 'POST',
          path: fillPattern('/profile/requests/[id]', { id: ids.homeownerRequest }),
          form: { message: '1', businessId: NONE, body: 'Hello' },
          expect: {
            ...userPage(fillPattern('/profile/requests/[id]', { id: ids.homeownerRequest }), 404),
            homeowner: 404,
          },
        },
      ],
    },
    'GET /dashboard': {
      access: 'contractor',
      probes: [{ path: '/dashboard', expect: contractorPage('/dashboard', 200) }],
    },
    'GET /dashboard/[...path]': {
      access: 'contractor',
      probes: [{ path: '/dashboard/no-such-page', expect: contractorPage('/dashboard/no-such-page', 404) }],
    },
    'GET /contractor/billing': {
      access: 'contractor',
      probes: [{ path: '/contractor/billing', expect: contractorPage('/contractor/billing', 200) }],
    },
    // Our own receipt of a charge: only its business's owner sees it; another contractor, like an
    // unknown id, gets not found.
    'GET /contractor/billing/receipts/[id]': {
      access: 'contractor',
      probes: [
        {
          path: fillPattern('/contractor/billing/receipts/[id]', { id: ids.transaction }),
          expect: contractorPage(
            fillPattern('/contractor/billing/receipts/[id]', { id: ids.transaction }),
            200,
            404,
          ),
        },
        {
          path: `/contractor/billing/receipts/${NONE}`,
          expect: contractorPage(`/contractor/billing/receipts/${NONE}`, 404),
        },
      ],
    },
    // Dev-only pages: served by the local and test servers (no production build has them).
    'GET /dev/mail': { access: 'dev-only', probes: [{ path: '/dev/mail', expect: same(200) }] },
    'GET /dev/sms': { access: 'dev-only', probes: [{ path: '/dev/sms', expect: same(200) }] },
    'GET /dev/errors': { access: 'dev-only', probes: [{ path: '/dev/errors', expect: same(200) }] },
    'GET /dev/push': { access: 'dev-only', probes: [{ path: '/dev/push', expect: same(200) }] },
    // The sandbox phone's push service: a message that is not aes128gcm is refused; no other phone.
    'POST /dev/push/[id]': {
      access: 'dev-only',
      probes: [
        { path: '/dev/push/sandbox-phone', body: {}, expect: same(415) },
        { path: '/dev/push/another-phone', body: {}, expect: same(404) },
      ],
    },
    // The sandbox gateway's stand-ins of Stripe's hosted pages: only the owner of the business a
    // session or charge is for sees it; anyone else gets not found.
    'GET /sandbox/checkout/setup': {
      access: 'owner',
      probes: [
        {
          path: '/sandbox/checkout/setup?session=cs_sbx_00000000000000000000000000000000',
          expect: same(404),
        },
        {
          method: 'POST',
          path: '/sandbox/checkout/setup',
          form: { session: 'cs_sbx_00000000000000000000000000000000', number: '4242424242424242' },
          expect: same(404),
        },
        {
          path: `/sandbox/checkout/setup?session=${ids.setupSession}`,
          expect: { anonymous: 404, homeowner: 404, contractor: 200, contractor2: 404, admin: 404 },
        },
        // Saving a card into the demo contractor's session as anyone else: not found.
        {
          method: 'POST',
          path: '/sandbox/checkout/setup',
          form: { session: ids.setupSession, number: '4242424242424242', expiry: '12/34', cvc: '123' },
          expect: { anonymous: 404, homeowner: 404, contractor: null, contractor2: 404, admin: 404 },
          note: 'not sent as the owner: it would save a card',
        },
      ],
    },
    'GET /sandbox/checkout/subscription': {
      access: 'owner',
      probes: [
        {
          path: '/sandbox/checkout/subscription?session=cs_sbx_00000000000000000000000000000000',
          expect: same(404),
        },
      ],
    },
    'GET /sandbox/portal': {
      access: 'owner',
      probes: [{ path: '/sandbox/portal?session=bps_sbx_000000000000000000000000', expect: same(404) }],
    },
    'GET /sandbox/receipts/[id]': {
      access: 'owner',
      probes: [
        {
          path: fillPattern('/sandbox/receipts/[id]', { id: ids.paymentIntent }),
          expect: { anonymous: 404, homeowner: 404, contractor: 200, contractor2: 404, admin: 404 },
        },
      ],
    },
    // The admin area.
    ...Object.fromEntries(
      [
        '/admin',
        '/admin/users',
        '/admin/activity-logs',
        '/admin/contractors',
        '/admin/publish',
        '/admin/payment-test',
        '/admin/payments',
        '/admin/revenue-validation',
        '/admin/leads',
        '/admin/fraud',
        '/admin/content',
      ].map((path) => [`GET ${path}`, { access: 'admin', probes: [{ path, expect: adminPage(path, 200) }] }]),
    ),
    'GET /admin/[...path]': {
      access: 'admin',
      probes: [{ path: '/admin/no-such-page', expect: adminPage('/admin/no-such-page', 404) }],
    },
    // Three old addresses redirect (admins only: everyone else is sent to sign in first).
    ...Object.fromEntries(
      (
        [
          ['/admin/content-moderation', '/admin/content?tab=reviews'],
          ['/admin/reviews', '/admin/content?tab=reviews'],
          ['/admin/seo', '/admin/content?tab=seo-pages'],
        ] as const
      ).map(([path, to]) => [
        `GET ${path}`,
        { access: 'admin', probes: [{ path, expect: adminPage(path, `-> ${to}`) }] },
      ]),
    ),
    'ALL /api/admin/[...path]': {
      access: 'admin',
      probes: [
        { path: '/api/admin/no-such-endpoint', expect: adminApi(404) },
        { method: 'POST', path: '/api/admin/no-such-endpoint', body: {}, expect: adminApi(404) },
      ],
    },
    'GET /api/admin/activity-logs': adminGet('/api/admin/activity-logs', {
      path: '/api/admin/activity-logs?action=user.disable',
      expect: adminApi(200),
    }),
    'POST /api/admin/claims/[id]/approve': {
      access: 'admin',
      probes: [{ path: `/api/admin/claims/${NONE}/approve`, body: {}, expect: adminApi(404) }],
    },
    'POST /api/admin/claims/[id]/reject': adminWrite(
      fillPattern('/api/admin/claims/[id]/reject', { id: ids.claim }),
    ),
    'GET /api/admin/content/articles': adminGet('/api/admin/content/articles'),
    // An invalid article (no title): nothing is created, even for an admin.
    'POST /api/admin/content/articles': adminWrite('/api/admin/content/articles', 400, {
      title: '',
      slug: 'matrix-check',
      category: 'Matrix',
      body: 'Matrix',
    }),
    'GET /api/admin/content/articles/[id]': adminGet(
      fillPattern('/api/admin/content/articles/[id]', { id: ids.article }),
      {
        path: `/api/admin/content/articles/${NONE}`,
        expect: adminApi(404),
      },
    ),
    'POST /api/admin/content/articles/[id]': adminWrite(
      fillPattern('/api/admin/content/articles/[id]', { id: ids.article }),
    ),
    // Not multipart: refused before anything is read (415), after the role check.
    'POST /api/admin/content/articles/[id]/cover': adminWrite(
      fillPattern('/api/admin/content/articles/[id]/cover', { id: ids.article }),
      415,
      { file: 'x' },
    ),
    'POST /api/admin/content/articles/[id]/published': adminWrite(
      fillPattern('/api/admin/content/articles/[id]/published', { id: ids.article }),
    ),
    'GET /api/admin/content/reviews': adminGet('/api/admin/content/reviews', {
      path: '/api/admin/content/reviews?show=hidden&cursor=bad',
      expect: adminApi(400),
    }),
    // A body the schema refuses (it takes none): no review changes, even for an admin.
    'POST /api/admin/content/reviews/[id]/approve': adminWrite(
      fillPattern('/api/admin/content/reviews/[id]/approve', { id: ids.review }),
      400,
      { approve: true },
    ),
    'POST /api/admin/content/reviews/[id]/visibility': adminWrite(
      fillPattern('/api/admin/content/reviews/[id]/visibility', { id: ids.review }),
    ),
    'GET /api/admin/content/seo-pages': adminGet('/api/admin/content/seo-pages?q=dayton'),
    'GET /api/admin/content/seo-pages/[slug]': adminGet(
      fillPattern('/api/admin/content/seo-pages/[slug]', { slug: ids.seoSlug }),
      { path: '/api/admin/content/seo-pages/no-such-page-ohio', expect: adminApi(404) },
    ),
    'POST /api/admin/content/seo-pages/[slug]': adminWrite(
      fillPattern('/api/admin/content/seo-pages/[slug]', { slug: ids.seoSlug }),
    ),
    'POST /api/admin/content/seo-pages/[slug]/preview': adminWrite(
      fillPattern('/api/admin/content/seo-pages/[slug]/preview', { slug: ids.seoSlug }),
    ),
    // No article list: refused by the schema (400) once the caller is an admin; nothing is chosen.
    'POST /api/admin/content/seo-pages/[slug]/articles': adminWrite(
      fillPattern('/api/admin/content/seo-pages/[slug]/articles', { slug: ids.seoSlug }),
    ),
    'GET /api/admin/contractors': adminGet(
      '/api/admin/contractors?list=pending',
      { path: '/api/admin/contractors?list=claims', expect: adminApi(200) },
      { path: '/api/admin/contractors?list=listed&q=plumb', expect: adminApi(200) },
    ),
    // Approving needs no body: an unknown business is probed (404), never a real one.
    'POST /api/admin/contractors/[id]/approve': {
      access: 'admin',
      probes: [{ path: `/api/admin/contractors/${NONE}/approve`, body: {}, expect: adminApi(404) }],
    },
    ...Object.fromEntries(
      (['featured', 'licence', 'reject', 'status'] as const).map((action) => [
        `POST /api/admin/contractors/[id]/${action}`,
        adminWrite(fillPattern(`/api/admin/contractors/[id]/${action}`, { id: ids.business })),
      ]),
    ),
    'GET /api/admin/fraud': adminGet(
      '/api/admin/fraud?list=held',
      { path: '/api/admin/fraud?list=reported', expect: adminApi(200) },
      { path: '/api/admin/fraud?list=blocked', expect: adminApi(200) },
      { path: '/api/admin/fraud?list=everything', expect: adminApi(400) },
    ),
    // Releasing needs no body: an unknown request or block is probed (404), never a real one.
    'POST /api/admin/fraud/blocks/[id]/release': {
      access: 'admin',
      probes: [{ path: `/api/admin/fraud/blocks/${NONE}/release`, body: {}, expect: adminApi(404) }],
    },
    // No reason: refused by the schema (400) once the caller is an admin; nothing is blocked.
    'POST /api/admin/fraud/leads/[id]/block': adminWrite(
      fillPattern('/api/admin/fraud/leads/[id]/block', { id: ids.lead }),
    ),
    'POST /api/admin/fraud/leads/[id]/release': {
      access: 'admin',
      probes: [{ path: `/api/admin/fraud/leads/${NONE}/release`, body: {}, expect: adminApi(404) }],
    },
    'GET /api/admin/leads': adminGet('/api/admin/leads?qualification=qualified&q=dayton', {
      path: '/api/admin/leads?cursor=bad',
      expect: adminApi(400),
    }),
    'GET /api/admin/leads/[id]': adminGet(fillPattern('/api/admin/leads/[id]', { id: ids.lead }), {
      path: `/api/admin/leads/${NONE}`,
      expect: adminApi(404),
    }),
    'POST /api/admin/leads/[id]/resend': adminWrite(
      fillPattern('/api/admin/leads/[id]/resend', { id: ids.lead }),
    ),
    'GET /api/admin/payment-test': adminGet('/api/admin/payment-test?limit=10', {
      path: '/api/admin/payment-test?limit=7',
      expect: adminApi(400),
    }),
    'GET /api/admin/payment-test/recipients': adminGet('/api/admin/payment-test/recipients?q=roof'),
    'POST /api/admin/payment-test/recipients': adminWrite('/api/admin/payment-test/recipients'),
    // An unknown service: refused, nothing charged.
    'POST /api/admin/payment-test/runs': adminWrite('/api/admin/payment-test/runs', 400, {
      service: 'no-such-service',
      area: 'dayton',
    }),
    'GET /api/admin/payments/chargebacks': adminGet('/api/admin/payments/chargebacks'),
    'GET /api/admin/payments/credits': adminGet('/api/admin/payments/credits'),
    'POST /api/admin/payments/credits/[id]/decline': adminWrite(
      fillPattern('/api/admin/payments/credits/[id]/decline', { id: ids.credit }),
    ),
    'POST /api/admin/payments/credits/[id]/grant': adminWrite(
      fillPattern('/api/admin/payments/credits/[id]/grant', { id: ids.credit }),
    ),
    'GET /api/admin/payments/transactions': adminGet('/api/admin/payments/transactions?status=failed', {
      path: '/api/admin/payments/transactions?cursor=bad',
      expect: adminApi(400),
    }),
    // Reading the publish state only: a POST would rebuild the site the suite is served from.
    'GET /api/admin/publish': adminGet('/api/admin/publish'),
    'POST /api/admin/publish': {
      access: 'admin',
      probes: [
        {
          path: '/api/admin/publish',
          expect: { ...adminApi(null) },
          note: 'not sent as an admin: it would rebuild the site the suite is served from (publish.spec.ts)',
        },
      ],
    },
    'GET /api/admin/revenue-validation': adminGet(
      '/api/admin/revenue-validation?from=2019-06-01&to=2019-06-30',
    ),
    'GET /api/admin/users': adminGet('/api/admin/users', {
      path: '/api/admin/users?q=example&cursor=bad',
      expect: adminApi(400),
    }),
    'POST /api/admin/users/[id]/roles': adminWrite(
      fillPattern('/api/admin/users/[id]/roles', { id: ids.user }),
    ),
    'POST /api/admin/users/[id]/status': adminWrite(
      fillPattern('/api/admin/users/[id]/status', { id: ids.user }),
    ),
    // The account's own APIs: any signed-in user, always the caller's own data.
    'POST /api/account/deletion': {
      access: 'user',
      probes: [{ path: '/api/account/deletion', expect: userApi(202) }],
    },
    'POST /api/account/password': {
      access: 'user',
      probes: [
        {
          path: '/api/account/password',
          body: {
            currentPassword: 'wrong-password',
            password: 'N3w!Passw0rd-Kettle',
            confirmPassword: 'N3w!Passw0rd-Kettle',
          },
          expect: userApi(400),
        },
      ],
    },
    // The password asked again (issue 26): an empty body is refused before any attempt is counted.
    'POST /api/account/reauth': {
      access: 'user',
      probes: [{ path: '/api/account/reauth', body: {}, expect: userApi(400) }],
    },
    'PUT /api/account/preferences': {
      access: 'user',
      probes: [{ path: '/api/account/preferences', body: {}, expect: userApi(400) }],
    },
    'GET /api/account/profile': {
      access: 'user',
      probes: [{ path: '/api/account/profile', expect: userApi(200) }],
    },
    'PUT /api/account/profile': {
      access: 'user',
      probes: [
        {
          path: '/api/account/profile',
          body: { fullName: 'x', email: 'not an email' },
          expect: userApi(400),
        },
      ],
    },
    'GET /api/account/sessions': {
      access: 'user',
      probes: [{ path: '/api/account/sessions', expect: userApi(200) }],
    },
    // The second factor (issue 26): always the caller's own.
    'GET /api/account/second-factor': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor', expect: userApi(200) }],
    },
    'POST /api/account/second-factor/totp': {
      access: 'user',
      // A new secret waits unconfirmed; the app in use (the demo admin's) stays as it is.
      probes: [{ path: '/api/account/second-factor/totp', expect: userApi(200) }],
    },
    'PUT /api/account/second-factor/totp': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/totp', body: {}, expect: userApi(400) }],
    },
    'DELETE /api/account/second-factor/totp': {
      access: 'user',
      // The demo homeowner and contractors have no app to remove; an admin keeps theirs.
      probes: [
        {
          path: '/api/account/second-factor/totp',
          expect: { anonymous: 401, homeowner: 200, contractor: 200, contractor2: 200, admin: 403 },
        },
      ],
    },
    'POST /api/account/second-factor/recovery-codes': {
      access: 'user',
      // Only with a second factor: the demo admin's (who has no recovery codes others rely on).
      probes: [
        {
          path: '/api/account/second-factor/recovery-codes',
          expect: { anonymous: 401, homeowner: 409, contractor: 409, contractor2: 409, admin: 200 },
        },
      ],
    },
    'POST /api/account/second-factor/verify': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/verify', body: {}, expect: userApi(400) }],
    },
    // A passkey proving the factor in the session: the demo accounts have none (409); an answer
    // the schema refuses (400).
    'POST /api/account/second-factor/verify-passkey/options': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/verify-passkey/options', expect: userApi(409) }],
    },
    'POST /api/account/second-factor/verify-passkey': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/verify-passkey', body: {}, expect: userApi(400) }],
    },
    // Passkeys: a challenge for the caller's own account (kept server-side, single use); an answer
    // the schema refuses (400); a passkey no one has (404). The demo admin's session proved a
    // second factor, the others have none, so all may.
    'POST /api/account/second-factor/passkeys/options': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/passkeys/options', expect: userApi(200) }],
    },
    'POST /api/account/second-factor/passkeys': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/passkeys', body: {}, expect: userApi(400) }],
    },
    'DELETE /api/account/second-factor/passkeys': {
      access: 'user',
      probes: [{ path: '/api/account/second-factor/passkeys?id=no-such-passkey', expect: userApi(404) }],
    },
    'DELETE /api/account/sessions': {
      access: 'user',
      probes: [
        { path: '/api/account/sessions?id=0000000000000000', expect: userApi(404) },
        // The homeowner's session, ended by anyone else (the handle the sessions list shows: the first
        // 16 hex digits of its id): not found, and the homeowner stays signed in.
        {
          path: `/api/account/sessions?id=${ids.homeownerSession.slice(0, 16)}`,
          expect: { anonymous: 401, homeowner: null, contractor: 404, contractor2: 404, admin: 404 },
          note: "not sent as the homeowner: it is the run's shared session",
        },
      ],
    },
    // The contractor's APIs: the caller's own business; another's ids are not found.
    'ALL /api/contractor/[...path]': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/no-such-endpoint', expect: contractorApi(404) },
        { method: 'POST', path: '/api/contractor/no-such-endpoint', body: {}, expect: contractorApi(404) },
      ],
    },
    'GET /api/contractor/analytics': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/analytics?days=30', expect: contractorApi(200) }],
    },
    'GET /api/contractor/billing/export.csv': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/billing/export.csv?range=30', expect: contractorApi(200) }],
    },
    'POST /api/contractor/billing/plan': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/billing/plan', body: { action: 'upgrade' }, expect: contractorApi(400) },
      ],
    },
    'POST /api/contractor/billing/portal': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/billing/portal',
          expect: contractorApi(200, null),
          note: 'not sent as the second contractor: 409 before anyone started its payment setup, 200 after',
        },
      ],
    },
    'GET /api/contractor/billing/receipt/[id]': {
      access: 'contractor',
      probes: [
        // The demo contractor's own charge: to the receipt; the second contractor: not found.
        {
          path: fillPattern('/api/contractor/billing/receipt/[id]', { id: ids.transaction }),
          expect: contractorApi(303, 404),
        },
        { path: `/api/contractor/billing/receipt/${NONE}`, expect: contractorApi(404) },
      ],
    },
    'GET /api/contractor/billing/summary': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/billing/summary', expect: contractorApi(200) }],
    },
    'GET /api/contractor/billing/transactions': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/billing/transactions?range=all&pageSize=25', expect: contractorApi(200) },
      ],
    },
    'GET /api/contractor/insights': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/insights', expect: contractorApi(200) }],
    },
    'GET /api/contractor/leads': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/leads', expect: contractorApi(200) }],
    },
    'GET /api/contractor/leads/[id]': {
      access: 'contractor',
      probes: [
        {
          path: fillPattern('/api/contractor/leads/[id]', { id: ids.distribution }),
          expect: contractorApi(200, 404),
        },
        { path: `/api/contractor/leads/${NONE}`, expect: contractorApi(404) },
      ],
    },
    // The lead's writes: an empty body is refused (400) once the caller is a contractor; a valid one
    // on the demo contractor's lead is not found for the second contractor (not sent as its owner).
    ...Object.fromEntries(
      (
        [
          ['stage', { stage: 'REJECTED' }],
          ['responses', { subject: 'Hello', message: 'Hello there' }],
          ['credit', { reason: 'duplicate' }],
          ['undo-stage', { from: 'REJECTED', to: 'NEW' }],
        ] as const
      ).map(([action, body]) => {
        const path = fillPattern(`/api/contractor/leads/[id]/${action}`, { id: ids.distribution });
        return [
          `POST /api/contractor/leads/[id]/${action}`,
          {
            access: 'contractor',
            probes: [
              { path, body: {}, expect: contractorApi(400) },
              {
                path,
                body,
                expect: contractorApi(null, 404),
                note: "not sent as the lead's owner: it would change the demo contractor's lead",
              },
              { path: `/api/contractor/leads/${NONE}/${action}`, body, expect: contractorApi(404) },
            ],
          },
        ];
      }),
    ),
    // A message on a lead (issue 25): multipart only (a JSON body is 415 for the lead's owner);
    // another contractor's lead, or an unknown one, is not found before the body is read.
    'POST /api/contractor/leads/[id]/messages': {
      access: 'contractor',
      probes: [
        {
          path: fillPattern('/api/contractor/leads/[id]/messages', { id: ids.distribution }),
          body: { body: 'Hello' },
          expect: contractorApi(415, 404),
        },
        {
          path: `/api/contractor/leads/${NONE}/messages`,
          body: { body: 'Hello' },
          expect: contractorApi(404),
        },
      ],
    },
    // Lead alerts: the caller's own devices; a wrong subscription is refused; another's device is
    // not found; a test alert goes to the caller's devices (the second contractor has none).
    'GET /api/contractor/alerts/devices': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/alerts/devices', expect: contractorApi(200) }],
    },
    'POST /api/contractor/alerts/devices': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/alerts/devices',
          body: { subscription: { endpoint: 'https://evil.example/x' } },
          expect: contractorApi(400),
        },
      ],
    },
    'DELETE /api/contractor/alerts/devices/[id]': {
      access: 'contractor',
      probes: [{ path: `/api/contractor/alerts/devices/${NONE}`, expect: contractorApi(404) }],
    },
    'POST /api/contractor/alerts/test': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/alerts/test', body: { channel: 'push' }, expect: contractorApi(200, 409) },
      ],
    },
    // Alert settings: the caller's own; a wrong body is refused and changes nothing.
    'GET /api/contractor/alerts/settings': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/alerts/settings', expect: contractorApi(200) }],
    },
    'PUT /api/contractor/alerts/settings': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/alerts/settings', body: { channels: {} }, expect: contractorApi(400) },
      ],
    },
    'POST /api/contractor/alerts/sms-phone': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/alerts/sms-phone', body: { phone: '12' }, expect: contractorApi(400) },
      ],
    },
    'DELETE /api/contractor/alerts/sms-phone': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/alerts/sms-phone',
          expect: contractorApi(null),
          note: 'not sent as a contractor: it would remove the number another browser test confirms',
        },
      ],
    },
    'POST /api/contractor/alerts/sms-phone/confirm': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/alerts/sms-phone/confirm',
          body: { code: '12' },
          expect: contractorApi(400),
        },
      ],
    },
    // Away time: the caller's own; a wrong day is refused and changes nothing.
    'GET /api/contractor/away': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/away', expect: contractorApi(200) }],
    },
    'PUT /api/contractor/away': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/away',
          body: { firstDay: 'soon', lastDay: 'later', reason: 'vacation' },
          expect: contractorApi(400),
        },
      ],
    },
    'DELETE /api/contractor/away/[id]': {
      access: 'contractor',
      probes: [{ path: `/api/contractor/away/${NONE}`, expect: contractorApi(404) }],
    },
    'GET /api/contractor/limits': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/limits', expect: contractorApi(200) }],
    },
    // A wrong body changes nothing (the demo contractor's limits stay for the tests that sell it leads).
    'PUT /api/contractor/limits': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/limits',
          body: { monthlySpendCapDollars: 1, weeklyLeadCap: 0, leadsPaused: true },
          expect: contractorApi(400),
        },
      ],
    },
    // A new setup session changes nothing for the demo contractor until a card is saved on the
    // sandbox's page; the second one would get a gateway customer ('pending').
    'POST /api/contractor/payment-setup': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/payment-setup',
          expect: contractorApi(200, null),
          note: 'not sent as the second contractor: other tests rely on it having no payment set up',
        },
      ],
    },
    'POST /api/contractor/payment-setup/complete': {
      access: 'contractor',
      probes: [
        {
          path: '/api/contractor/payment-setup/complete',
          body: { sessionId: 'cs_test_not_a_session' },
          expect: contractorApi(404),
        },
        {
          path: '/api/contractor/payment-setup/complete',
          body: { sessionId: ids.setupSession },
          expect: contractorApi(null, 404),
          note: "not sent as the session's owner (it records the card again)",
        },
      ],
    },
    'POST /api/contractor/photos': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/photos', body: { file: 'x' }, expect: contractorApi(415) }],
    },
    'DELETE /api/contractor/photos': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/photos?url=%2Fuploads%2Fnot-listed.png', expect: contractorApi(404) },
        // The demo contractor's photo, unlisted by the second: not found (not sent as its owner).
        {
          path: `/api/contractor/photos?url=${encodeURIComponent(ids.photo)}`,
          expect: contractorApi(null, 404),
          note: "not sent as the photo's owner: it would unlist it",
        },
      ],
    },
    // The portfolio: the caller's own; a JSON body is refused (multipart only); another's item is not found.
    'GET /api/contractor/portfolio': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/portfolio', expect: contractorApi(200) }],
    },
    'POST /api/contractor/portfolio': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/portfolio', body: { title: 'x' }, expect: contractorApi(415) }],
    },
    'POST /api/contractor/portfolio/[id]': {
      access: 'contractor',
      probes: [
        { path: `/api/contractor/portfolio/${NONE}`, body: { title: 'x' }, expect: contractorApi(415) },
      ],
    },
    'DELETE /api/contractor/portfolio/[id]': {
      access: 'contractor',
      probes: [
        { path: `/api/contractor/portfolio/${NONE}`, expect: contractorApi(404) },
        {
          path: fillPattern('/api/contractor/portfolio/[id]', { id: ids.portfolioItem }),
          expect: contractorApi(null, 404),
          note: "not sent as the item's owner: it would remove it",
        },
      ],
    },
    'PUT /api/contractor/portfolio/order': {
      access: 'contractor',
      probes: [
        { path: '/api/contractor/portfolio/order', body: { ids: [NONE] }, expect: contractorApi(400) },
      ],
    },
    'GET /api/contractor/profile': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/profile', expect: contractorApi(200) }],
    },
    'PUT /api/contractor/profile': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/profile', body: { tagline: 'x' }, expect: contractorApi(400) }],
    },
    'GET /api/contractor/stats': {
      access: 'contractor',
      probes: [{ path: '/api/contractor/stats', expect: contractorApi(200) }],
    },
    // Public APIs: the same answer whoever asks; writes refused by their schema.
    'POST /api/analytics/events': {
      access: 'public',
      probes: [{ path: '/api/analytics/events', body: {}, expect: same(400) }],
    },
    'POST /api/articles/[id]/view': {
      access: 'public',
      probes: [{ path: `/api/articles/${NONE}/view`, expect: same(404) }],
    },
    'POST /api/seo-pages/[slug]/view': {
      access: 'public',
      probes: [{ path: '/api/seo-pages/no-such-page-ohio/view', expect: same(404) }],
    },
    'POST /api/auth/forgot-password': {
      access: 'public',
      probes: [{ path: '/api/auth/forgot-password', body: {}, expect: same(400) }],
    },
    'GET /api/auth/reset-password': {
      access: 'token',
      probes: [{ path: '/api/auth/reset-password?token=not-a-token', expect: same(200) }],
    },
    'POST /api/auth/reset-password': {
      access: 'token',
      probes: [{ path: '/api/auth/reset-password', body: {}, expect: same(400) }],
    },
    'GET /api/auth/session': { access: 'public', probes: [{ path: '/api/auth/session', expect: same(200) }] },
    // An empty body: refused before any attempt is counted against the sign-in limits.
    'POST /api/auth/sign-in': {
      access: 'public',
      probes: [{ path: '/api/auth/sign-in', body: {}, expect: same(400) }],
    },
    // The sign-in's second step: the schema first (400), then the pending sign-in's cookie.
    'POST /api/auth/second-factor': {
      access: 'public',
      probes: [
        { path: '/api/auth/second-factor', body: {}, expect: same(400) },
        { path: '/api/auth/second-factor', body: { code: '123456' }, expect: same(401) },
      ],
    },
    // A passkey at the sign-in's second step: only with the pending sign-in's cookie.
    'POST /api/auth/passkey-options': {
      access: 'public',
      probes: [{ path: '/api/auth/passkey-options', expect: same(401) }],
    },
    'POST /api/auth/passkey': {
      access: 'public',
      probes: [{ path: '/api/auth/passkey', body: {}, expect: same(400) }],
    },
    'POST /api/auth/sign-out': {
      access: 'public',
      probes: [
        {
          path: '/api/auth/sign-out',
          expect: { anonymous: 200, homeowner: null, contractor: null, contractor2: null, admin: null },
          note: "sent signed out only: signed in, it ends the run's shared session (tested below)",
        },
      ],
    },
    'POST /api/auth/sign-up': {
      access: 'public',
      probes: [{ path: '/api/auth/sign-up', body: {}, expect: same(400) }],
    },
    // Proving a listing claim (issue 23): the registering browser's proof cookie, or the signed-in
    // claimant's session, names the claim; the body is checked first (who may send a code, and to
    // whom, is claim-proof.test.ts's).
    'POST /api/claims/code': {
      access: 'token',
      probes: [{ path: '/api/claims/code', body: {}, expect: same(400) }],
    },
    'POST /api/claims/confirm': {
      access: 'token',
      probes: [{ path: '/api/claims/confirm', body: {}, expect: same(400) }],
    },
    // Registration: its body is checked first (a signed-in caller's 403 is an integration test).
    'POST /api/contractor-signup': {
      access: 'public',
      probes: [{ path: '/api/contractor-signup', body: {}, expect: same(400) }],
    },
    'GET /api/contractor-signup/place': {
      access: 'public',
      probes: [{ path: '/api/contractor-signup/place', expect: same(400) }],
    },
    'GET /api/contractor-signup/search': {
      access: 'public',
      probes: [{ path: '/api/contractor-signup/search?q=Dayton', expect: same(200) }],
    },
    'POST /api/csp-report': {
      access: 'public',
      probes: [{ path: '/api/csp-report', body: {}, expect: same(400) }],
    },
    'GET /api/geocode': {
      access: 'public',
      probes: [{ path: '/api/geocode?lat=39.76&lng=-84.19', expect: same(200) }],
    },
    // Netlify's signed deploy notifications: no secret configured here, so nothing is accepted.
    'POST /api/netlify/deploy-status': {
      access: 'webhook',
      probes: [{ path: '/api/netlify/deploy-status', body: {}, expect: same(404) }],
    },
    // The homeowner's links: only a token opens them, whoever is signed in.
    'POST /api/quote-responses/accept': {
      access: 'token',
      probes: [
        {
          path: '/api/quote-responses/accept',
          body: { token: 'u'.repeat(43), communicationId: NONE },
          expect: same(404),
        },
      ],
    },
    'POST /api/quote-responses/job-done': {
      access: 'token',
      probes: [
        {
          path: '/api/quote-responses/job-done',
          body: { token: 'u'.repeat(43), businessId: NONE },
          expect: same(404),
        },
      ],
    },
    // A homeowner's notifications for one request: only the link's token (or, signed in, one of the
    // account's own requests) names it; a wrong token is a 404 whoever is signed in.
    'POST /api/quote-responses/push': {
      access: 'token',
      probes: [
        {
          path: '/api/quote-responses/push',
          body: {
            token: 'u'.repeat(43),
            subscription: {
              endpoint: 'https://fcm.googleapis.com/fcm/send/x',
              keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
            },
          },
          expect: same(404),
        },
        {
          path: '/api/quote-responses/push',
          body: {
            requestId: NONE,
            subscription: {
              endpoint: 'https://fcm.googleapis.com/fcm/send/x',
              keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
            },
          },
          expect: same(404),
        },
      ],
    },
    'DELETE /api/quote-responses/push': {
      access: 'token',
      probes: [
        {
          path: '/api/quote-responses/push',
          body: { token: 'u'.repeat(43), endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
          expect: same(404),
        },
      ],
    },
    'POST /api/quote-responses/push/state': {
      access: 'token',
      probes: [
        {
          path: '/api/quote-responses/push/state',
          body: { requestId: NONE, endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
          expect: same(404),
        },
      ],
    },
    'POST /api/quotes': { access: 'public', probes: [{ path: '/api/quotes', body: {}, expect: same(400) }] },
    // A code for a request nobody has: 404 whoever asks (the request key is the homeowner's secret).
    'POST /api/quotes/verify': {
      access: 'public',
      probes: [
        {
          path: '/api/quotes/verify',
          body: { requestKey: '00000000-0000-4000-8000-000000000000', code: '123456' },
          expect: same(404),
        },
      ],
    },
    // Where a request stands: 404 for a key nobody has, whoever asks.
    'POST /api/quotes/status': {
      access: 'public',
      probes: [
        {
          path: '/api/quotes/status',
          body: { requestKey: '00000000-0000-4000-8000-000000000000' },
          expect: same(404),
        },
      ],
    },
    'POST /api/quotes/code': {
      access: 'public',
      probes: [
        {
          path: '/api/quotes/code',
          body: { requestKey: '00000000-0000-4000-8000-000000000000', channel: 'sms' },
          expect: same(404),
        },
      ],
    },
    'GET /api/quotes/challenge': {
      access: 'public',
      probes: [{ path: '/api/quotes/challenge', expect: same(200) }],
    },
    'GET /api/quotes/recent': {
      access: 'public',
      probes: [{ path: '/api/quotes/recent', expect: same(200) }],
    },
    'POST /api/reviews': {
      access: 'token',
      probes: [
        {
          path: '/api/reviews',
          body: { token: 'u'.repeat(43), rating: 5, content: 'Fine work, on time.', authorName: 'Pat' },
          expect: same(404),
        },
      ],
    },
    'GET /api/search': {
      access: 'public',
      probes: [{ path: '/api/search?search=plumbing&category=plumbing', expect: same(200) }],
    },
    // No webhook secret in the sandbox: the endpoint does not exist, whoever asks.
    'POST /api/stripe/webhook': {
      access: 'webhook',
      probes: [{ path: '/api/stripe/webhook', body: {}, expect: same(404) }],
    },
    'GET /api/suggest': { access: 'public', probes: [{ path: '/api/suggest?q=plu', expect: same(200) }] },
    // The quote wizard's photos: not multipart (415); deleting needs the request's own key.
    'POST /api/uploads': {
      access: 'public',
      probes: [{ path: '/api/uploads', body: { file: 'x' }, expect: same(415) }],
    },
    'DELETE /api/uploads': { access: 'public', probes: [{ path: '/api/uploads', expect: same(400) }] },
  };
}

/** What a probe's expectations must look like for its rule's access class. */
function fitsAccess(access: Access, expect: Expectations): boolean {
  const denied = (e: Expect, ...allowed: (number | string)[]) =>
    e === null || allowed.some((a) => (typeof a === 'number' ? e === a : String(e).startsWith(a)));
  switch (access) {
    case 'admin':
      return (['anonymous', 'homeowner', 'contractor', 'contractor2'] as const).every((who) =>
        denied(expect[who], 401, 403, '-> /auth?admin=required'),
      );
    case 'contractor':
      return (
        denied(expect.anonymous, 401, '-> /auth?') &&
        denied(expect.homeowner, 403, '-> /') &&
        denied(expect.admin, 403, '-> /')
      );
    case 'user':
      return denied(expect.anonymous, 401, '-> /auth?');
    case 'owner':
      return denied(expect.anonymous, 404) && denied(expect.homeowner, 404) && denied(expect.admin, 404);
    case 'public':
    case 'token':
    case 'webhook':
    case 'dev-only':
    case 'fallback': {
      const sent = WHO.map((who) => expect[who]).filter((e) => e !== null);
      return sent.every((e) => e === sent[0]);
    }
    case 'guest':
      return expect.anonymous === 200;
  }
}

const keyOf = (method: Method, pattern: string) => `${method} ${pattern}`;

const contexts = new Map<Who, APIRequestContext>();
let ids: Ids;

test.beforeAll(async ({ baseURL }) => {
  // The run's shared session of each account (signing in afresh trips the sign-in limits).
  await Promise.all(
    WHO.map(async (who) =>
      contexts.set(who, await signedInRequest(baseURL!, who === 'anonymous' ? null : who)),
    ),
  );
  // A payment setup session of the demo contractor's own (it has a card already: nothing changes
  // until a card is saved on the sandbox's page), for the second contractor to try.
  const setup = await contexts.get('contractor')!.post('/api/contractor/payment-setup');
  expect(setup.status()).toBe(200);
  const { url } = (await setup.json()) as { url: string };
  const setupSession = new URL(url, baseURL).searchParams.get('session');
  if (!setupSession) throw new Error(`No setup session in ${url}`);
  ids = await findIds(baseURL!, setupSession);
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose();
});

test('every route and method in src/pages has a rule, and every rule a route', () => {
  const routes = siteRoutes().flatMap((r) => r.methods.map((m) => keyOf(m, r.pattern)));
  const table = Object.keys(rules(ids));
  expect(
    routes.filter((k) => !table.includes(k)),
    'routes without a rule',
  ).toEqual([]);
  expect(
    table.filter((k) => !routes.includes(k)),
    'rules without a route',
  ).toEqual([]);
  for (const [key, rule] of Object.entries(rules(ids))) {
    expect(rule.probes.length, `${key} has no probe`).toBeGreaterThan(0);
    for (const probe of rule.probes) {
      expect(
        fitsAccess(rule.access, probe.expect),
        `${key} ${probe.path}: expectations unlike ${rule.access}`,
      ).toBe(true);
    }
  }
});

test("every route answers each kind of visitor as its rule says, another owner's ids included", async () => {
  // Over a thousand requests on a shared two-core machine: more than the default 30 s at times.
  test.setTimeout(90_000);
  const table = rules(ids);
  const before = await withSiteDatabase(test.info().project.use.baseURL!, (tx) => guardedState(tx, ids));
  // What the other owner's probes name exists (so their 404s are not for want of it).
  expect(before.session).toEqual({ n: 1 });
  expect(before.business).toEqual({ listed: true });
  expect(before.distribution).toBeDefined();
  expect(before.setup).toEqual({ status: 'open', payment_method_id: null });
  const requests = Object.entries(table).flatMap(([key, rule]) =>
    rule.probes.flatMap((probe) =>
      WHO.filter((who) => probe.expect[who] !== null).map((who) => ({
        key,
        who,
        method: probe.method ?? (key.split(' ')[0] === 'ALL' ? 'GET' : key.split(' ')[0]!),
        probe,
      })),
    ),
  );
  const failures: string[] = [];
  // In parallel, a few at a time per visitor (one server, two cores).
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { key, who, method, probe } = next;
        const response = await contexts.get(who)!.fetch(probe.path, {
          method,
          ...(probe.body === undefined ? {} : { data: probe.body }),
          ...(probe.form === undefined ? {} : { form: probe.form }),
        });
        const location = response.headers()['location'];
        const redirected = [301, 302, 303, 307, 308].includes(response.status());
        // A redirect elsewhere on the site is named by its path; off-site (a receipt) by its status.
        const got: Expect = redirected && location?.startsWith('/') ? `-> ${location}` : response.status();
        if (got !== probe.expect[who])
          failures.push(`${key}: ${method} ${probe.path} as ${who}: ${got}, expected ${probe.expect[who]}`);
      }
    }),
  );
  console.log(
    `another owner's ids: setup session ${ids.setupSession}, credit ${ids.credit}, claim ${ids.claim}`,
  );
  const routes = siteRoutes();
  const methods = routes.reduce((n, r) => n + r.methods.length, 0);
  console.log(
    `authorization matrix: ${routes.length} routes, ${methods} route-methods, ${requests.length} requests ` +
      `(${WHO.length} visitors), ${failures.length} unexpected`,
  );
  expect(failures.sort()).toEqual([]);
  // And nothing the other owner's probes named has changed.
  const after = await withSiteDatabase(test.info().project.use.baseURL!, (tx) => guardedState(tx, ids));
  expect(after).toEqual(before);
});

test('every admin route is shut to an admin session without a second factor, page or API', async ({
  baseURL,
}) => {
  // Two admins the sign-in could not have made (issue 26): the demo admin with a session made by
  // the password alone (as before the second factor, or another browser), and an admin with no
  // second factor at all. Sessions are made in the site's database, as the sign-in would.
  const admins = await withSiteDatabase(baseURL!, async (tx) => {
    const sql = tx;
    const [demo] = await sql<{ id: string }[]>`select id from users where email = ${DEMO_ACCOUNTS.admin}`;
    const bare = await createUser(sql, { roles: ['admin'], email: `bare-admin-${Date.now()}@example.com` });
    return { unproved: demo!.id, unenrolled: bare.id };
  });
  const failures: string[] = [];
  let sent = 0;
  for (const [who, userId] of Object.entries(admins)) {
    const context = await signedInRequest(baseURL!, { userId, secondFactor: false });
    for (const [key, rule] of Object.entries(rules(ids))) {
      if (rule.access !== 'admin') continue;
      for (const probe of rule.probes) {
        if (probe.expect.admin === null) continue;
        const method = probe.method ?? (key.split(' ')[0] === 'ALL' ? 'GET' : key.split(' ')[0]!);
        const response = await context.fetch(probe.path, {
          method,
          ...(probe.body === undefined ? {} : { data: probe.body }),
          ...(probe.form === undefined ? {} : { form: probe.form }),
        });
        sent += 1;
        const api = probe.path.startsWith('/api/');
        const expected = api
          ? `403 SECOND_FACTOR_REQUIRED`
          : `-> /second-factor?${new URLSearchParams({ returnTo: probe.path })}`;
        const got = api
          ? `${response.status()} ${((await response.json().catch(() => ({}))) as { code?: string }).code}`
          : `-> ${response.headers()['location']}`;
        if (got !== expected)
          failures.push(`${key}: ${method} ${probe.path} as ${who}: ${got}, expected ${expected}`);
      }
    }
    await context.dispose();
  }
  console.log(`admin routes without a second factor: ${sent} requests, ${failures.length} unexpected`);
  expect(sent).toBeGreaterThan(40);
  expect(failures).toEqual([]);
});

/** The demo contractor's rows the second contractor's probes name, and the homeowner's session. */
async function guardedState(tx: Parameters<Parameters<typeof withSiteDatabase>[1]>[0], ids: Ids) {
  const [distribution] = await tx`
    select stage, responded_at, payment_status, (select count(*)::int from lead_communications c
            where c.lead_id = d.lead_id) as communications,
           (select count(*)::int from lead_credits k where k.distribution_id = d.id) as credits
      from lead_distributions d where id = ${ids.distribution}`;
  // Other tests add and remove photos of their own meanwhile: only whether this one is listed.
  const [business] =
    await tx`select ${ids.photo} = any(images) as listed from businesses where id = ${ids.business}`;
  const [session] = await tx`select count(*)::int as n from sessions where id = ${ids.homeownerSession}`;
  const [setup] = await tx`
    select status, payment_method_id from sandbox_setup_sessions where id = ${ids.setupSession}`;
  return { distribution, business, session, setup };
}

test("one contractor's lead list never names another's lead", async () => {
  const list = await (await contexts.get('contractor2')!.get('/api/contractor/leads')).text();
  expect(list).not.toContain(ids.distribution);
});

test('a session cookie stops working once the session is signed out', async ({ baseURL }) => {
  const context = await playwrightRequest.newContext({
    baseURL: baseURL!,
    maxRedirects: 0,
    extraHTTPHeaders: { origin: new URL(baseURL!).origin },
  });
  await context.post('/api/auth/sign-in', {
    data: { email: 'homeowner@example.com', password: 'DemoPass!2026' },
  });
  const state = await context.storageState();
  expect((await context.get('/api/account/profile')).status()).toBe(200);
  expect((await context.post('/api/auth/sign-out')).status()).toBe(200);
  // Replaying the old cookie is refused: the session row is gone.
  const replay = await playwrightRequest.newContext({
    baseURL: baseURL!,
    storageState: state,
    maxRedirects: 0,
  });
  expect((await replay.get('/api/account/profile')).status()).toBe(401);
  await replay.dispose();
  await context.dispose();
});

test('state-changing requests from another site are refused', async ({ baseURL }) => {
  const context = await playwrightRequest.newContext({ baseURL: baseURL! });
  const response = await context.post('/api/auth/sign-in', {
    headers: { origin: 'https://evil.example' },
    data: { email: 'homeowner@example.com', password: 'DemoPass!2026' },
  });
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie']).toBeUndefined();
  await context.dispose();
});

test('the session cookie is HttpOnly and SameSite=Lax', async ({ baseURL }) => {
  const context = await playwrightRequest.newContext({ baseURL: baseURL! });
  const response = await context.post('/api/auth/sign-in', {
    data: { email: 'contractor2@example.com', password: 'DemoPass!2026' },
  });
  const cookie = response
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && /^session=/.test(h.value));
  expect(cookie?.value).toMatch(/HttpOnly/);
  expect(cookie?.value).toMatch(/SameSite=Lax/);
  expect(cookie?.value).toMatch(/^session=[A-Za-z0-9_-]{43};/);
  await context.dispose();
});
