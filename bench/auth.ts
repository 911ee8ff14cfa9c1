// Auth benchmarks: p50 and p95 server time of the sign-in use-case (validation, rate limits in
// Postgres, argon2id verification, a new session) against argon2id verification alone, and of
// the session check every signed-in request runs. On the embedded PGlite and on real
// PostgreSQL (BENCH_DATABASE_URL, a local server, or a throwaway cluster).
import { ZSignIn } from '../src/schemas/auth.ts';
import { signIn } from '../src/server/accounts/auth/sign-in.ts';
import { hashPassword, verifyPassword } from '../src/server/accounts/auth/password.ts';
import { createSession, validateSession } from '../src/server/platform/security/sessions.ts';
import { createSql, type Sql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { freePort, startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

/** Signed in once each: the limits are 5 attempts per e-mail and 30 per address in 5 minutes. */
const USERS = Number(process.env.BENCH_AUTH_USERS ?? 60);
const WARMUP_USERS = 2;
const SESSIONS = 200;
const CHECKS = Number(process.env.BENCH_AUTH_CHECKS ?? 2000);

const email = (i: number) => `bench-auth-${i}@example.com`;
const password = (i: number) => `bench-password-${i}-Xq7!`;

/** Confirmed users with real argon2id hashes, inserted the way tests/factories does. */
async function createUsers(sql: Sql, count: number): Promise<{ id: string; hash: string }[]> {
  const users: { id: string; hash: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const hash = await hashPassword(password(i));
    const [user] = await sql<{ id: string }[]>`
      insert into users (email, password_hash, full_name, email_confirmed_at)
      values (${email(i)}, ${hash}, ${`Bench User ${i}`}, now())
      returning id`;
    await sql`insert into profiles (id, email, full_name) values (${user!.id}, ${email(i)}, ${`Bench User ${i}`})`;
    // Some users have a role, so the check's role lookup finds rows.
    if (i % 10 === 0) await sql`insert into user_roles (user_id, role) values (${user!.id}, 'contractor')`;
    users.push({ id: user!.id, hash });
  }
  return users;
}

/** argon2id verification alone, with no database: what sign-in spends most of its time on. */
async function benchArgon2(): Promise<Measurement[]> {
  const hashes = await Promise.all(Array.from({ length: 4 }, (_, i) => hashPassword(password(i))));
  await verifyPassword(hashes[0]!, password(0));
  const times: number[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const k = i % hashes.length;
    times.push(await time(() => verifyPassword(hashes[k]!, password(k))));
  }
  const note = 'argon2id 19 MiB, t=2, p=1; no database';
  return [
    { name: 'argon2id verify p50', value: percentile(times, 0.5), unit: 'ms', note },
    { name: 'argon2id verify p95', value: percentile(times, 0.95), unit: 'ms', note },
  ];
}

async function benchOne(sql: Sql, label: string): Promise<Measurement[]> {
  await migrate(sql);
  const users = await createUsers(sql, WARMUP_USERS + USERS);

  // Unmeasured sign-ins first: warm plans and a warm argon2 thread pool.
  for (let i = 0; i < WARMUP_USERS; i += 1) {
    await signIn(sql, ZSignIn.parse({ email: email(i), password: password(i) }), { ip: null });
  }
  const signInTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = WARMUP_USERS; i < users.length; i += 1) {
    // Each user once, from its own address: neither limit is reached, as for real visitors.
    const meta = { ip: `198.51.100.${i % 250}`, userAgent: 'bench' };
    signInTimes.push(
      await time(() => signIn(sql, ZSignIn.parse({ email: email(i), password: password(i) }), meta)),
    );
    // The same verification alone, interleaved, so both see the same machine load.
    verifyTimes.push(await time(() => verifyPassword(users[i]!.hash, password(i))));
  }

  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i += 1) {
    tokens.push((await createSession(sql, users[i % users.length]!.id, { userAgent: 'bench' })).token);
  }
  for (const token of tokens.slice(0, 20)) await validateSession(sql, token);
  const checkTimes: number[] = [];
  for (let i = 0; i < CHECKS; i += 1) {
    const token = tokens[(i * 37) % tokens.length]!;
    let user: unknown;
    checkTimes.push(await time(async () => (user = await validateSession(sql, token))));
    if (!user) throw new Error('validateSession returned null for a live session');
  }
  // Steady state: sessions used within the last minute do not slide (no write).
  const [slid] = await sql<{ n: number }[]>`
    select count(*)::int as n from sessions where user_agent = 'bench' and last_seen_at > created_at`;

  const signInP50 = percentile(signInTimes, 0.5);
  const argon2P50 = percentile(verifyTimes, 0.5);
  const signInNote = `argon2id verify alone p50 ${argon2P50.toFixed(1)} ms in this run (${Math.round((100 * argon2P50) / signInP50)}%); the rest: validation, 2 rate-limit upserts, user read, session insert`;
  const checkNote = `${CHECKS} checks of ${SESSIONS} sessions; ${slid!.n} slid`;
  return [
    { name: `Sign-in server time p50, ${label}`, value: signInP50, unit: 'ms', note: signInNote },
    {
      name: `Sign-in server time p95, ${label}`,
      value: percentile(signInTimes, 0.95),
      unit: 'ms',
      note: `${signInTimes.length} users; argon2id 19 MiB, t=2, p=1 dominates`,
    },
    { name: `Session check p50, ${label}`, value: percentile(checkTimes, 0.5), unit: 'ms', note: checkNote },
    {
      name: `Session check p95, ${label}`,
      value: percentile(checkTimes, 0.95),
      unit: 'ms',
      note: 'budget: under 2 ms',
    },
  ];
}

async function benchEmbedded(): Promise<Measurement[]> {
  const database = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
  try {
    // PGlite has one backend: one connection per process, as the server uses with EMBEDDED_DB.
    const sql = createSql(database.url, { max: 1 });
    try {
      return await benchOne(sql, 'embedded PGlite');
    } finally {
      await sql.end();
    }
  } finally {
    await database.stop();
  }
}

async function benchPostgres(): Promise<Measurement[]> {
  return withPostgres(async (adminUrl) => {
    const sql = await freshDatabase(adminUrl, 'bench_auth', 4);
    try {
      return await benchOne(sql, 'PostgreSQL');
    } finally {
      await sql.end();
    }
  });
}

export async function authBench(): Promise<Measurement[]> {
  return [...(await benchArgon2()), ...(await benchEmbedded()), ...(await benchPostgres())];
}
