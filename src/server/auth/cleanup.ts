// Housekeeping: ended sessions (an admin's by the admin limits), spent or expired one-time tokens
// and e-mail undo links (kept a day for diagnosis),
// rate-limit windows long past, expired trusted devices, homeowners' expired private links, and
// article view marks of past days, and request keys (src/server/security/request-keys.ts) past a day.
// Run on a schedule.
import type { Sql } from '../db/client.ts';
import { purgeRequestKeys } from '../security/request-keys.ts';
import { purgeViewMarks } from '../site/article-views.ts';
import { purgeEndedSessions } from './sessions.ts';

export async function purgeExpired(sql: Sql): Promise<{
  sessions: number;
  tokens: number;
  rateLimits: number;
  devices: number;
  links: number;
  viewMarks: number;
  requestKeys: number;
}> {
  const sessions = await purgeEndedSessions(sql);
  const tokens = await sql`
    delete from auth_tokens where coalesce(used_at, expires_at) <= now() - interval '1 day' returning 1`;
  const undoLinks = await sql`
    delete from email_change_undos where coalesce(used_at, expires_at) <= now() - interval '1 day' returning 1`;
  const rateLimits =
    await sql`delete from rate_limits where window_start <= now() - interval '1 day' returning 1`;
  const devices = await sql`delete from trusted_devices where expires_at <= now() returning 1`;
  const links = await sql`delete from lead_access_tokens where expires_at <= now() returning 1`;
  return {
    sessions,
    tokens: tokens.length + undoLinks.length,
    rateLimits: rateLimits.length,
    devices: devices.length,
    links: links.length,
    viewMarks: await purgeViewMarks(sql),
    requestKeys: await purgeRequestKeys(sql),
  };
}
