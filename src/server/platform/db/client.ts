// The one database client: postgres.js over DATABASE_URL, with prepared statements on, except
// behind a transaction-mode pooler (PgBouncer, Supabase's pooler on port 6543), which lends a
// server connection for one transaction at a time, so a statement prepared in one would be missing
// in the next. The same code talks to the embedded PGlite (through pglite-socket) and to real
// PostgreSQL. Nothing here relies on a session otherwise: advisory locks are transaction-scoped,
// there is no SET, LISTEN or temporary table.
import postgres from 'postgres';
import { serverEnv } from '../config/env.ts';
import { databasePoolMode, databaseUrl, embeddedDbSetting } from '../config/database.ts';

export type Sql = postgres.Sql<Record<string, never>>;
export type TransactionSql = postgres.TransactionSql<Record<string, never>>;
/**
 * A connection from the pool or a transaction (or a savepoint): what a step takes that runs its
 * queries wherever its caller is, and opens no transaction of its own (that needs `Sql`).
 */
export type Db = Sql | TransactionSql;

/**
 * Runs `work` in a transaction of its own: begun on a pool, a savepoint inside a caller's
 * transaction, so a step taking `Db` can still make its writes all-or-nothing.
 */
export function inTransaction<T>(db: Db, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  return ('savepoint' in db ? db.savepoint(work) : db.begin(work)) as Promise<T>;
}

let client: Sql | undefined;

/**
 * Connections per process. The embedded PGlite has one backend that pglite-socket shares
 * between connections; outside a transaction, two connections' extended-protocol messages
 * can interleave there ("portal does not exist"), so each process uses one connection and
 * postgres.js pipelines its queries on it.
 */
function defaultPoolMax(): number {
  const env = serverEnv();
  return env.DATABASE_POOL_MAX ?? (env.EMBEDDED_DB === '1' ? 1 : 10);
}
/** The port Supabase's pooler answers in transaction mode. */
const SUPABASE_TRANSACTION_PORT = '6543';

/** How the server at `url` lends connections (DATABASE_POOL_MODE, else by Supabase's port). */
export function poolMode(url: string, configured = databasePoolMode()): 'session' | 'transaction' {
  if (configured) return configured;
  return URL.canParse(url) && new URL(url).port === SUPABASE_TRANSACTION_PORT ? 'transaction' : 'session';
}

/**
 * Seconds a new connection may take to be ready. 5 for a database server: one that takes longer
 * is answered 503 before Netlify's 10 s limit for a function turns the request into its own
 * error page (the outage check met a pg_ctl stop that took 10 s, its connections unanswered all
 * the while). 10 for the embedded database, which runs every client's messages in turn, a new
 * connection's startup behind another process's query.
 */
export function connectTimeoutSeconds(embedded = embeddedDbSetting()): number {
  return embedded ? 10 : 5;
}

/** Seconds before reconnecting after `retries` failed connections in a row: 0.05 s doubling, at most 0.5 s. */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** Math.max(0, retries - 1), 0.5);
}

/**
 * What a client of `url` must do as its server lends connections: behind a transaction-mode
 * pooler, no prepared statement, and no query pipelined behind another on a connection (the
 * pooler hands the server connection back when the first reply ends, and the queries written
 * behind it were never answered: porsager/postgres#970, 47 of 200 rounds of 20 concurrent views
 * hung for good through PgBouncer; 0 with this). A connection then runs one query at a time;
 * sql.begin still reserves its connection (scripts/patch-postgres.mjs, #823).
 */
export function connectionOptions(url: string): { prepare: boolean; max_pipeline?: number } {
  return poolMode(url) === 'transaction' ? { prepare: false, max_pipeline: 0 } : { prepare: true };
}

export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? defaultPoolMax(),
    ...connectionOptions(url),
    idle_timeout: 20,
    connect_timeout: connectTimeoutSeconds(),
    // How long a connection waits before reconnecting after a failed one. postgres.js's default
    // grows with every failure in the pool (3^n / 100 s, up to 20 s) and is only reset by a
    // success: after a minute of outage each request waited up to 20 s for its 503, and the
    // service came back up to 20 s after the database did. At most half a second here.
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    // numeric and bigint come back as strings by default; ratings and counts are small.
    types: {
      numeric: {
        to: 1700,
        from: [1700],
        serialize: (x: number) => String(x),
        parse: (x: string) => Number(x),
      },
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  }) as unknown as Sql;
}

/** The process-wide pool, created on first use. */
export function db(): Sql {
  client ??= createSql(databaseUrl());
  return client;
}
