// Housekeeping: expired sessions, spent or expired one-time tokens (kept a day for diagnosis),
// rate-limit windows long past, expired trusted devices, homeowners' expired private links, and
// article view marks of past days, and request keys (src/server/security/request-keys.ts) past a day.
// Run on a schedule.
import type { Sql } from '../db/client.ts';
import { purgeRequestKeys } from '../security/request-keys.ts';
import { purgeViewMarks } from '../site/article-views.ts';

export async function purgeExpired(sql: Sql): Promise<{
  sessions: number;
  tokens: number;
  rateLimits: number;
  devices: number;
  links: number;
  viewMarks: number;
  requestKeys: number;
}> {
  const sessions =
    await sql`delete from sessions where expires_at <= now() or absolute_expires_at <= now() returning 1`;
  const tokens = await sql`
    delete from auth_tokens where coalesce(used_at, expires_at) <= now() - interval '1 day' returning 1`;
  const rateLimits =
    await sql`delete from rate_limits where window_start <= now() - interval '1 day' returning 1`;
  const devices = await sql`delete from trusted_devices where expires_at <= now() returning 1`;
  const links = await sql`delete from lead_access_tokens where expires_at <= now() returning 1`;
  return {
    sessions: sessions.length,
    tokens: tokens.length,
    rateLimits: rateLimits.length,
    devices: devices.length,
    links: links.length,
    viewMarks: await purgeViewMarks(sql),
    requestKeys: await purgeRequestKeys(sql),
  };
}
