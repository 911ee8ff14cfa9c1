// npm run test:netlify-serve: the site as Netlify builds and serves it, through Netlify's own CLI
// (netlify-cli, a devDependency), offline and without a Netlify account or a linked site.
// `netlify serve` runs the build as Netlify's builders do (@netlify/build: the build command with
// NETLIFY=true, so the Netlify adapter; the framework's server function and the functions in
// netlify/functions bundled by zip-it-and-ship-it), then serves the prebuilt pages with the
// deploy's headers and redirects and runs the functions locally, behind one proxy. A browser
// (Debian's Chromium) then goes through the site against a throwaway PostgreSQL with the demo data:
// a city page, a search, a quote request through to the sale (a pg-boss job drained by the
// run-jobs-background function the server function invokes through the CLI's proxy), signing in,
// the dashboard, and two webhooks.
//
// Two flags make it work here (docs/decisions.md, 'Issue 28: the Netlify CLI'):
// - `--offline`: no Netlify API (no site, no account, no environment variables from Netlify).
// - `--internal-disable-edge-functions` (hidden): the site has no edge functions, but the CLI
//   always starts its Edge Functions server, which needs Deno ^2.4.2 and, when no `deno` is on the
//   PATH, downloads it from dl.deno.land, which fails offline ("Error: fetch failed" ... getaddrinfo
//   ENOTFOUND dl.deno.land) and ends the CLI.
// And the CLI's proxy and functions server listen on every interface (no host option): a preload
// (tests/netlify/loopback.mjs) binds them to 127.0.0.1.
//
// The database: NETLIFY_SERVE_DATABASE_URL (migrated and seeded with the demo data here, so give
// it an empty database), or a throwaway cluster from the machine's PostgreSQL
// (scripts/ci/postgres.sh). The site is built where Netlify's configuration publishes it, dist/
// (netlify.toml), and .netlify/ is rebuilt, as `npm run check:netlify` does; dist/ is removed at
// the end (a Netlify build, which `npm start` would rebuild anyway: it has no server/entry.mjs).
// `--dir` cannot move it: netlify-cli 27.10.2's serve drops the folder after the build
// (utils/run-build.js sets the static server's `dist` to undefined when --dir is given) and
// stops with 'TypeError: The "paths[0]" argument must be of type string. Received undefined'.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page, type Response } from '@playwright/test';
import { SignJWT } from 'jose';
import Stripe from 'stripe';
import { createSql } from '../../src/server/platform/db/client.ts';
import { migrate } from '../../src/server/platform/db/migrate.ts';
import { ROOT } from '../../scripts/lib/database.ts';
import { DEMO_PASSWORD } from '../../scripts/lib/demo-data.ts';
import { freePort } from '../../scripts/lib/embedded-db.ts';
import { seed } from '../../scripts/lib/seed.ts';
import { uniquePhone } from '../factories/index.ts';
import { hydrated } from '../helpers/islands.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NETLIFY_CLI = path.join(ROOT, 'node_modules', 'netlify-cli', 'bin', 'run.js');
/** The JWS secret of Netlify's deploy notifications in this run. */
const DEPLOY_SECRET = 'netlify-serve-smoke-deploy-notifications';
/** The build and its bundling take a minute or two on two busy cores. */
const READY_MS = Number(process.env.NETLIFY_SERVE_READY_MS ?? 600_000);
const STEP_MS = 30_000;

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const scratch = await mkdtemp(path.join(tmpdir(), 'netlify-serve-'));
const siteDir = path.join(ROOT, 'dist');
const uploadsDir = path.join(scratch, 'uploads');
// The CLI's own settings (telemetry off, nothing of a developer's login) in a folder of this run.
const configHome = path.join(scratch, 'config');
mkdirSync(path.join(configHome, 'netlify'), { recursive: true });
writeFileSync(path.join(configHome, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));

const cleanups: (() => Promise<void> | void)[] = [
  () => rm(scratch, { recursive: true, force: true }),
  () => rm(siteDir, { recursive: true, force: true }),
];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error(error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

const failures: string[] = [];
function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

try {
  const databaseUrl = await database();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    await migrate(sql);
    await seed(sql, { demo: true, uploadsDir, localOrigin: origin });
  } finally {
    await sql.end({ timeout: 5 });
  }
  console.log(`Database migrated and seeded (${seconds()})`);

  const output = await serve(databaseUrl, port);
  console.log(`netlify serve ready at ${origin} (${seconds()})`);
  await smoke(origin, output);
} catch (error) {
  failures.push(String(error instanceof Error ? (error.stack ?? error.message) : error));
  console.error(error);
} finally {
  await cleanUp();
}
console.log(
  failures.length
    ? `\nnetlify serve smoke: ${failures.length} failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`
    : `\nnetlify serve smoke: passed in ${seconds()}`,
);
process.exit(failures.length ? 1 : 0);

/** NETLIFY_SERVE_DATABASE_URL, or a throwaway cluster stopped at the end. */
async function database(): Promise<string> {
  const given = process.env.NETLIFY_SERVE_DATABASE_URL;
  if (given) return given;
  // A folder of its own under the temporary directory: the script hands it to the postgres user.
  const dir = await mkdtemp(path.join(tmpdir(), 'netlify-serve-pg-'));
  const script = path.join(ROOT, 'scripts', 'ci', 'postgres.sh');
  cleanups.push(() => void execFileSync(script, ['stop', dir], { stdio: 'inherit' }));
  return execFileSync(script, ['start', dir, String(await freePort())], { encoding: 'utf8' }).trim();
}

/** Starts `netlify serve` (its own process group, stopped at the end); resolves once it is ready. */
async function serve(databaseUrl: string, port: number): Promise<{ text: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // What Netlify's builders set, and the deploy's own address.
    NETLIFY: 'true',
    SITE_URL: `http://127.0.0.1:${port}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    // Not production: the sandbox payment gateway, mail and texts kept for /dev/mail and /dev/sms,
    // the development keys; the functions' pool as on Netlify (EMBEDDED_DB alone would make it 1).
    EMBEDDED_DB: '1',
    DATABASE_POOL_MAX: '4',
    UPLOADS_DIR: uploadsDir,
    NETLIFY_DEPLOY_WEBHOOK_SECRET: DEPLOY_SECRET,
    BROWSER: 'none',
    XDG_CONFIG_HOME: configHome,
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      `--import=${pathToFileURL(path.join(import.meta.dirname, 'loopback.mjs')).href}`,
    ]
      .filter(Boolean)
      .join(' '),
  };
  // Nothing of a linked site or a login.
  delete env['NETLIFY_SITE_ID'];
  delete env['NETLIFY_AUTH_TOKEN'];
  delete env['NETLIFY_API_URL'];
  // The build goes where netlify.toml publishes it.
  delete env['ASTRO_OUT_DIR'];
  const child = spawn(
    process.execPath,
    [NETLIFY_CLI, 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)],
    { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  });
  const output = { text: '' };
  const verbose = process.env.NETLIFY_SERVE_VERBOSE === '1';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output.text += chunk;
      if (verbose) process.stdout.write(chunk);
    });
  }
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`netlify serve exited (${child.exitCode}):\n${output.text.slice(-4000)}`);
    if (/Local dev server ready/.test(output.text)) break;
    if (Date.now() > deadline)
      throw new Error(`netlify serve not ready within ${READY_MS / 1000} s:\n${output.text.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // The build as Netlify's: its adapter's server function and the functions in netlify/functions.
  const text = output.text;
  check(
    'the build ran with the Netlify adapter',
    /Packaging Functions generated by your framework:\s*\n\s*- ssr\/ssr\.mjs/.test(stripAnsi(text)),
  );
  check(
    'the run-jobs functions were bundled',
    /- run-jobs-background\.mts/.test(text) && /- run-jobs\.mts/.test(text),
  );
  return output;
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*[a-zA-Z]/g, '');
}

async function smoke(origin: string, output: { text: string }): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ baseURL: origin });
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();

  // A prebuilt city page from the CDN (the CLI's static server) with the headers of _headers, and
  // the home page with its own policy from the deploy's configuration (.netlify/v1/config.json).
  // The CLI applies a page's own rule only where the path names the file: it finds
  // /plumbing-dayton-ohio as /plumbing-dayton-ohio.html by retrying, and matches the rules against
  // that retried path, so pretty URLs get no policy here (Netlify's CDN matches the rule;
  // npm run check:netlify checks every page has one).
  const city = await page.goto('/plumbing-dayton-ohio');
  check(
    'GET /plumbing-dayton-ohio: a prebuilt page with the headers of _headers',
    city?.status() === 200 &&
      (await page.getByRole('heading', { level: 1 }).first().textContent())?.includes('Plumb') === true &&
      city.headers()['x-content-type-options'] === 'nosniff' &&
      /max-age=/.test(city.headers()['strict-transport-security'] ?? ''),
    String(city?.status()),
  );
  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  check("GET /: the page's own policy", home?.status() === 200 && /script-src 'self' 'sha256-/.test(csp));

  // The search, from the server function.
  const search = await page.request.get('/api/search?search=plumbing&category=plumbing');
  const found = (await search.json().catch(() => ({}))) as { items?: unknown[] };
  const count = found.items?.length ?? 0;
  check(
    'GET /api/search: contractors found',
    search.status() === 200 && count > 0,
    `${search.status()}, ${count}`,
  );
  const suggest = await page.request.get('/api/suggest?q=plu');
  check('GET /api/suggest', suggest.status() === 200, String(suggest.status()));

  // A quote request through to the sale: the wizard, its proof of work, the code texted to the
  // phone (/dev/sms), and the sale queued by the server function and drained by the background
  // function it invokes at this origin.
  await quoteToSale(page, output);

  // Signing in, and the dashboard rendered by the function with its islands.
  await page.goto('/auth?returnTo=%2Fdashboard');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByLabel('Email').fill('contractor@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Contractor Dashboard', level: 1 }).waitFor();
  await page.locator('astro-island:not([ssr])').first().waitFor();
  check('sign-in as the demo contractor, then the dashboard', true);
  const signedOut = await (
    await browser.newContext({ baseURL: origin })
  ).request.get('/dashboard', {
    maxRedirects: 0,
  });
  check('GET /dashboard signed out: sent to sign in', signedOut.status() === 302, String(signedOut.status()));

  // Webhooks, posted from no page of ours. Netlify's deploy notification, signed (JWS): 200; with
  // another secret: 401. Stripe's: in the sandbox (no STRIPE_SECRET_KEY, which would send the
  // sale to Stripe's API, unreachable here) the endpoint answers 404; its signature check is
  // npm run check:netlify's. Posted without an Origin, as Stripe posts: the CLI retries a
  // function's 404 at /api/stripe/webhook.html, .htm, /index.html, /index.htm (its CDN emulation),
  // paths where a foreign Origin is refused (403), which Netlify's CDN never does.
  for (const [secret, expected] of [
    [DEPLOY_SECRET, 200],
    ['someone-elses-secret', 401],
  ] as const) {
    const status = await deployNotification(origin, secret);
    check(
      `POST /api/netlify/deploy-status (${expected === 200 ? 'signed' : 'forged'})`,
      status === expected,
      String(status),
    );
  }
  const stripe = await stripeWebhook(origin);
  check('POST /api/stripe/webhook in the sandbox: 404', stripe === 404, String(stripe));
}

async function quoteToSale(page: Page, output: { text: string }): Promise<void> {
  // The CLI's output from here on: its bundling lines name run-jobs-background already.
  const mark = output.text.length;
  const phone = uniquePhone();
  const email = `netlify-serve-${Date.now()}@example.com`;
  await page.goto('/quote-request');
  await hydrated(page, 'QuoteWizard');
  await page.getByRole('radio', { name: 'Plumbing', exact: true }).check();
  await page.getByText('Step 2 of 6').waitFor();
  await page
    .getByLabel('Project description')
    .fill('Our water heater is leaking from the bottom and needs replacing.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /ASAP/ }).check();
  await page.getByText('Step 4 of 6').waitFor();
  await page.getByLabel('Minimum budget ($)').fill('5000');
  await page.getByLabel('Maximum budget ($)').fill('15000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Property address').fill(`${phone.slice(-4)} Main Street, Dayton, OH 45402`);
  await page.getByLabel('Property type').selectOption('Single Family Home');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Jordan Miller');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await page.getByRole('radio', { name: 'Email' }).check();
  const submitted = page.waitForResponse(
    (r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST',
    {
      timeout: 60_000,
    },
  );
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  const created = await submitted;
  check('POST /api/quotes: awaiting the code', created.status() === 201, String(created.status()));
  await page.getByRole('heading', { name: 'Enter the code we sent you' }).waitFor({ timeout: 60_000 });

  const phoneView = await page.context().newPage();
  await phoneView.goto(`/dev/sms?to=${phone}`);
  const text = (await phoneView.getByRole('article').first().textContent()) ?? '';
  await phoneView.close();
  const code = /code is (\d{6})/.exec(text)?.[1];
  check('the code texted to the phone (/dev/sms)', Boolean(code));
  if (!code) return;

  await page.getByLabel('6-digit code').fill(code);
  const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/quotes/verify'));
  const settled = page.waitForResponse(
    async (r: Response) =>
      r.url().endsWith('/api/quotes/status') &&
      r.ok() &&
      !((await r.json()) as { selling?: boolean }).selling,
    { timeout: 90_000 },
  );
  await page.getByRole('button', { name: 'Verify and send request' }).click();
  const verify = (await (await confirmed).json()) as { status?: string; selling?: boolean };
  check(
    'POST /api/quotes/verify: sent, the sale under way',
    verify.status === 'sent' && verify.selling === true,
    JSON.stringify(verify),
  );
  const sale = (await (await settled).json()) as { status?: string; paymentsSuccessful?: number };
  check(
    'the sale, drained by run-jobs-background: three contractors paid',
    sale.status === 'sent' && sale.paymentsSuccessful === 3,
    JSON.stringify(sale),
  );
  await page.getByText('Quote Request Submitted!').waitFor();
  check(
    'the background function ran in the CLI',
    /run-jobs-background \{/.test(output.text.slice(mark)),
    'its own log line, with what it drained, in the CLI output after the request',
  );
}

async function deployNotification(origin: string, secret: string): Promise<number> {
  const body = JSON.stringify({ id: 'deploy-netlify-serve-smoke', state: 'ready', title: null });
  const signature = await new SignJWT({ sha256: createHash('sha256').update(body).digest('hex') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('netlify')
    .sign(new TextEncoder().encode(secret));
  const answer = await fetch(`${origin}/api/netlify/deploy-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
    body,
  });
  return answer.status;
}

async function stripeWebhook(origin: string): Promise<number> {
  const payload = JSON.stringify({
    id: `evt_netlify_serve_${Date.now()}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: 'cus_netlify_serve', object: 'customer' } },
  });
  const signature = new Stripe('sk_test_netlify_serve').webhooks.generateTestHeaderString({
    payload,
    secret: 'whsec_netlify_serve',
  });
  const answer = await fetch(`${origin}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return answer.status;
}
