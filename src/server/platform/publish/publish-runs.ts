// The publish runs in the database (publish_runs): a queued run is claimed by one process at a
// time (under a table lock; a 'building' run whose process stopped is failed first), its outcome
// recorded with its log's tail, its requests published or handed back to the next run; and the
// runs as the admin's Publish page shows them.
import { hostname } from 'node:os';
import type { Db, Sql, TransactionSql } from '../db/client.ts';
import type { PublishRunView, PublishState } from '../../../schemas/publish.ts';
import type { BuildOutcome } from './builder.ts';
import { pendingChanges } from './pending-changes.ts';

/**
 * A run still 'building' after this long was cut short (its process stopped): it is failed. A run
 * whose building process on this machine is gone is failed at once.
 */
const STALE_BUILD_MS = 30 * 60_000;
/** Lines of a build's log kept with its run. */
const LOG_TAIL_LINES = 40;
const LOG_TAIL_CHARS = 8000;

/** The last `lines` lines of a log, at most 8,000 characters. */
export function logTail(log: string, lines = LOG_TAIL_LINES): string {
  const tail = log.replace(/\s+$/, '').split('\n').slice(-lines).join('\n');
  return tail.length > LOG_TAIL_CHARS ? tail.slice(-LOG_TAIL_CHARS) : tail;
}

/** This process, as it marks the runs it builds. */
const CLAIMANT = `${hostname()}:${process.pid}`;

/** True when `claimedBy` names a process on this machine that no longer runs. */
function processGone(claimedBy: string | null): boolean {
  const at = claimedBy?.lastIndexOf(':') ?? -1;
  if (!claimedBy || at < 0 || claimedBy.slice(0, at) !== hostname()) return false;
  const pid = Number(claimedBy.slice(at + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the oldest queued run if no build is running (a 'building' run left by a stopped process
 * is failed first), marks it building and gives it every pending request. Null: nothing to do now.
 */
export async function claimNext(sql: Sql): Promise<number | null> {
  return sql.begin(async (tx) => {
    await tx`lock table publish_runs in share row exclusive mode`;
    const building = await tx<{ id: number; claimed_by: string | null; stale: boolean }[]>`
      select id, claimed_by,
             started_at < now() - make_interval(secs => ${STALE_BUILD_MS / 1000}) as stale
        from publish_runs where status = 'building'`;
    for (const run of building) {
      if (run.stale || processGone(run.claimed_by)) {
        await finishRun(tx, run.id, {
          status: 'failed',
          log: 'The build was cut short (its server stopped).',
        });
      }
    }
    const [still] = await tx`select 1 from publish_runs where status = 'building'`;
    if (still) return null;
    const [next] = await tx<{ id: number }[]>`
      update publish_runs set status = 'building', started_at = now(), claimed_by = ${CLAIMANT}
       where id = (select id from publish_runs where status = 'queued' order by id limit 1)
       returning id`;
    if (!next) return null;
    await tx`
      update publish_requests set publish_run_id = ${next.id}
       where published_at is null and publish_run_id is null`;
    return next.id;
  });
}

/** Records a run's outcome: its requests published, or handed back to the next run. */
export async function finishRun(sql: Db, id: number, outcome: BuildOutcome): Promise<void> {
  const work = async (tx: TransactionSql) => {
    await tx`
      update publish_runs set status = ${outcome.status}, finished_at = now(), log_tail = ${logTail(outcome.log) || null}
       where id = ${id}`;
    if (outcome.status === 'failed') {
      await tx`update publish_requests set publish_run_id = null where publish_run_id = ${id}`;
    } else {
      await tx`update publish_requests set published_at = now() where publish_run_id = ${id}`;
    }
  };
  if ('savepoint' in sql) await work(sql);
  else await sql.begin(work);
}

const RUN_COLUMNS = (sql: Sql) => sql`
  r.id, r.status, r.requested_by, r.requested_at, r.started_at, r.finished_at, r.log_tail,
  (select count(*)::int from publish_requests q where q.publish_run_id = r.id) as requests`;

interface RunRow {
  id: number;
  status: PublishRunView['status'];
  requested_by: string | null;
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  log_tail: string | null;
  requests: number;
}

const view = (row: RunRow): PublishRunView => ({
  id: row.id,
  status: row.status,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  logTail: row.log_tail,
  requests: row.requests,
});

/** One run as the admin's Publish page shows it; null: no such run. */
export async function runById(sql: Sql, id: number): Promise<PublishRunView | null> {
  const [row] = await sql<RunRow[]>`select ${RUN_COLUMNS(sql)} from publish_runs r where r.id = ${id}`;
  return row ? view(row) : null;
}

/** The latest runs, newest first, how many requests no run covers yet, and what they are. */
export async function publishState(sql: Sql, limit = 10): Promise<PublishState> {
  const rows = await sql<RunRow[]>`
    select ${RUN_COLUMNS(sql)} from publish_runs r order by r.id desc limit ${limit}`;
  const [pending] = await sql<{ n: number }[]>`
    select count(*)::int as n from publish_requests where published_at is null and publish_run_id is null`;
  return { runs: rows.map(view), pending: pending?.n ?? 0, changes: await pendingChanges(sql) };
}
