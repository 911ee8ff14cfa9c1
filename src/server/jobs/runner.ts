// Running the registry (registry.ts) in a long-lived Node server: each scheduled job on its
// period, and the queues drained every few seconds and at once when a request has just queued a
// job (kickJobs). Our Node server (scripts/serve.ts: npm start, npm run preview) asks for it on a
// global symbol (runner-host.ts); the bundle starts the runner with its first on-demand request,
// on its own database client. On Netlify there is no long-lived process: a kick invokes the background
// function run-jobs-background, and the scheduled functions run the rest (netlify/functions).
// Elsewhere (the tests) a kick drains the queues in the background of this process.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../platform/db/client.ts';
import { serverEnv } from '../platform/config/env.ts';
import { coalesced, type Coalesced } from './coalesce.ts';
import { drainQueues, jobContext, SCHEDULED_JOBS, scheduleMinutes } from './registry.ts';
import { runnerHost } from './runner-host.ts';
import { log, outsideRequest } from '../platform/log.ts';
import { FIRST_RUN_MS, QUEUE_POLL_MS, RUNNER_LANES, STOP_WAIT_MS } from './jobs-rules.ts';

interface Runner {
  kick(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

let runner: Runner | null = null;

/** Defined by the Netlify build (astro.config.mjs); undeclared elsewhere (tests, our Node server). */
declare const __BUILT_FOR_NETLIFY__: boolean | undefined;

/** Whether this bundle runs in Netlify's functions: built for them, or told so (NETLIFY). */
function onNetlify(): boolean {
  return (
    (typeof __BUILT_FOR_NETLIFY__ !== 'undefined' && __BUILT_FOR_NETLIFY__) || Boolean(serverEnv().NETLIFY)
  );
}

/** The runner of this process when our Node server asked for one: started on first call. */
export function ensureJobRunner(sql: Sql): Runner | null {
  const state = runnerHost();
  if (!state?.wanted) return null;
  if (!runner) {
    const started = startRunner(sql);
    runner = started;
    state.stop = async () => {
      await started.stop();
      if (runner === started) runner = null;
    };
  }
  return runner;
}

let refusedOnce = false;

/**
 * The middleware's start of the runner: with the pool `sqlOf()` gives, or, when there is none (no
 * DATABASE_URL: a server that serves only the pages that need no database), nothing, said once in
 * the log. Never throws: a request is never failed by the background work.
 */
export function startJobRunner(sqlOf: () => Sql): void {
  try {
    ensureJobRunner(sqlOf());
  } catch (error) {
    if (!refusedOnce) log().error({ err: error }, 'the background jobs cannot run in this server');
    refusedOnce = true;
  }
}

function startRunner(sql: Sql): Runner {
  const context = jobContext(sql);
  const flags = { stopped: false };
  const stopped = () => flags.stopped;
  const drains = coalesced(
    () =>
      Promise.all(
        Array.from({ length: RUNNER_LANES }, () =>
          drainQueues(context, undefined, stopped).catch((error: unknown) =>
            log().error({ err: error }, 'job queue drain failed'),
          ),
        ),
      ),
    stopped,
  );
  const running = new Set<Promise<unknown>>();
  const timers = [setInterval(drains.kick, QUEUE_POLL_MS)];
  // Every scheduled job, run-jobs too: besides draining, it is pg-boss's upkeep (a job whose
  // worker died goes back to the queue once its time is up).
  for (const [index, job] of SCHEDULED_JOBS.entries()) {
    let busy = false;
    const run = () => {
      if (busy || flags.stopped) return;
      busy = true;
      const work = job
        .run(context)
        .catch((error: unknown) =>
          log().error({ err: error }, `${job.name} failed; it runs again on its schedule`),
        )
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    // Each job once soon after the start (spread 5 s apart), then on its period: an hourly job
    // must not wait an hour after every restart. (Tried before the pooler's pipelining fix, the
    // first runs met the load bench through PgBouncer and queries hung: porsager/postgres#970.)
    timers.push(setTimeout(run, FIRST_RUN_MS + index * 5_000));
    timers.push(setInterval(run, scheduleMinutes(job.schedule) * 60_000));
  }
  for (const timer of timers) timer.unref();
  drains.kick();
  return {
    kick: drains.kick,
    idle: drains.idle,
    async stop() {
      flags.stopped = true;
      for (const timer of timers) clearInterval(timer);
      // The jobs running now finish (a sale half-done is the sweeper's otherwise), but a queue
      // another server keeps filling does not hold the stop: STOP_WAIT_MS at most.
      await Promise.race([
        (async () => {
          await drains.idle();
          await Promise.allSettled([...running]);
        })(),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
    },
  };
}

/** The drains kicks start in a process without a runner (the tests, astro dev), one per pool. */
const locals = new Map<Sql, Coalesced>();

/**
 * A request queued a job: have it run now. In our Node server the runner drains at once; on
 * Netlify the background function is invoked at the request's own origin (its 202 comes back at
 * once; the scheduled run-jobs is the backstop if it is lost); otherwise (the tests, astro dev)
 * this process drains in the background.
 */
export async function kickJobs(sql: Sql, origin: string): Promise<void> {
  return outsideRequest(() => kickJobsOf(sql, origin));
}

async function kickJobsOf(sql: Sql, origin: string): Promise<void> {
  const own = ensureJobRunner(sql);
  if (own) return own.kick();
  if (onNetlify()) return invokeBackgroundRunner(origin);
  let local = locals.get(sql);
  if (!local) {
    const context = jobContext(sql);
    local = coalesced(() =>
      drainQueues(context).catch((error: unknown) => log().error({ err: error }, 'job queue drain failed')),
    );
    locals.set(sql, local);
  }
  local.kick();
}

/** Resolves when the jobs a kick started in this process have run: for tests. */
export async function jobsIdle(): Promise<void> {
  for (const local of locals.values()) await local.idle();
  await runner?.idle();
}

/** The path of Netlify's background function that drains the queues (netlify/functions). */
const BACKGROUND_RUNNER_PATH = '/.netlify/functions/run-jobs-background';
const TOKEN_HEADER = 'x-run-jobs-token';

/** The background function's token: an HMAC of its path under the server's second-factor key,
 * so only our own functions start it. */
function runnerToken(): string {
  const key = serverEnv().SECOND_FACTOR_KEY ?? 'development';
  return createHmac('sha256', key).update(BACKGROUND_RUNNER_PATH).digest('base64url');
}

/** `origin`: the request's, so a deploy preview's kick reaches its own deploy's function. */
async function invokeBackgroundRunner(origin: string): Promise<void> {
  try {
    const response = await fetch(new URL(BACKGROUND_RUNNER_PATH, origin), {
      method: 'POST',
      headers: { [TOKEN_HEADER]: runnerToken() },
      signal: AbortSignal.timeout(2_000),
    });
    if (response.status !== 202) log().error(`run-jobs-background answered ${response.status}`);
  } catch (error) {
    log().error(
      { err: error },
      'run-jobs-background could not be invoked; the scheduled run-jobs takes the job',
    );
  }
}

/** Whether a request to the background function came from our own server. */
export function fromOwnServer(request: Request): boolean {
  const given = Buffer.from(request.headers.get(TOKEN_HEADER) ?? '');
  const expected = Buffer.from(runnerToken());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
