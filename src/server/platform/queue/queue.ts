// The job queue: pg-boss in our own Postgres (its tables in the `pgboss` schema, installed and
// upgraded by pg-boss itself with our migrations), spoken to through the one postgres.js client rather
// than a second driver and pool of its own. So a job is queued inside the caller's transaction
// (it exists exactly when the change that asked for it was committed), the embedded PGlite and a
// transaction-mode pooler work as the server's own queries do, and there is nothing else to run.
// Jobs are taken with `drainQueue`: by the server's in-process runner (runner.ts) and, on Netlify,
// by the functions in netlify/functions (docs/architecture.md, "Background work").
import { PgBoss, type Db as QueueDb, type Job } from 'pg-boss';
import type { Db, Sql, TransactionSql } from '../db/client.ts';
import { log } from '../log.ts';

const QUEUE_SCHEMA = 'pgboss';

/** A queue of ours and how its jobs are retried. */
export interface QueueSpec {
  name: string;
  /** Tries after the first before a job is left failed (the sweepers still see its work). */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss's backoff). */
  retryDelay: number;
  /** A job running longer than this (its worker died) is given to another worker. */
  expireInSeconds: number;
}

/** pg-boss's statements through postgres.js. A text without values may be several statements
 * (its migrations and maintenance, with their own BEGIN ... COMMIT): they run in the simple
 * protocol on one reserved connection, rolled back there if one fails, and the rows of every
 * statement are returned, as pg-boss asks of a custom driver. */
function queueDb(sql: Db): QueueDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) {
        const rows = await sql.unsafe(text, values as never[]);
        return { rows: [...rows] };
      }
      if (!('reserve' in sql)) return { rows: flatten(await sql.unsafe(text)) };
      const connection = await sql.reserve();
      try {
        return { rows: flatten(await connection.unsafe(text)) };
      } catch (error) {
        await connection.unsafe('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

function flatten(result: readonly unknown[]): unknown[] {
  // One statement: its rows (objects). Several: one result (an array of rows) per statement.
  return result.length && result.every(Array.isArray) ? (result as unknown[][]).flat() : [...result];
}

const OPTIONS = {
  schema: QUEUE_SCHEMA,
  supervise: false,
  schedule: false,
  registerInstance: false,
  monitorVacuum: false,
  reindex: false,
} as const;

/**
 * Installs (or upgrades) pg-boss's schema under its advisory lock and declares our queues: run
 * with the migrations (db/migrate.ts), so that queueing and draining need no start-up of their
 * own. Each queue is 'stately': at most one job per key waiting and one running (one sale per lead).
 */
export async function installQueues(sql: Sql, specs: readonly QueueSpec[]): Promise<void> {
  // Two runners at once (two deploys, two test workers) race on pg-boss's first `CREATE SCHEMA`,
  // which it makes before its lock: the loser waits for the winner's install and checks it again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await installOnce(sql, specs);
      return;
    } catch (error) {
      if (attempt >= 10 || !concurrentInstall(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A unique violation or "already exists" from a second install running at the same time. */
function concurrentInstall(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23505' || code === '42P06' || code === '42710' || /already exists/.test(String(message));
}

async function installOnce(sql: Sql, specs: readonly QueueSpec[]): Promise<void> {
  const boss = new PgBoss({ db: queueDb(sql), ...OPTIONS, migrate: true });
  boss.on('error', (error: unknown) => log().error({ err: error }, 'job queue'));
  await boss.start();
  try {
    const known = new Set((await boss.getQueues()).map((q) => q.name));
    for (const spec of specs) {
      const options = {
        retryLimit: spec.retryLimit,
        retryDelay: spec.retryDelay,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds,
      };
      if (known.has(spec.name)) await boss.updateQueue(spec.name, options);
      else await boss.createQueue(spec.name, { ...options, policy: 'stately' });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * pg-boss's commands over `sql`, never started: no timers, no pool of its own, nothing to stop.
 * The schema and queues are the migrations' (installQueues); the schedules are ours.
 */
function commands(sql: Db): PgBoss {
  const boss = new PgBoss({ db: queueDb(sql), ...OPTIONS, migrate: false });
  boss.on('error', (error: unknown) => log().error({ err: error }, 'job queue'));
  return boss;
}

const pools = new WeakMap<Sql, PgBoss>();

function poolCommands(sql: Sql): PgBoss {
  let boss = pools.get(sql);
  if (!boss) pools.set(sql, (boss = commands(sql)));
  return boss;
}

/**
 * Queues a job inside the caller's transaction: it is there once the transaction commits, and
 * never if it rolls back. `key` names its subject: while a job of that key waits, another send is
 * dropped (null), so a repeat of the request queues nothing twice.
 */
export async function queueJob(
  tx: TransactionSql,
  spec: QueueSpec,
  data: Record<string, string>,
  key?: string,
): Promise<string | null> {
  return commands(tx).send(spec.name, data, key ? { singletonKey: key } : {});
}

/** What one drain did: jobs finished and jobs that failed (left for their retry). */
export interface DrainResult {
  done: number;
  failed: number;
}

/**
 * Takes the queue's due jobs in batches and runs each (a batch concurrently) until none is left
 * or `until` has passed; each taken job is marked done or failed (pg-boss retries it later with
 * backoff). Several drains at once, in one process or many, never take the same job.
 */
export async function drainQueue(
  sql: Sql,
  spec: QueueSpec,
  handler: (data: Record<string, string>) => Promise<unknown>,
  options: { batchSize?: number; until?: number; stop?: () => boolean } = {},
): Promise<DrainResult> {
  const boss = poolCommands(sql);
  const result: DrainResult = { done: 0, failed: 0 };
  for (;;) {
    if (options.until !== undefined && Date.now() > options.until) return result;
    if (options.stop?.()) return result;
    const jobs: Job<Record<string, string>>[] = await boss.fetch(spec.name, {
      batchSize: options.batchSize ?? 5,
    });
    if (!jobs.length) return result;
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handler(job.data);
          await boss.complete(spec.name, job.id);
          result.done += 1;
        } catch (error) {
          log().error({ err: error }, `job ${spec.name} ${job.id} failed; pg-boss retries it`);
          await boss.fail(spec.name, job.id, {
            message: error instanceof Error ? error.message : String(error),
          });
          result.failed += 1;
        }
      }),
    );
  }
}

/** pg-boss's own upkeep (expired active jobs back to retry, old jobs deleted), on a schedule. */
export async function superviseQueues(sql: Sql): Promise<void> {
  await poolCommands(sql).supervise();
}
