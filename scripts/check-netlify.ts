// npm run check:netlify: builds the site as Netlify would (NETLIFY=true) into a scratch
// directory and checks the server function: it exists, stays under 8 MB, and holds no
// PGlite and no WASM (PGlite belongs to the embedded launcher only); then runs a copy of it,
// away from the project's node_modules, against the database: a missing file fails the check.
// It also checks the security headers Netlify will serve: each prebuilt page's own
// Content-Security-Policy in the deploy configuration, the `_headers` file every file gets, and
// the headers of the function's answers.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';
import Stripe from 'stripe';
import { openDatabase, ROOT } from './lib/database.ts';
import type { Sql } from '../src/server/platform/db/client.ts';
import { PASSWORD_TOO_EASY } from '../src/schemas/password.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { BIN, run } from './lib/processes.ts';
import { DEMO_PASSWORD } from './lib/demo-data.ts';
import { isSeeded, seed } from './lib/seed.ts';
import { commonHeaderProblems, NOTHING_LOADS, pagePolicyProblems } from './lib/policy-checks.ts';

// 5 MB until issue 23: the twilio SDK the SMS port requires brings 1.7 MB of its own (after the
// 36 REST domains it never uses are left out, astro.config.mjs) and 1.5 MB of dependencies
// (axios, form-data, xmlbuilder, jsonwebtoken...). docs/decisions.md, 'The Netlify function's budget'.
// 8 MB until issue 26: passkeys, the authenticator app and the password strength check add about
// 1 MB bundled and minified (2.9 MB copied whole); 'The Netlify function after the second factor'.
// 9 MB until issue 28: the job queue (pg-boss, which the issue names, with the cron parser, luxon
// and the pg driver it loads) adds 0.8 MB bundled and minified; 'Issue 28: the function's budget'.
const LIMIT_BYTES = 10 * 1024 * 1024;
const FUNCTION_DIR = path.join(ROOT, '.netlify', 'v1', 'functions', 'ssr');
/** Netlify's Frameworks API configuration, where the adapter writes each page's policy. */
const DEPLOY_CONFIG = path.join(ROOT, '.netlify', 'v1', 'config.json');
/** The function's answers are checked as a deploy at this address would give them. */
const ORIGIN = 'https://example.netlify.app';
/** The Stripe webhook's signing secret in the smoke test, and the event it sends. */
const WEBHOOK_SECRET = 'whsec_check_netlify';
const SMOKE_EVENT_ID = `evt_check_netlify_${Date.now()}`;
/** The JWS secret of Netlify's deploy notifications in the smoke test. */
const DEPLOY_SECRET = 'check-netlify-deploy-notifications';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

const database = await openDatabase();
const outDir = await mkdtemp(path.join(tmpdir(), 'netlify-build-'));
try {
  await migrate(database.sql);
  if (!(await isSeeded(database.sql))) await seed(database.sql, { demo: database.embedded });
  rmSync(path.join(ROOT, '.netlify'), { recursive: true, force: true });
  const started = Date.now();
  await run(path.join(BIN, 'astro'), ['build'], {
    ...process.env,
    NETLIFY: 'true',
    DATABASE_URL: database.url,
    ASTRO_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
  });
  const buildSeconds = (Date.now() - started) / 1000;

  const all = files(FUNCTION_DIR);
  const bytes = all.reduce((sum, f) => sum + statSync(f).size, 0);
  const wasm = all.filter((f) => f.endsWith('.wasm'));
  const pglite = all.filter(
    (f) =>
      /pglite/i.test(path.relative(FUNCTION_DIR, f)) ||
      // An import of it (a bundled package.json that merely names it, pg-boss's, is not PGlite).
      (/\.(m?js|cjs)$/.test(f) &&
        /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'`]@electric-sql\/pglite/.test(readFileSync(f, 'utf8'))),
  );
  const problems = [
    bytes > LIMIT_BYTES &&
      `function is ${(bytes / 1048576).toFixed(2)} MB, over the ${LIMIT_BYTES / 1048576} MB budget`,
    wasm.length > 0 && `function contains WASM: ${wasm.map((f) => path.relative(ROOT, f)).join(', ')}`,
    pglite.length > 0 && `function contains PGlite: ${pglite.map((f) => path.relative(ROOT, f)).join(', ')}`,
  ].filter((p): p is string => Boolean(p));

  console.log(
    `Netlify function: ${all.length} files, ${(bytes / 1048576).toFixed(2)} MB, no WASM: ${wasm.length === 0}, no PGlite: ${pglite.length === 0}; build ${buildSeconds.toFixed(1)} s`,
  );
  problems.push(...staticHeaderProblems(outDir));
  // The function must also run with only the files it ships: load it and send requests that
  // reach the database, the search, the accounts and their schemas, the quote endpoint (whose
  // module loads Stripe's SDK) and its proof-of-work challenge, and the upload store (with
  // supabase-js).
  problems.push(...(await smoke(database.url, database.embedded, database.sql)));
  // The smoke test's webhook event, recorded as ignored: not kept in the database.
  await database.sql`delete from stripe_events where id = ${SMOKE_EVENT_ID}`;
  if (problems.length) {
    for (const p of problems) console.error(`FAIL: ${p}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  await database.close();
}

/**
 * The headers Netlify's CDN will give the prebuilt files: a policy for every page, with the
 * hashes of that page's inline scripts and styles (checked in full on one page of every type),
 * and the security headers of every file in `_headers`.
 */
function staticHeaderProblems(outDir: string): string[] {
  const problems: string[] = [];
  const config = JSON.parse(readFileSync(DEPLOY_CONFIG, 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const policies = new Map(
    (config.headers ?? [])
      .filter((rule) => rule.values['Content-Security-Policy'])
      .map((rule) => [rule.for, rule.values['Content-Security-Policy']!]),
  );
  const client = existsSync(path.join(outDir, 'index.html')) ? outDir : path.join(outDir, 'client');
  const pages = files(client)
    .filter((f) => f.endsWith('.html'))
    .map((f) =>
      `/${path
        .relative(client, f)
        .replace(/(^|\/)index\.html$/, '')
        .replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1'),
    );
  const unpoliced = pages.filter((page) => !policies.has(page));
  if (unpoliced.length) problems.push(`prebuilt pages without a policy: ${unpoliced.slice(0, 5).join(', ')}`);
  const html = (page: string) =>
    readFileSync(path.join(client, page === '/' ? 'index.html' : `${page}.html`), 'utf8');
  const profile = /href="(\/contractor\/[a-z0-9-]+)"/.exec(
    html('/').replace(/<template[\s\S]*?<\/template>/g, ''),
  )?.[1];
  const samples = [
    '/',
    '/plumbing-dayton-ohio',
    '/services/plumbing',
    profile ?? '/contractor (none linked from the home page)',
    '/emergency/plumber',
    '/emergency/burst-pipe',
    '/service-areas',
    '/articles',
    '/articles/how-to-choose-a-licensed-contractor-in-dayton',
    '/ai',
    '/contractors',
    '/quote-request',
    '/forgot-password',
    '/reset-password',
  ];
  for (const page of samples) {
    const file = path.join(client, page === '/' ? 'index.html' : `${page}.html`);
    const found = existsSync(file) ? file : path.join(client, page, 'index.html');
    if (!existsSync(found)) {
      problems.push(`${page}: not prebuilt`);
      continue;
    }
    for (const p of pagePolicyProblems(policies.get(page), readFileSync(found, 'utf8')))
      problems.push(`${page}: ${p}`);
  }
  const headersFile = path.join(client, '_headers');
  if (!existsSync(headersFile)) {
    problems.push('no _headers file in the published folder');
  } else {
    const [first, ...lines] = readFileSync(headersFile, 'utf8').trim().split('\n');
    const every = Object.fromEntries(
      lines
        .map((line) => line.trim().split(/:\s*/, 2) as [string, string])
        .map(([k, v]) => [k.toLowerCase(), v]),
    );
    if (first !== '/*') problems.push(`_headers: the rule is for ${first}, expected /*`);
    for (const p of commonHeaderProblems(every, { https: true })) problems.push(`_headers: ${p}`);
  }
  console.log(
    `Netlify static headers: ${policies.size} page policies for ${pages.length} prebuilt pages, ${samples.length} checked in full; _headers for every file: ${existsSync(headersFile)}`,
  );
  return problems;
}

/** The security headers of one of the function's answers. */
async function answerHeaderProblems(response: Response, https: boolean): Promise<string[]> {
  const problems = commonHeaderProblems(response.headers, { https });
  const csp = response.headers.get('content-security-policy') ?? undefined;
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    problems.push(...pagePolicyProblems(csp, await response.clone().text()));
  } else if (csp !== NOTHING_LOADS) {
    problems.push(`content-security-policy: ${csp ?? '(none)'}, expected ${NOTHING_LOADS}`);
  }
  return problems;
}

function webhookRequest(origin: string, secret: string): Request {
  const payload = JSON.stringify({
    id: SMOKE_EVENT_ID,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: 'cus_check_netlify', object: 'customer' } },
  });
  const signature = new Stripe('sk_test_check_netlify').webhooks.generateTestHeaderString({
    payload,
    secret,
  });
  return new Request(`${origin}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      origin: 'https://stripe.example',
      'content-type': 'application/json',
      'stripe-signature': signature,
    },
    body: payload,
  });
}

/** A deploy notification as Netlify signs it (for a deploy no publish started: recorded as ignored). */
async function deployStatusRequest(origin: string, secret: string): Promise<Request> {
  const body = JSON.stringify({ id: 'deploy-check-netlify', state: 'ready', title: null });
  const signature = await new SignJWT({ sha256: createHash('sha256').update(body).digest('hex') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('netlify')
    .sign(new TextEncoder().encode(secret));
  return new Request(`${origin}/api/netlify/deploy-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
    body,
  });
}

async function smoke(databaseUrl: string, demo: boolean, sql: Sql): Promise<string[]> {
  process.env['DATABASE_URL'] = databaseUrl;
  process.env['EMBEDDED_DB'] = '1';
  // The deploy's own address: the function answers for no other host.
  process.env['SITE_URL'] = ORIGIN;
  // Uploads as in production: the Supabase Storage store, built with supabase-js and every
  // package it loads (an image is a redirect to the bucket, so no request leaves the machine).
  process.env['SUPABASE_URL'] = 'https://project.supabase.co';
  process.env['SUPABASE_SERVICE_ROLE_KEY'] = 'service-role-key';
  // The Stripe webhook, whose signature is checked over the raw body the function is given.
  process.env['STRIPE_SECRET_KEY'] = 'sk_test_check_netlify';
  process.env['STRIPE_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
  // Netlify's deploy notifications, whose JWS signature jose checks (bundled into the function).
  process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = DEPLOY_SECRET;
  // Twilio, as in production: the twilio SDK (and the modules it loads lazily) built into the
  // function; its API on a closed local port, never reached by the cases below.
  process.env['TWILIO_ACCOUNT_SID'] = `AC${'1'.repeat(32)}`;
  process.env['TWILIO_AUTH_TOKEN'] = 'check-netlify-token';
  process.env['TWILIO_VERIFY_SERVICE_SID'] = `VA${'2'.repeat(32)}`;
  process.env['TWILIO_API_URL'] = 'http://127.0.0.1:9';
  // A copy outside the project, so that nothing resolves from the project's own node_modules.
  const copy = await mkdtemp(path.join(tmpdir(), 'netlify-function-'));
  cpSync(FUNCTION_DIR, copy, { recursive: true, dereference: true });
  const { default: handler } = (await import(pathToFileURL(path.join(copy, 'ssr.mjs')).href)) as {
    default: (request: Request, context: { ip: string }) => Promise<Response>;
  };
  const origin = ORIGIN;
  const cases: [Request, number][] = [
    [new Request(`${origin}/api/suggest?q=plu`), 200],
    [new Request(`${origin}/api/auth/session`), 200],
    [
      new Request(`${origin}/api/quotes`, {
        method: 'POST',
        headers: { origin, 'content-type': 'text/plain' },
        body: 'x',
      }),
      415,
    ],
    // A body the shared schema (zod/mini) refuses: 400 with field messages, which needs zod's one
    // core to be shared by the bundled server code.
    [
      new Request(`${origin}/api/auth/sign-in`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-email', password: 'x' }),
      }),
      400,
    ],
    [new Request(`${origin}/api/quotes/challenge`), 200],
    [new Request(`${origin}/profile`), 302],
    [new Request(`${origin}/uploads/demo/plumbing-1.webp`), 302],
    // Pages rendered on demand: the sign-in page, the not-found page, the generic emergency page.
    [new Request(`${origin}/auth`), 200],
    [new Request(`${origin}/no-such-page`), 404],
    [new Request(`${origin}/emergency/buy-cheap-pills-now`), 200],
    // Stripe's webhook, posted from no page of ours (a foreign Origin is let through there): an
    // event signed over its raw body is accepted (a type outside the allow-list: recorded as
    // ignored, nothing asked of Stripe); a wrong signature is a 400.
    [webhookRequest(origin, WEBHOOK_SECRET), 200],
    [webhookRequest(origin, 'whsec_someone_else'), 400],
    // Netlify's deploy notification: signed, 200 (a deploy no publish started); signed with
    // another secret, 401.
    [await deployStatusRequest(origin, DEPLOY_SECRET), 200],
    [await deployStatusRequest(origin, 'someone-elses-secret'), 401],
    // A quote whose phone number the shared schema refuses (libphonenumber-js, bundled): 400.
    [
      new Request(`${origin}/api/quotes`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ phone: 'not a phone' }),
      }),
      400,
    ],
    // A code for a request nobody has: the SMS port built with the twilio SDK, then a 404.
    [
      new Request(`${origin}/api/quotes/code`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ requestKey: '00000000-0000-4000-8000-000000000000', channel: 'sms' }),
      }),
      404,
    ],
    // A body larger than the route takes, refused by its declared size.
    [
      new Request(`${origin}/auth/verify`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': '419430400',
        },
        body: 'token=x',
      }),
      413,
    ],
  ];
  const failures: string[] = [];
  for (const [request, expected] of cases) {
    const where = `${request.method} ${new URL(request.url).pathname}`;
    const response = await handler(request, { ip: '127.0.0.1' }).catch((error: unknown) => error);
    const status = response instanceof Response ? response.status : String(response);
    if (status !== expected) failures.push(`${where}: ${status}, expected ${expected}`);
    if (response instanceof Response) {
      for (const p of await answerHeaderProblems(response, true)) failures.push(`${where}: ${p}`);
    }
  }
  // A host the site does not serve is refused before anything runs.
  const foreign = await handler(new Request('https://evil.example/api/auth/session'), { ip: '127.0.0.1' });
  if (foreign.status !== 421)
    failures.push(
      `the refused host (GET https://evil.example/api/auth/session): ${foreign.status}, expected 421`,
    );
  for (const p of await answerHeaderProblems(foreign, false)) failures.push(`the refused host: ${p}`);
  // The generic emergency page is not kept by any cache.
  const generic = await handler(new Request(`${origin}/emergency/buy-cheap-pills-now`), { ip: '127.0.0.1' });
  const caching = `${generic.headers.get('cache-control')} ${generic.headers.get('netlify-cdn-cache-control') ?? ''}`;
  if (!/no-store/.test(caching) || /public/.test(caching))
    failures.push(`the generic emergency page is cached: ${caching}`);
  // The cases, the refused host and the generic page's caching.
  let checked = cases.length + 2;
  // A React island rendered on demand (Account Settings, signed in as the demo homeowner): the
  // island, the store hook and React's server renderer must all come from one copy of React.
  if (demo) {
    checked += 1;
    const signIn = await handler(
      new Request(`${origin}/api/auth/sign-in`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'homeowner@example.com', password: DEMO_PASSWORD }),
      }),
      { ip: '127.0.0.1' },
    );
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await handler(new Request(`${origin}/profile`, { headers: { cookie } }), {
      ip: '127.0.0.1',
    });
    const html = await page.text();
    if (page.status !== 200 || !html.includes('Account Settings') || !html.includes('homeowner@example.com'))
      failures.push(`GET /profile signed in: ${page.status}, expected 200 with the Account Settings island`);
    // The second factor's and the password policy's libraries, bundled into the function: a
    // passkey challenge (@simplewebauthn/server), an authenticator app's set-up with its QR code
    // (otpauth, qrcode), and a well-known new password refused by the strength check (zxcvbn).
    const signedIn = { origin, cookie, 'content-type': 'application/json' };
    const libraries: [string, RequestInit, (body: Record<string, unknown>) => boolean, number][] = [
      ['/api/account/second-factor/passkeys/options', {}, (b) => typeof b['challenge'] === 'string', 200],
      ['/api/account/second-factor/totp', {}, (b) => String(b['qrSvg']).startsWith('<svg'), 200],
      [
        '/api/account/password',
        {
          body: JSON.stringify({
            currentPassword: DEMO_PASSWORD,
            password: 'Password123!',
            confirmPassword: 'Password123!',
          }),
        },
        // The strength check's own message: zxcvbn loaded and scored it (were it missing, the
        // policy would answer 400 too, with PASSWORD_CHECK_UNAVAILABLE).
        (b) => (b['fields'] as Record<string, string[]> | undefined)?.['password']?.[0] === PASSWORD_TOO_EASY,
        400,
      ],
    ];
    for (const [where, init, fits, expected] of libraries) {
      checked += 1;
      const answer = await handler(
        new Request(`${origin}${where}`, { method: 'POST', headers: signedIn, ...init }),
        {
          ip: '127.0.0.1',
        },
      );
      const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
      if (answer.status !== expected || !fits(body))
        failures.push(
          `POST ${where}: ${answer.status} ${JSON.stringify(body).slice(0, 200)}, expected ${expected}`,
        );
    }
    // Nothing of it kept: the set-up never confirmed, the challenge never answered.
    await sql`delete from user_totp where secret_enc is null
              and user_id = (select id from users where email = 'homeowner@example.com')`;
    await sql`delete from webauthn_challenges where purpose = 'register'
              and user_id = (select id from users where email = 'homeowner@example.com')`;
  }
  // The twilio SDK's domains the SMS port calls (Verify, Lookups, and Messages in Api) load from
  // the function's own copy: the build leaves the other domains out (astro.config.mjs).
  checked += 1;
  try {
    const twilio = createRequire(path.join(copy, 'ssr.mjs'))('twilio') as (
      sid: string,
      token: string,
    ) => {
      verify: { v2: { services: (sid: string) => { verifications: unknown; verificationChecks: unknown } } };
      lookups: { v2: { phoneNumbers: (number: string) => unknown } };
      messages: unknown;
    };
    const client = twilio(`AC${'1'.repeat(32)}`, 'check-netlify-token');
    const service = client.verify.v2.services(`VA${'2'.repeat(32)}`);
    if (!service.verifications || !service.verificationChecks || !client.messages)
      failures.push('the twilio SDK: a domain the SMS port uses is missing');
    client.lookups.v2.phoneNumbers('+19372284411');
  } catch (error) {
    failures.push(`the twilio SDK: ${String(error).slice(0, 200)}`);
  }
  // A failure names its request before the colon; one request may fail several ways.
  const failed = new Set(failures.map((f) => f.split(/:\s|\s\(/)[0]));
  console.log(`Netlify function smoke test: ${checked - failed.size} of ${checked} requests as expected`);
  return failures;
}
