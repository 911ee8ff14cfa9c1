// Profile settings: saves the name; a different e-mail address only takes effect once the link
// mailed to it is followed (spec), and asking for one needs the password proven in this session
// within the last 5 minutes, and the second factor when the account has one (issue 26: refused
// before anything is saved or mailed).
import type { TProfileUpdate } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { emailChangeMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken } from './account-tokens.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import { requireProvedSession } from './second-factor/require-proved-session.ts';
import type { SessionUser } from '../../platform/security/sessions.ts';

/** Each change mails an address the user typed: at most this many an hour, so it is no mail cannon. */
const EMAIL_CHANGES_PER_HOUR = 5;

/** Returns whether a verification mail was sent. */
export async function updateProfile(
  sql: Sql,
  session: Pick<SessionUser, 'id' | 'authenticatedAt' | 'secondFactor'>,
  input: TProfileUpdate,
): Promise<{ verificationSent: boolean }> {
  const userId = session.id;
  return sql.begin(async (tx) => {
    const [user] = await tx<{ email: string }[]>`select email from users where id = ${userId} for update`;
    if (!user) throw new AppError('NOT_FOUND', 'Failed to update profile.');
    const fullName = input.fullName || null;
    await tx`update users set full_name = ${fullName} where id = ${userId}`;
    await tx`
      insert into profiles (id, email, full_name) values (${userId}, ${user.email}, ${fullName})
      on conflict (id) do update set full_name = excluded.full_name`;
    if (input.email === user.email) return { verificationSent: false };
    // Thrown inside the transaction: the name saved above is rolled back with it.
    requireProvedSession(session);
    const limit = await checkRateLimit(tx, userId, 'email_change', EMAIL_CHANGES_PER_HOUR, 60);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    const token = await issueToken(tx, userId, 'email_change', input.email);
    await enqueueMail(tx, emailChangeMail(input.email, user.email, token));
    return { verificationSent: true };
  });
}
