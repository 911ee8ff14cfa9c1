// Re-authentication before a sensitive change (ASVS 3.7.1): changing the e-mail, the password or
// the second factor, and granting a role, need the password (or a second factor) proven in this
// session within the last REAUTH_MINUTES. Routes call requireRecentAuthentication(user) before
// such a change; whatever proves the user (the password at POST /api/account/reauth, a second
// factor's code or passkey) calls markReauthenticated afterwards.
import { REAUTH_MESSAGES, REAUTH_MINUTES } from '../../../domain/session-rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/security/sessions.ts';

/** Refuses (403, code REAUTH_REQUIRED) unless the session proved who its user is recently. */
export function requireRecentAuthentication(
  user: Pick<SessionUser, 'authenticatedAt'>,
  now: Date = new Date(),
): void {
  if (now.getTime() - user.authenticatedAt.getTime() > REAUTH_MINUTES * 60_000) {
    throw new AppError('REAUTH_REQUIRED', REAUTH_MESSAGES.required);
  }
}

/** Records that the session's user proved who they are just now (password or second factor). */
export async function markReauthenticated(sql: Db, sessionId: string): Promise<void> {
  await sql`update sessions set authenticated_at = now() where id = ${sessionId}`;
}
