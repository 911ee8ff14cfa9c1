// Sign-up: the account, its profile and the verification mail in one transaction; the new
// account's id.
import type { TSignUp } from '../../schemas/auth.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verificationMail } from './account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken } from './account-tokens.ts';
import { limitAttempts, type RequestMeta } from './limit-attempts.ts';
import { hashPassword } from './password.ts';

export async function signUp(sql: Sql, input: TSignUp, meta: RequestMeta = {}): Promise<string> {
  await limitAttempts(sql, input.email, 'signup', meta);
  const passwordHash = await hashPassword(input.password);
  const fullName = input.fullName || null;
  return sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, full_name) values (${input.email}, ${passwordHash}, ${fullName})
      on conflict (email) do nothing returning id`;
    if (!user) throw new AppError('CONFLICT', MESSAGES.accountExists);
    await tx`insert into profiles (id, email, full_name) values (${user.id}, ${input.email}, ${fullName})`;
    await enqueueMail(tx, verificationMail(input.email, await issueToken(tx, user.id, 'email_verification')));
    return user.id;
  });
}
