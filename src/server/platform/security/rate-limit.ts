// Fixed-window rate limits counted in Postgres (spec: check_rate_limit). One upsert per attempt:
// the row lock of ON CONFLICT DO UPDATE serialises concurrent attempts, so no two can both take
// the last allowed slot.
import type { Db, Sql } from '../db/client.ts';

export interface RateLimitResult {
  allowed: boolean;
  remainingAttempts: number;
  resetTime: Date;
  retryAfterSeconds: number;
}

export async function checkRateLimit(
  sql: Db,
  identifier: string,
  action: string,
  maxAttempts: number,
  windowMinutes: number,
): Promise<RateLimitResult> {
  const [row] = await sql<{ attempts: number; window_start: Date; now: Date }[]>`
    insert into rate_limits as r (identifier, action, window_start, attempts)
    values (${identifier}, ${action}, now(), 1)
    on conflict (identifier, action) do update set
      attempts = case when r.window_start <= now() - make_interval(mins => ${windowMinutes}) then 1
                      else r.attempts + 1 end,
      window_start = case when r.window_start <= now() - make_interval(mins => ${windowMinutes}) then now()
                          else r.window_start end
    returning attempts, window_start, now() as now`;
  const resetTime = new Date(row!.window_start.getTime() + windowMinutes * 60_000);
  // now() is when this transaction began: one that waited on the row lock while another opened
  // the window began before it, so the time left is capped at the window's length.
  const secondsLeft = Math.ceil((resetTime.getTime() - row!.now.getTime()) / 1000);
  return {
    allowed: row!.attempts <= maxAttempts,
    remainingAttempts: Math.max(0, maxAttempts - row!.attempts),
    resetTime,
    retryAfterSeconds: Math.min(windowMinutes * 60, Math.max(0, secondsLeft)),
  };
}

/** Forgets an identifier's count for an action (spec: reset_rate_limit). */
export async function resetRateLimit(sql: Sql, identifier: string, action: string): Promise<void> {
  await sql`delete from rate_limits where identifier = ${identifier} and action = ${action}`;
}
