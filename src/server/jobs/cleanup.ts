// Housekeeping: ended sessions (an admin's by the admin limits), spent or expired one-time tokens
// and e-mail undo links (kept a day for diagnosis),
// rate-limit windows long past, expired trusted devices, homeowners' expired private links and the
// browsers that listened through them, alert deliveries ended a month ago, and
// article view marks of past days, and request keys (src/server/platform/security/request-keys.ts) past a day;
// of the second factor (issue 26): half-done sign-ins and passkey challenges past their end, and
// authenticator set-ups never confirmed (a day after they began: the secret shown goes).
// Run on a schedule.
import type { Sql } from '../platform/db/client.ts';
import { purgeRequestKeys } from '../platform/security/request-keys.ts';
import { purgeViewMarks } from '../site/index.ts';
import { purgeEndedSessions } from '../platform/security/sessions.ts';

export async function purgeExpired(sql: Sql): Promise<{
  sessions: number;
  tokens: number;
  rateLimits: number;
  devices: number;
  links: number;
  /** Homeowners' expired push subscriptions and alert deliveries ended a month ago. */
  alerts: number;
  viewMarks: number;
  requestKeys: number;
  secondFactor: number;
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
  // A homeowner's browser stops listening to a request when its link would no longer open it; the
  // alerts sent or ended a month ago go (a homeowner's push carries a responses link).
  const pushes = await sql`delete from push_subscriptions where expires_at <= now() returning 1`;
  const alerts = await sql`
    delete from alert_deliveries
     where status in ('sent', 'gone', 'failed', 'skipped') and created_at <= now() - interval '30 days' returning 1`;
  const pendingSignIns = await sql`delete from pending_sign_ins where expires_at <= now() returning 1`;
  const challenges = await sql`delete from webauthn_challenges where expires_at <= now() returning 1`;
  const unconfirmed = await sql`
    delete from user_totp where secret_enc is null and pending_since <= now() - interval '1 day' returning 1`;
  const replacements = await sql`
    update user_totp set pending_secret_enc = null, pending_since = null
    where pending_since <= now() - interval '1 day' returning 1`;
  return {
    sessions,
    tokens: tokens.length + undoLinks.length,
    rateLimits: rateLimits.length,
    devices: devices.length,
    links: links.length,
    alerts: pushes.length + alerts.length,
    viewMarks: await purgeViewMarks(sql),
    requestKeys: await purgeRequestKeys(sql),
    secondFactor: pendingSignIns.length + challenges.length + unconfirmed.length + replacements.length,
  };
}
