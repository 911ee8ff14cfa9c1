// Publishing: turns the pending publish requests into a rebuild of the prebuilt pages.
// publish() records a run (publish_runs) and starts the builder when none is running; runs
// coalesce in the database (at most one building and one queued behind it, under a table lock and
// two unique indexes), so a burst of N publishes makes at most two builds, whichever process asks.
// The builder is Netlify's build hook in production (BUILD_HOOK_URL) and, in the embedded default,
// a local rebuild into a fresh folder that the Node server switches to (scripts/lib/local-rebuild.ts
// registers it; src/server/platform/publish/local-site.ts is the meeting point). schedulePublish() is the
// automatic publish after an approval, a contractor's own edit or a review change: debounced, so a
// burst of changes makes one build. The runs' rows are publish-runs.ts's; when the automatic publish
// is due, automatic-publish.ts's.
import { serverEnv } from '../config/env.ts';
import { db, type Sql } from '../db/client.ts';
import type { PublishRunView } from '../../../schemas/publish.ts';
import {
  automaticWaiting,
  AUTO_PUBLISH_GAP_MS,
  PUBLISH_DEBOUNCE_MS,
  type AutomaticTiming,
} from './automatic-publish.ts';
import { hookBuilder } from './build-hook.ts';
import type { Builder, BuildOutcome } from './builder.ts';
import { claimNext, finishRun, runById } from './publish-runs.ts';
import { localSiteHost } from './local-site.ts';
import { log, outsideRequest } from '../log.ts';

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
