// When the automatic publish is due: debounced after the last automatic change (an approval, a
// contractor's own edit, a review change), never held back past a maximum wait, at most one every
// few minutes, and not again after a failed build until something changes. publisher.ts's timer and
// publishIfDue (the scheduled job on Netlify) both ask automaticWaiting().
import type { Sql } from '../db/client.ts';

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
export const AUTO_PUBLISH_GAP_MS = 5 * 60_000;

/** When the automatic publish is due (tests shorten them). */
export interface AutomaticTiming {
  debounceMs: number;
  maxWaitMs?: number;
  gapMs?: number;
}

/**
 * Whether an automatic change's publish request waits for a build, no run covering it yet, and
 * the latest such request is at least `debounceMs` old (or the oldest `maxWaitMs`). Not when a
 * build failed since the latest: its changes wait for an admin's Publish or the next automatic
 * change, so a build that keeps failing is not started again every minute. Not within `gapMs` of
 * the last run requested (automatic publishes at most every 5 minutes).
 */
export async function automaticWaiting(
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
