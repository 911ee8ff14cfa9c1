// Sign-up: the account, its profile and the verification mail in one transaction; the new
// account's id. An unverified account at the address is replaced (replace-pending-account.ts);
// the verification link signs in only the browser given as `browser` (signup-browser-cookie.ts).
import type { TSignUp } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { verificationMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken } from './account-tokens.ts';
import { checkNewPassword } from './check-new-password.ts';
import { limitAttempts, type RequestMeta } from './limit-attempts.ts';
import { hashPassword } from './password.ts';
import { replacePendingAccount } from './replace-pending-account.ts';

export async function signUp(
  sql: Sql,
  input: TSignUp,
  meta: RequestMeta = {},
  browser: string | null = null,
): Promise<string> {
  await limitAttempts(sql, input.email, 'signup', meta);
  await checkNewPassword(input.password, { email: input.email, name: input.fullName ?? null });
  const passwordHash = await hashPassword(input.password);
  const fullName = input.fullName || null;
  return sql.begin(async (tx) => {
    const free = await replacePendingAccount(tx, input.email);
    // A concurrent sign-up for the same address may have made its account in between.
    const [user] = free
      ? await tx<{ id: string }[]>`
          insert into users (email, password_hash, full_name) values (${input.email}, ${passwordHash}, ${fullName})
          on conflict (email) do nothing returning id`
      : [];
    if (!user) throw new AppError('CONFLICT', MESSAGES.accountExists);
    await tx`insert into profiles (id, email, full_name) values (${user.id}, ${input.email}, ${fullName})`;
    const token = await issueToken(tx, user.id, 'email_verification', null, browser);
    await enqueueMail(tx, verificationMail(input.email, token));
    return user.id;
  });
}
