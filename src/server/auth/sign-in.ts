// Sign-in: the same answer for an unknown e-mail and a wrong password, in the same time.
import type { TSignIn } from '../../schemas/auth.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verificationMail } from './account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken } from './account-tokens.ts';
import { limitAttempts, type RequestMeta } from './limit-attempts.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession } from './sessions.ts';

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both cases cost the same time. */
function timingHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password-anyone-has-9!X');
  return dummyHash;
}

export async function signIn(
  sql: Sql,
  input: TSignIn,
  meta: RequestMeta = {},
): Promise<{ token: string; expiresAt: Date; userId: string }> {
  await limitAttempts(sql, input.email, 'signin', meta);
  const [user] = await sql<{ id: string; password_hash: string; email_confirmed_at: Date | null }[]>`
    select id, password_hash, email_confirmed_at from users where email = ${input.email}`;
  const ok = await verifyPassword(user?.password_hash ?? (await timingHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  if (!user.email_confirmed_at) {
    // Only someone who knows the password learns that the address is not confirmed yet.
    await sql.begin(async (tx) => {
      await enqueueMail(
        tx,
        verificationMail(input.email, await issueToken(tx, user.id, 'email_verification')),
      );
    });
    throw new AppError('FORBIDDEN', MESSAGES.notConfirmed);
  }
  const session = await createSession(sql, user.id, meta);
  return { ...session, userId: user.id };
}
