// Publishing: turns the pending publish requests into a rebuild of the prebuilt pages.
// publish() records a run (publish_runs) and starts the builder when none is running; runs
// coalesce in the database (at most one building and one queued behind it, under a table lock and
// two unique indexes), so a burst of N publishes makes at most two builds, whichever process asks.
// The builder is Netlify's build hook in production (BUILD_HOOK_URL) and, in the embedded default,
// a local rebuild into a fresh folder that the Node server switches to (scripts/lib/local-rebuild.ts
// registers it; src/server/platform/publish/local-site.ts is the meeting point). schedulePublish() is the
// automatic publish after an approval, a contractor's own edit or a review change: debounced, so a
// burst of changes makes one build.
import { hostname } from 'node:os';
import { serverEnv } from '../config.ts';
import { db, type Db, type Sql, type TransactionSql } from '../db/client.ts';
import type { PublishRunView, PublishState } from '../../../schemas/publish.ts';
import { hookBuilder } from './build-hook.ts';
import type { Builder, BuildOutcome } from './builder.ts';
import { pendingChanges } from './pending-changes.ts';
import { localSiteHost } from './local-site.ts';
import { log, outsideRequest } from '../log.ts';

/** The automatic publish waits this long after the last automatic change before it starts. */
export const PUBLISH_DEBOUNCE_MS = 60_000;
/**
 * ...but never longer than this after the oldest waiting one: changes every 50 s (one contractor
 * saving again and again) must not hold every other change back for good.
 */
const PUBLISH_MAX_WAIT_MS = 10 * 60_000;
/**
 * At most one automatic publish this often (a run of any kind requested within it defers the next):
 * contractors' saves a minute apart would otherwise start a full build (a Netlify build) each.
 */
const AUTO_PUBLISH_GAP_MS = 5 * 60_000;

/** When the automatic publish is due (tests shorten them). */
export interface AutomaticTiming {
  debounceMs: number;
  maxWaitMs?: number;
  gapMs?: number;
}
/**
 * A run still 'building' after this long was cut short (its process stopped): it is failed. A run
 * whose building process on this machine is gone is failed at once.
 */
const STALE_BUILD_MS = 30 * 60_000;
/** Lines of a build's log kept with its run. */
const LOG_TAIL_LINES = 40;
const LOG_TAIL_CHARS = 8000;

export interface Publisher {
  /** Records a run (or joins the queued one) and starts building when nothing is. */
  publish(requestedBy: string | null): Promise<PublishRunView>;
  /**
   * The automatic publish: one publish `debounceMs` after the last call, if an automatic change's request
   * still waits then (an admin's Publish meanwhile took it).
   */
  schedulePublish(requestedBy?: string | null): void;
  /** Resolves when no build of this process runs and none is scheduled to (tests, shutdown). */
  idle(): Promise<void>;
}

/** The last `lines` lines of a log, at most 8,000 characters. */
export function logTail(log: string, lines = LOG_TAIL_LINES): string {
  const tail = log.replace(/\s+$/, '').split('\n').slice(-lines).join('\n');
  return tail.length > LOG_TAIL_CHARS ? tail.slice(-LOG_TAIL_CHARS) : tail;
}

export function createPublisher({
  sql,
  builder,
  debounceMs = PUBLISH_DEBOUNCE_MS,
  gapMs = AUTO_PUBLISH_GAP_MS,
}: {
  sql: Sql;
  builder: Builder;
  debounceMs?: number;
  /** AUTO_PUBLISH_GAP_MS; a timer that fires within it leaves the work to the scheduled job. */
  gapMs?: number;
}): Publisher {
  let running = false;
  let again = false;
  let done: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let publishing = 0;

  /** Builds the queued runs one after another while this process can claim them. */
  function kick(): void {
    again = true;
    if (running) return;
    running = true;
    done = (async () => {
      try {
        while (again) {
          again = false;
          for (let run = await claimNext(sql); run; run = await claimNext(sql)) {
            const outcome = await builder(run).catch((error: unknown): BuildOutcome => ({
              status: 'failed',
              log: error instanceof Error ? error.message : String(error),
            }));
            await finishRun(sql, run, outcome);
            again = true;
          }
        }
      } catch (error) {
        log().error({ err: error }, 'publishing stopped; the next publish resumes it');
      } finally {
        // Set in the same synchronous step as the last check of `again`: no call is missed.
        running = false;
      }
    })();
  }

  async function publish(requestedBy: string | null): Promise<PublishRunView> {
    publishing += 1;
    try {
      return await record(requestedBy);
    } finally {
      publishing -= 1;
    }
  }

  async function record(requestedBy: string | null): Promise<PublishRunView> {
    const id = await sql.begin(async (tx) => {
      await tx`lock table publish_runs in share row exclusive mode`;
      const [queued] = await tx<{ id: number }[]>`select id from publish_runs where status = 'queued'`;
      if (queued) return queued.id;
      const [row] = await tx<{ id: number }[]>`
        insert into publish_runs (requested_by) values (${requestedBy}) returning id`;
      return row!.id;
    });
    kick();
    return (await runById(sql, id))!;
  }

  return {
    publish,
    schedulePublish(requestedBy = null) {
      if (timer) clearTimeout(timer);
      timer = outsideRequest(() =>
        setTimeout(() => {
          timer = null;
          // Only if an automatic change still waits: an admin's Publish in the meantime took it already.
          publishing += 1;
          void automaticWaiting(sql, { debounceMs: 0, gapMs })
            .then((waiting) => (waiting ? record(requestedBy) : null))
            .catch((error: unknown) => log().error({ err: error }, 'the automatic publish failed'))
            .finally(() => {
              publishing -= 1;
            });
        }, debounceMs),
      );
      timer.unref();
    },
    async idle() {
      while (timer || running || publishing) {
        await (running ? done : new Promise((r) => setTimeout(r, 20)));
      }
    },
  };
}

/**
 * Whether an automatic change's publish request waits for a build, no run covering it yet, and
 * the latest such request is at least `debounceMs` old (or the oldest `maxWaitMs`). Not when a
 * build failed since the latest: its changes wait for an admin's Publish or the next automatic
 * change, so a build that keeps failing is not started again every minute. Not within `gapMs` of
 * the last run requested (automatic publishes at most every 5 minutes).
 */
async function automaticWaiting(
  sql: Sql,
  { debounceMs, maxWaitMs = PUBLISH_MAX_WAIT_MS, gapMs = AUTO_PUBLISH_GAP_MS }: AutomaticTiming,
): Promise<boolean> {
  const [row] = await sql<{ due: boolean | null }[]>`
    with waiting as (
      select max(created_at) as latest, min(created_at) as oldest from publish_requests
       where published_at is null and publish_run_id is null and automatic)
    select (w.latest <= now() - make_interval(secs => ${debounceMs / 1000})
            or w.oldest <= now() - make_interval(secs => ${maxWaitMs / 1000}))
           and not exists (select 1 from publish_runs r where r.status = 'failed' and r.finished_at >= w.latest)
           and not exists (select 1 from publish_runs r
                            where r.requested_at > now() - make_interval(secs => ${gapMs / 1000})) as due
      from waiting w`;
  return row?.due === true;
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
async function claimNext(sql: Sql): Promise<number | null> {
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
async function finishRun(sql: Db, id: number, outcome: BuildOutcome): Promise<void> {
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

async function runById(sql: Sql, id: number): Promise<PublishRunView | null> {
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

/** Netlify's build hook when BUILD_HOOK_URL is set, else the local rebuild of our Node server. */
export function defaultBuilder(): Builder {
  const hook = serverEnv().BUILD_HOOK_URL;
  if (hook) return hookBuilder(hook);
  return async (runId) => {
    const host = localSiteHost();
    if (!host) {
      return {
        status: 'failed',
        log: 'No local rebuild here: this server is not our Node server (npm start), and BUILD_HOOK_URL is not set.',
      };
    }
    return host.rebuild(runId);
  };
}

let shared: Publisher | undefined;

/** The process's publisher (the server's database, the default builder). */
export function publisher(): Publisher {
  shared ??= createPublisher({ sql: db(), builder: defaultBuilder() });
  return shared;
}

/**
 * The automatic publish after a change marked automatic (an approval, a contractor's own edit, a
 * review change): call it after the change's transaction committed. Debounced
 * (PUBLISH_DEBOUNCE_MS), so a burst of changes makes one build. On Netlify a timer does not
 * outlive the function's answer: there the scheduled function netlify/functions/auto-publish.mts
 * calls publishIfDue() every minute instead, and this does nothing. Nor does it where nothing can
 * build (no local site server and no BUILD_HOOK_URL: the scheduled job records the failed run
 * there, and an admin's Publish says why), nor with AUTO_PUBLISH=off.
 */
export function schedulePublish(requestedBy: string | null = null): void {
  const env = serverEnv();
  if (env.NETLIFY || env.AUTO_PUBLISH === 'off') return;
  if (!env.BUILD_HOOK_URL && !localSiteHost()) return;
  publisher().schedulePublish(requestedBy);
}

/**
 * The automatic publish without a timer: publishes when an automatic change's request
 * waits for a build and the latest such request is `debounceMs` old (the oldest `maxWaitMs`), so
 * a burst of changes still makes one build, and none within `gapMs` of the last run. Resolves when the build (or the hook's call) is done. Null: none due.
 */
export async function publishIfDue(
  sql: Sql,
  pub: Publisher,
  timing: AutomaticTiming = { debounceMs: PUBLISH_DEBOUNCE_MS },
): Promise<PublishRunView | null> {
  if (serverEnv().AUTO_PUBLISH === 'off') return null;
  if (!(await automaticWaiting(sql, timing))) return null;
  const run = await pub.publish(null);
  await pub.idle();
  return run;
}
