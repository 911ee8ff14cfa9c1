// npm run check:netlify: builds the site as Netlify would (NETLIFY=true) into a scratch
// directory and checks the server function: it exists, stays under 5 MB, and holds no
// PGlite and no WASM (PGlite belongs to the embedded launcher only); then runs a copy of it,
// away from the project's node_modules, against the database: a missing file fails the check.
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, ROOT } from './lib/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { BIN, run } from './lib/processes.ts';
import { DEMO_PASSWORD } from './lib/demo-data.ts';
import { isSeeded, seed } from './lib/seed.ts';

const LIMIT_BYTES = 5 * 1024 * 1024;
const FUNCTION_DIR = path.join(ROOT, '.netlify', 'v1', 'functions', 'ssr');

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
      (/\.(m?js|cjs)$/.test(f) && readFileSync(f, 'utf8').includes('@electric-sql/pglite')),
  );
  const problems = [
    bytes > LIMIT_BYTES && `function is ${(bytes / 1048576).toFixed(2)} MB, over the 5 MB budget`,
    wasm.length > 0 && `function contains WASM: ${wasm.map((f) => path.relative(ROOT, f)).join(', ')}`,
    pglite.length > 0 && `function contains PGlite: ${pglite.map((f) => path.relative(ROOT, f)).join(', ')}`,
  ].filter((p): p is string => Boolean(p));

  console.log(
    `Netlify function: ${all.length} files, ${(bytes / 1048576).toFixed(2)} MB, no WASM: ${wasm.length === 0}, no PGlite: ${pglite.length === 0}; build ${buildSeconds.toFixed(1)} s`,
  );
  // The function must also run with only the files it ships: load it and send requests that
  // reach the database, the search, the accounts, the quote pipeline (with its Stripe SDK) and
  // the upload store (with supabase-js).
  problems.push(...(await smoke(database.url, database.embedded)));
  if (problems.length) {
    for (const p of problems) console.error(`FAIL: ${p}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  await database.close();
}

async function smoke(databaseUrl: string, demo: boolean): Promise<string[]> {
  process.env['DATABASE_URL'] = databaseUrl;
  process.env['EMBEDDED_DB'] = '1';
  // The deploy's own address: the function answers for no other host.
  process.env['SITE_URL'] = 'https://example.netlify.app';
  // Uploads as in production: the Supabase Storage store, built with supabase-js and every
  // package it loads (an image is a redirect to the bucket, so no request leaves the machine).
  process.env['SUPABASE_URL'] = 'https://project.supabase.co';
  process.env['SUPABASE_SERVICE_ROLE_KEY'] = 'service-role-key';
  // A copy outside the project, so that nothing resolves from the project's own node_modules.
  const copy = await mkdtemp(path.join(tmpdir(), 'netlify-function-'));
  cpSync(FUNCTION_DIR, copy, { recursive: true, dereference: true });
  const { default: handler } = (await import(pathToFileURL(path.join(copy, 'ssr.mjs')).href)) as {
    default: (request: Request, context: { ip: string }) => Promise<Response>;
  };
  const origin = 'https://example.netlify.app';
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
    [new Request(`${origin}/profile`), 302],
    [new Request(`${origin}/uploads/demo/plumbing-1.webp`), 302],
  ];
  const failures: string[] = [];
  for (const [request, expected] of cases) {
    const response = await handler(request, { ip: '127.0.0.1' }).catch((error: unknown) => error);
    const status = response instanceof Response ? response.status : String(response);
    if (status !== expected)
      failures.push(`${request.method} ${new URL(request.url).pathname}: ${status}, expected ${expected}`);
  }
  let checked = cases.length;
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
  }
  console.log(`Netlify function smoke test: ${checked - failures.length} of ${checked} requests as expected`);
  return failures;
}
