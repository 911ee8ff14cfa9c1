// Sign-in: the same answer for an unknown e-mail and a wrong password, in the same time. A
// password sign-in makes the browser a trusted device of the account (trusted-devices.ts).
import { ADMIN_MESSAGES } from '../../../domain/admin-rules.ts';
import { signInLanding, type Role } from '../../../domain/guards.ts';
import type { TSignIn } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { verificationMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken } from './account-tokens.ts';
import type { RequestMeta } from './limit-attempts.ts';
import { limitSignIn } from './limit-sign-in.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession } from '../../platform/security/sessions.ts';
import { joinVerifiedRequests } from './join-verified-requests.ts';
import { deviceHash, rememberDevice } from './trusted-devices.ts';
import { hasSecondFactor } from './second-factor/factor-status.ts';
import { startPendingSignIn } from './second-factor/pending-sign-in.ts';

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both cases cost the same time. */
function timingHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password-anyone-has-9!X');
  return dummyHash;
}

export interface SignedIn {
  kind: 'session';
  token: string;
  expiresAt: Date;
  userId: string;
  /** The browser's new device cookie. */
  device: { token: string; expiresAt: Date };
  /** Where to go when no page asked (signInLanding: a contractor's dashboard), else null. */
  landing: string | null;
}

/** The password was right and the account has a second factor: the second step's cookie. */
export interface SecondStep {
  kind: 'second-factor';
  pending: { token: string; expiresAt: Date };
  userId: string;
  device: { token: string; expiresAt: Date };
}

export async function signIn(
  sql: Sql,
  input: TSignIn,
  meta: RequestMeta = {},
): Promise<SignedIn | SecondStep> {
  const presented = deviceHash(meta.device);
  const [user] = await sql<
    {
      id: string;
      password_hash: string;
      email_confirmed_at: Date | null;
      disabled: boolean;
      trusted: boolean;
      roles: Role[];
    }[]
  >`
    select u.id, u.password_hash, u.email_confirmed_at, u.disabled_at is not null as disabled,
           coalesce((select array_agg(r.role) from user_roles r where r.user_id = u.id), '{}') as roles,
           exists (select 1 from trusted_devices d
                   where d.token_hash = ${presented} and d.user_id = u.id and d.expires_at > now()) as trusted
    from users u where u.email = ${input.email}`;
  const attempt = await limitSignIn(sql, input.email, meta, user?.trusted ? presented : null);
  const ok = await verifyPassword(user?.password_hash ?? (await timingHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  await attempt.succeeded();
  // Only someone who knows the password learns that an admin disabled the account.
  if (user.disabled) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.accountDisabled);
  if (!user.email_confirmed_at) {
    // Only someone who knows the password learns that the address is not confirmed yet.
    await sql.begin(async (tx) => {
      await enqueueMail(
        tx,
        verificationMail(
          input.email,
          // Signs in the browser that asked for it, if it signed up (its signup cookie).
          await issueToken(tx, user.id, 'email_verification', null, meta.signupBrowser ?? null),
        ),
      );
    });
    throw new AppError('FORBIDDEN', MESSAGES.notConfirmed);
  }
  // The device is trusted for knowing the password (limit-sign-in.ts), whatever comes next.
  const device = await rememberDevice(sql, user.id, presented);
  if (await hasSecondFactor(sql, user.id)) {
    return {
      kind: 'second-factor',
      pending: await startPendingSignIn(sql, user.id),
      userId: user.id,
      device,
    };
  }
  return { ...(await openSession(sql, user.id, user.roles, meta, false)), device };
}

/** The full session of a sign-in that passed every step it had. */
export async function openSession(
  sql: Sql,
  userId: string,
  roles: readonly Role[],
  meta: RequestMeta,
  secondFactor: boolean,
): Promise<Omit<SignedIn, 'device'>> {
  const session = await createSession(sql, userId, meta, { secondFactor });
  // Requests sent signed out with this verified address join the account (issue 25).
  await joinVerifiedRequests(sql, userId);
  return { kind: 'session', ...session, userId, landing: signInLanding(roles) };
}
