// The authorization matrix: every protected route x (anonymous, user, contractor, admin) gives
// the expected status, checked against the built server with real sessions of the demo accounts.
// Routes whose screens are not built yet answer 404 to those the guard lets through. Requests
// carry the Origin header a browser sends (cross-site ones are refused; see the last tests).
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { demoRequestContext } from '../helpers/demo-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

type Who = 'anonymous' | 'user' | 'contractor' | 'admin';
const WHO: Who[] = ['anonymous', 'user', 'contractor', 'admin'];
const ACCOUNTS: Record<Exclude<Who, 'anonymous'>, string> = {
  user: 'homeowner@example.com',
  contractor: 'contractor@example.com',
  admin: 'admin@example.com',
};

/** An expected answer: a status, or a redirect to a location. */
type Expect = number | `-> ${string}`;

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  expect: Record<Who, Expect>;
}

const toAuth = (path: string) => `-> /auth?returnTo=${encodeURIComponent(path)}` as const;
const toAdminAuth = (path: string) => `-> /auth?admin=required&returnTo=${encodeURIComponent(path)}` as const;
const same = (e: Expect): Record<Who, Expect> => ({ anonymous: e, user: e, contractor: e, admin: e });
const signedIn = (anonymous: Expect, rest: Expect): Record<Who, Expect> => ({
  anonymous,
  user: rest,
  contractor: rest,
  admin: rest,
});

const NO_LEAD = '00000000-0000-4000-8000-000000000000';
/** An admin page: everyone else is sent to sign in as an admin. */
const adminOnly = (path: string, admin: Expect): Record<Who, Expect> => ({
  anonymous: toAdminAuth(path),
  user: toAdminAuth(path),
  contractor: toAdminAuth(path),
  admin,
});
/** An admin API: 401 signed out, 403 for homeowners and contractors. */
const adminApi = (admin: Expect): Record<Who, Expect> => ({
  anonymous: 401,
  user: 403,
  contractor: 403,
  admin,
});

const MATRIX: Row[] = [
  { method: 'GET', path: '/profile', expect: signedIn(toAuth('/profile'), 200) },
  { method: 'GET', path: '/auth', expect: signedIn(200, '-> /') },
  // From an admin page: a signed-in non-admin is shown why and may sign in as an admin.
  {
    method: 'GET',
    path: '/auth?admin=required&returnTo=%2Fadmin',
    expect: { anonymous: 200, user: 200, contractor: 200, admin: '-> /' },
  },
  {
    method: 'GET',
    path: '/dashboard',
    expect: { anonymous: toAuth('/dashboard'), user: '-> /', contractor: 200, admin: '-> /' },
  },
  {
    method: 'GET',
    path: '/dashboard/no-such-page',
    expect: { anonymous: toAuth('/dashboard/no-such-page'), user: '-> /', contractor: 404, admin: '-> /' },
  },
  {
    method: 'GET',
    path: '/contractor/billing',
    expect: { anonymous: toAuth('/contractor/billing'), user: '-> /', contractor: 200, admin: '-> /' },
  },
  // The admin area: pages built answer admins 200, the others not built yet 404; the three old
  // addresses redirect (admins only: everyone else is sent to sign in first).
  ...['/admin', '/admin/users', '/admin/activity-logs', '/admin/contractors'].map((path): Row => ({
    method: 'GET',
    path,
    expect: adminOnly(path, 200),
  })),
  ...(
    [
      ['/admin/content-moderation', '/admin/content?tab=reviews'],
      ['/admin/reviews', '/admin/content?tab=reviews'],
      ['/admin/seo', '/admin/content?tab=seo-pages'],
    ] as const
  ).map(([path, to]): Row => ({ method: 'GET', path, expect: adminOnly(path, `-> ${to}`) })),
  { method: 'GET', path: '/admin/publish', expect: adminOnly('/admin/publish', 200) },
  // The content page (its three tabs) and its APIs: lists read only; writes name no review or
  // article (404 to an admin), the SEO page writes an unknown page, or are refused by the schema.
  ...[
    '/admin/content',
    '/admin/content?tab=reviews',
    '/admin/content?tab=seo-pages',
    '/admin/content?tab=articles',
  ].map((path): Row => ({ method: 'GET', path, expect: adminOnly(path, 200) })),
  { method: 'GET', path: '/api/admin/content/reviews', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/content/reviews?show=hidden&cursor=bad', expect: adminApi(400) },
  {
    method: 'POST',
    path: `/api/admin/content/reviews/${NO_LEAD}/visibility`,
    body: { hidden: true, reason: 'Matrix check' },
    expect: adminApi(404),
  },
  { method: 'GET', path: '/api/admin/content/seo-pages?q=dayton', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/content/seo-pages/no-such-page-ohio', expect: adminApi(404) },
  ...[
    '/api/admin/content/seo-pages/no-such-page-ohio',
    '/api/admin/content/seo-pages/no-such-page-ohio/preview',
  ].map((path): Row => ({
    method: 'POST',
    path,
    body: {
      titleTag: '',
      metaDescription: '',
      h1Heading: 'Matrix',
      introContent: '',
      serviceOverview: '',
      localInsights: '',
      pricingGuide: '',
      faqContent: [],
    },
    expect: adminApi(404),
  })),
  { method: 'GET', path: '/api/admin/content/articles', expect: adminApi(200) },
  // An invalid article (no title): nothing is created, even for an admin.
  {
    method: 'POST',
    path: '/api/admin/content/articles',
    body: { title: '', slug: 'matrix-check', category: 'Matrix', body: 'Matrix' },
    expect: adminApi(400),
  },
  { method: 'GET', path: `/api/admin/content/articles/${NO_LEAD}`, expect: adminApi(404) },
  {
    method: 'POST',
    path: `/api/admin/content/articles/${NO_LEAD}`,
    body: { title: 'Matrix', slug: 'matrix-check', category: 'Matrix', body: 'Matrix' },
    expect: adminApi(404),
  },
  {
    method: 'POST',
    path: `/api/admin/content/articles/${NO_LEAD}/published`,
    body: { published: true },
    expect: adminApi(404),
  },
  // Not multipart: refused before anything is read (415), after the role check.
  {
    method: 'POST',
    path: `/api/admin/content/articles/${NO_LEAD}/cover`,
    body: { file: 'x' },
    expect: adminApi(415),
  },
  // Reading the publish state only: a POST would rebuild the site the suite is served from.
  { method: 'GET', path: '/api/admin/publish', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/users', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/users?q=example&cursor=bad', expect: adminApi(400) },
  { method: 'GET', path: '/api/admin/activity-logs', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/activity-logs?action=user.disable', expect: adminApi(200) },
  // An unknown account: refused before anything is looked up, except for an admin (not found).
  {
    method: 'POST',
    path: `/api/admin/users/${NO_LEAD}/roles`,
    body: { role: 'admin', granted: true },
    expect: adminApi(404),
  },
  {
    method: 'POST',
    path: `/api/admin/users/${NO_LEAD}/status`,
    body: { disabled: true },
    expect: adminApi(404),
  },
  // The contractors page's APIs: lists read only; writes name no business or claim (404 to an admin).
  { method: 'GET', path: '/api/admin/contractors?list=pending', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/contractors?list=claims', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/contractors?list=listed&q=plumb', expect: adminApi(200) },
  ...(
    [
      ['approve', {}],
      ['reject', { reason: 'Matrix check' }],
      ['featured', { featured: true }],
      ['status', { suspended: true }],
      ['licence', { number: 'X1', board: 'Matrix board', checkedOn: '2026-11-20', source: 'Matrix' }],
    ] as const
  ).map(([action, body]): Row => ({
    method: 'POST',
    path: `/api/admin/contractors/${NO_LEAD}/${action}`,
    body,
    expect: adminApi(404),
  })),
  ...(
    [
      ['approve', {}],
      ['reject', { reason: 'Matrix check' }],
    ] as const
  ).map(([action, body]): Row => ({
    method: 'POST',
    path: `/api/admin/claims/${NO_LEAD}/${action}`,
    body,
    expect: adminApi(404),
  })),
  // The payment-test page and its APIs: reads, and writes that create nothing (an unknown service
  // is a 400, an unknown business a 404, to an admin).
  { method: 'GET', path: '/admin/payment-test', expect: adminOnly('/admin/payment-test', 200) },
  { method: 'GET', path: '/api/admin/payment-test?limit=10', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/payment-test?limit=7', expect: adminApi(400) },
  {
    method: 'POST',
    path: '/api/admin/payment-test/runs',
    body: { service: 'no-such-service', area: 'dayton' },
    expect: adminApi(400),
  },
  { method: 'GET', path: '/api/admin/payment-test/recipients?q=roof', expect: adminApi(200) },
  {
    method: 'POST',
    path: '/api/admin/payment-test/recipients',
    body: { businessId: NO_LEAD, receives: true },
    expect: adminApi(404),
  },
  // The payments and revenue-validation pages and their APIs: lists read only; decisions name no
  // credit request (404 to an admin, refused before anything is looked up to everyone else).
  ...['/admin/payments', '/admin/payments?tab=disputes', '/admin/revenue-validation'].map((path): Row => ({
    method: 'GET',
    path,
    expect: adminOnly(path, 200),
  })),
  { method: 'GET', path: '/api/admin/payments/transactions?status=failed', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/payments/transactions?cursor=bad', expect: adminApi(400) },
  { method: 'GET', path: '/api/admin/payments/credits', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/payments/chargebacks', expect: adminApi(200) },
  {
    method: 'GET',
    path: '/api/admin/revenue-validation?from=2019-06-01&to=2019-06-30',
    expect: adminApi(200),
  },
  ...(['grant', 'decline'] as const).map((action): Row => ({
    method: 'POST',
    path: `/api/admin/payments/credits/${NO_LEAD}/${action}`,
    body: { reason: 'Matrix check' },
    expect: adminApi(404),
  })),
  // The leads page and its APIs: the list read only; the detail and re-send name no lead (404).
  { method: 'GET', path: '/admin/leads', expect: adminOnly('/admin/leads', 200) },
  { method: 'GET', path: '/api/admin/leads?qualification=qualified&q=dayton', expect: adminApi(200) },
  { method: 'GET', path: '/api/admin/leads?cursor=bad', expect: adminApi(400) },
  { method: 'GET', path: `/api/admin/leads/${NO_LEAD}`, expect: adminApi(404) },
  {
    method: 'POST',
    path: `/api/admin/leads/${NO_LEAD}/resend`,
    body: { requestKey: 'matrix-check-0001' },
    expect: adminApi(404),
  },
  { method: 'GET', path: '/api/account/profile', expect: signedIn(401, 200) },
  { method: 'GET', path: '/api/account/sessions', expect: signedIn(401, 200) },
  { method: 'DELETE', path: '/api/account/sessions?id=0000000000000000', expect: signedIn(401, 404) },
  {
    method: 'PUT',
    path: '/api/account/preferences',
    body: { email_notifications: true, lead_notifications: true, marketing_emails: false },
    expect: signedIn(401, 200),
  },
  {
    method: 'PUT',
    path: '/api/account/profile',
    body: { fullName: 'x', email: 'not an email' },
    expect: signedIn(401, 400),
  },
  {
    method: 'POST',
    path: '/api/account/password',
    body: { currentPassword: 'wrong-password', password: 'N3w!Password', confirmPassword: 'N3w!Password' },
    expect: signedIn(401, 400),
  },
  { method: 'POST', path: '/api/account/deletion', expect: signedIn(401, 202) },
  {
    method: 'GET',
    path: '/api/contractor/leads',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/contractor/stats',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/contractor/billing/summary',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/contractor/billing/transactions?range=all&pageSize=25',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/contractor/billing/export.csv?range=30',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  // A distribution that is not the caller's (here: none at all) is not found.
  {
    method: 'GET',
    path: `/api/contractor/leads/${NO_LEAD}`,
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: `/api/contractor/leads/${NO_LEAD}/stage`,
    body: { stage: 'CONTACTED' },
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: `/api/contractor/leads/${NO_LEAD}/responses`,
    body: { subject: 'Hello', message: 'Hello' },
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  // Registration: its body is checked first (a signed-in caller's 403 is an integration test);
  // its search is public.
  { method: 'POST', path: '/api/contractor-signup', body: {}, expect: same(400) },
  { method: 'GET', path: '/api/contractor-signup/search?q=Dayton', expect: same(200) },
  // The homeowner's links: only a token opens them, whoever is signed in.
  {
    method: 'POST',
    path: '/api/quote-responses/accept',
    body: { token: 'u'.repeat(43), communicationId: NO_LEAD },
    expect: same(404),
  },
  {
    method: 'POST',
    path: '/api/reviews',
    body: { token: 'u'.repeat(43), rating: 5, content: 'Fine work, on time.', authorName: 'Pat' },
    expect: same(404),
  },
  // The dashboard's profile, photos and analytics: always the caller's own business.
  {
    method: 'GET',
    path: '/api/contractor/profile',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'PUT',
    path: '/api/contractor/profile',
    body: { tagline: 'x' },
    expect: { anonymous: 401, user: 403, contractor: 400, admin: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/contractor/photos?url=%2Fuploads%2Fnot-listed.png',
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/contractor/analytics?days=30',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  // The lead limits: the caller's own; a wrong body changes nothing (the demo contractor's limits
  // stay as they are for the tests that sell it leads).
  {
    method: 'GET',
    path: '/api/contractor/limits',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  {
    method: 'PUT',
    path: '/api/contractor/limits',
    body: { monthlySpendCapDollars: 1, weeklyLeadCap: 0, leadsPaused: true },
    expect: { anonymous: 401, user: 403, contractor: 400, admin: 403 },
  },
  // Payment setup: a session of the caller's own business on the sandbox's stand-in page (the demo
  // contractor already has a card; a new session changes nothing until a card is saved there).
  {
    method: 'POST',
    path: '/api/contractor/payment-setup',
    expect: { anonymous: 401, user: 403, contractor: 200, admin: 403 },
  },
  // The stand-in of Stripe's hosted page: only its own business's owner sees a session; none here.
  {
    method: 'GET',
    path: '/sandbox/checkout/setup?session=cs_sbx_00000000000000000000000000000000',
    expect: same(404),
  },
  {
    method: 'POST',
    path: '/sandbox/checkout/setup',
    body: { session: 'cs_sbx_00000000000000000000000000000000', number: '4242424242424242' },
    expect: same(404),
  },
  // Billing (issue 14): a contractor's own business only; bodies that change nothing here.
  {
    method: 'POST',
    path: '/api/contractor/billing/plan',
    body: { action: 'upgrade' },
    expect: { anonymous: 401, user: 403, contractor: 400, admin: 403 },
  },
  {
    method: 'GET',
    path: `/api/contractor/billing/receipt/${NO_LEAD}`,
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: `/api/contractor/leads/${NO_LEAD}/credit`,
    body: { reason: 'duplicate' },
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: '/api/contractor/payment-setup/complete',
    body: { sessionId: 'cs_test_not_a_session' },
    expect: { anonymous: 401, user: 403, contractor: 404, admin: 403 },
  },
  // No webhook secret in the sandbox: the endpoint does not exist, whoever asks.
  { method: 'POST', path: '/api/stripe/webhook', body: {}, expect: same(404) },
  { method: 'GET', path: '/api/admin/leads', expect: adminApi(200) },
  { method: 'GET', path: '/api/auth/session', expect: same(200) },
  { method: 'GET', path: '/dev/mail', expect: same(200) },
];

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  // The run's shared session of each account (signing in afresh trips the sign-in limits).
  for (const who of WHO) {
    contexts.set(who, await demoRequestContext(baseURL!, who === 'anonymous' ? null : ACCOUNTS[who]));
  }
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose();
});

test('every protected route answers each kind of visitor as expected', async () => {
  const failures: string[] = [];
  for (const row of MATRIX) {
    for (const who of WHO) {
      const response = await contexts.get(who)!.fetch(row.path, {
        method: row.method,
        ...(row.body === undefined ? {} : { data: row.body }),
      });
      const location = response.headers()['location'];
      const redirected = [301, 302, 303, 307, 308].includes(response.status());
      const got: Expect = redirected ? `-> ${location ?? '?'}` : response.status();
      if (got !== row.expect[who])
        failures.push(`${row.method} ${row.path} as ${who}: ${got}, expected ${row.expect[who]}`);
    }
  }
  expect(failures).toEqual([]);
});

test("one contractor reaches nothing of another's: its leads, their stage and responses are not found", async () => {
  const contractor = contexts.get('contractor')!;
  const theirs = await withSiteDatabase(test.info().project.use.baseURL!, async (tx) => {
    const rows = await tx<{ id: string }[]>`
      select d.id from lead_distributions d join businesses b on b.id = d.business_id
       where b.owner_id is distinct from (select id from users where email = 'contractor@example.com')
         and d.payment_status = 'paid'
       order by d.created_at limit 1`;
    return rows[0]!.id;
  });
  const before = await withSiteDatabase(
    test.info().project.use.baseURL!,
    (tx) => tx`select stage, responded_at from lead_distributions where id = ${theirs}`,
  );
  expect((await contractor.get(`/api/contractor/leads/${theirs}`)).status()).toBe(404);
  const stage = await contractor.post(`/api/contractor/leads/${theirs}/stage`, {
    data: { stage: 'REJECTED' },
  });
  expect(stage.status()).toBe(404);
  const respond = await contractor.post(`/api/contractor/leads/${theirs}/responses`, {
    data: { subject: 'Hello', message: 'Hello there' },
  });
  expect(respond.status()).toBe(404);
  const after = await withSiteDatabase(
    test.info().project.use.baseURL!,
    (tx) => tx`select stage, responded_at from lead_distributions where id = ${theirs}`,
  );
  expect(after).toEqual(before);
  // And its own list never names the other's lead.
  const list = await (await contractor.get('/api/contractor/leads')).text();
  expect(list).not.toContain(theirs);
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
