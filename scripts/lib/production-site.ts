// The site as production runs it, on real PostgreSQL, for the load benchmark (bench/load.ts) and
// the database-outage check (scripts/ci/postgres-outage.ts): a throwaway cluster from the
// machine's binaries (scripts/ci/postgres.sh; or BENCH_DATABASE_URL's server when the caller
// allows it), a fresh database migrated and seeded with the demo data, `astro build` from it, and
// our Node server (scripts/serve.ts) on 127.0.0.1 in its own process, its output in a log file.
import { execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { dialableNanpNumber } from '../../src/domain/phone.ts';
import { currentTotpCode } from '../../src/server/accounts/auth/second-factor/totp.ts';
import { connectionOptions, createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { migrate } from '../../src/server/platform/db/migrate.ts';
import { ROOT } from './database.ts';
import { freePort } from './embedded-db.ts';
import { BIN, run, SITE_SERVER, waitForOk } from './processes.ts';
import { seed } from './seed.ts';
import { DEMO_ADMIN_TOTP_SECRET } from './seed-demo-admin-factor.ts';

/** application_name of the caller's connections (sql), not counted as the server's. */
export const MONITOR_APPLICATION = 'production-site-monitor';

const POSTGRES_SH = path.join(ROOT, 'scripts/ci/postgres.sh');

export interface ProductionSite {
  origin: string;
  /** The Node server's process id (its memory is read from /proc). */
  pid: number;
  /** The site's database, for the caller's checks (two connections of its own). */
  sql: Sql;
  databaseName: string;
  /** The site's database URL (what the server was given). */
  databaseUrl: string;
  /** The pool size the server was given (DATABASE_POOL_MAX). */
  poolMax: number;
  /** Stops the PostgreSQL server (the cluster is kept); only on a cluster of our own. */
  haltDatabase(mode: 'fast' | 'immediate'): void;
  /** Starts it again; returns once it accepts connections. */
  resumeDatabase(): void;
  /** The server's output so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startProductionSite(options: {
  name: string;
  /** Use BENCH_DATABASE_URL's server when set (the load bench; the outage needs its own cluster). */
  allowGivenDatabase?: boolean;
  poolMax?: number;
  /** Extra environment of the build and the server. */
  env?: Record<string, string>;
}): Promise<ProductionSite> {
  const scratch = mkdtempSync(path.join(tmpdir(), `${options.name}-`));
  const given = options.allowGivenDatabase ? process.env.BENCH_DATABASE_URL : undefined;
  // Its own folder: postgres.sh hands it to the postgres user (scratch is private to us).
  const clusterDir = mkdtempSync(path.join(tmpdir(), `${options.name}-pg-`));
  const adminUrl =
    given ??
    execFileSync('bash', [POSTGRES_SH, 'start', clusterDir, String(await freePort())], {
      encoding: 'utf8',
    }).trim();
  const cleanups: (() => Promise<void> | void)[] = [];
  cleanups.push(() => {
    execFileSync('bash', [POSTGRES_SH, 'stop', clusterDir]);
    rmSync(scratch, { recursive: true, force: true });
  });
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(error);
      }
    }
  };
  try {
    const databaseName = options.name.replace(/\W/g, '_');
    const admin = createSql(adminUrl, { max: 1 });
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.unsafe(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    const setup = createSql(url.href, { max: 2 });
    try {
      await migrate(setup);
      await seed(setup, { demo: true, uploadsDir: path.join(scratch, 'uploads') });
    } finally {
      await setup.end();
    }
    const uploadsDir = path.join(scratch, 'uploads');
    // The caller's own connections, named so they can be told from the server's in pg_stat_activity.
    const sql = postgres(url.href, {
      max: 2,
      ...connectionOptions(url.href),
      connection: { application_name: MONITOR_APPLICATION },
      onnotice: () => {},
    }) as unknown as Sql;
    cleanups.push(() => sql.end({ timeout: 1 }));

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // Inside the project, so the server bundle finds node_modules; dist-bench/ is ignored by git.
    const outDir = path.join(ROOT, 'dist-bench', options.name);
    cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
    const poolMax = options.poolMax ?? 10;
    const env = {
      ...process.env,
      DATABASE_URL: url.href,
      DATABASE_POOL_MAX: String(poolMax),
      EMBEDDED_DB: '0',
      UPLOADS_DIR: uploadsDir,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: origin,
      ...options.env,
    };
    const started = performance.now();
    console.log(`${options.name}: building the site from PostgreSQL...`);
    await run(path.join(BIN, 'astro'), ['build', '--silent'], env);
    console.log(`${options.name}: built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const logFile = path.join(scratch, 'server.log');
    const logFd = openSync(logFile, 'a');
    const server = spawn(SITE_SERVER.command, [...SITE_SERVER.args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', logFd, logFd],
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    });
    const log = () => readFileSync(logFile, 'utf8');
    try {
      await waitForOk(`${origin}/`);
    } catch (error) {
      console.error(log());
      throw error;
    }
    return {
      origin,
      pid: server.pid!,
      sql,
      databaseName,
      databaseUrl: url.href,
      poolMax,
      haltDatabase(mode) {
        if (given) throw new Error('the outage needs a cluster of its own (unset BENCH_DATABASE_URL)');
        execFileSync('bash', [POSTGRES_SH, 'halt', clusterDir, mode]);
      },
      resumeDatabase() {
        if (given) throw new Error('the outage needs a cluster of its own (unset BENCH_DATABASE_URL)');
        execFileSync('bash', [POSTGRES_SH, 'resume', clusterDir]);
      },
      log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A session cookie ("name=value") of a demo account, signed in through the API as a browser would;
 * the demo admin's second step (issue 26) with the code of its authenticator app.
 */
export async function signedInCookie(origin: string, email: string, password: string): Promise<string> {
  let answer = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status === 200 && ((await answer.clone().json()) as { secondFactor?: boolean }).secondFactor) {
    const pending = answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    answer = await fetch(`${origin}/api/auth/second-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: pending },
      body: JSON.stringify({ code: currentTotpCode(DEMO_ADMIN_TOTP_SECRET) }),
    });
  }
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?session=/.test(c))
    ?.split(';')[0];
  if (answer.status !== 200 || !cookie)
    throw new Error(`signing in as ${email} failed: ${answer.status} ${await answer.text()}`);
  return cookie;
}

const ZIPS = ['45402', '45409', '45419', '45429', '45431', '45440', '45385', '45066'];

/** This process's mark on its requests' street addresses (a given database may hold earlier runs'). */
const RUN = randomInt(1, 1_000_000);
const issuedPhones = new Set<string>();

/**
 * A dialable Dayton-area mobile number this process has not used (limits and duplicates follow a
 * request's phone: three a day, one per service within 30 days). Never one ending in 00 or 99,
 * which the sandbox takes for a landline (a call) or a VoIP line (waits for the e-mail link).
 */
function benchPhone(): string {
  for (;;) {
    const exchange = String(randomInt(200, 1000));
    const digits = `937${exchange}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (exchange === '555' || exchange.endsWith('11') || /(00|99)$/.test(digits)) continue;
    if (/^(\d)\1{6}$/.test(digits.slice(3)) || dialableNanpNumber(digits) !== digits) continue;
    if (issuedPhones.has(digits)) continue;
    issuedPhones.add(digits);
    return digits;
  }
}

/**
 * The fields of a signed-out homeowner's quote request number `i` (its own e-mail, request key,
 * phone, street address and description, and a ZIP), as the wizard sends them: the benches' requests
 * (bench/quote.ts, bench/load.ts) and the outage check's. A request is sold only once its phone
 * is proven: the caller reads the code the sandbox sent to `phone` (sandbox_verifications).
 */
export function quoteRequestFields(i: number, services: string[], altcha: string, tag: string) {
  return {
    requestKey: crypto.randomUUID(),
    altcha,
    service: services[i % services.length],
    // Numbered: one homeowner's words are not another's (nearly the same text is flagged).
    description: `Bench request ${i}: the project needs a contractor soon, details on the phone.`,
    timeline: 'ASAP',
    budgetMin: 1000,
    budgetMax: 15000,
    propertyType: 'Single Family Home',
    address: `${i} Main Street Unit ${tag}-${RUN}`,
    zipCode: ZIPS[i % ZIPS.length],
    name: 'Bench Homeowner',
    email: `${tag}-${i}@example.com`,
    phone: benchPhone(),
    contactMethod: 'email',
  };
}

/** Quote request number `i` as a JSON body for POST /api/quotes. */
export function quoteRequestBody(
  i: number,
  services: string[],
  altcha: string,
  tag: string,
): { requestKey: string; email: string; phone: string; body: string } {
  const fields = quoteRequestFields(i, services, altcha, tag);
  return {
    requestKey: fields.requestKey,
    email: fields.email,
    phone: fields.phone,
    body: JSON.stringify(fields),
  };
}

/**
 * A client address of its own for request `i` (10.x.y.z), sent as X-Forwarded-For from 127.0.0.1,
 * which the server is told to trust as its proxy (TRUSTED_PROXIES), as a CDN in front of it would
 * be: each simulated homeowner is then limited as one household, not all as 127.0.0.1.
 */
export function clientAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}
