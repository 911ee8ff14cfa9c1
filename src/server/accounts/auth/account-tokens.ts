// The single-use links mailed to a user (e-mail verification, password reset, e-mail change):
// only the token's hash is stored; a token works once, for its purpose, until it expires.
import type { TransactionSql } from '../../platform/db/client.ts';
import { TOKEN_HOURS } from '../../../domain/account-rules.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';

export type TokenPurpose = keyof typeof TOKEN_HOURS;

export async function issueToken(
  sql: TransactionSql,
  userId: string,
  purpose: TokenPurpose,
  newEmail: string | null = null,
  /** A verification link's signing-up browser (signup-browser-cookie.ts): only it is signed in. */
  browser: string | null = null,
): Promise<string> {
  const token = newToken();
  await sql`
    insert into auth_tokens (token_hash, user_id, purpose, new_email, browser_hash, expires_at)
    values (${hashToken(token)}, ${userId}, ${purpose}, ${newEmail}, ${browser && hashToken(browser)},
            now() + make_interval(hours => ${TOKEN_HOURS[purpose]}))`;
  return token;
}

/** Uses a token once: the update only matches an unused, unexpired token of that purpose. */
export async function consumeToken(
  sql: TransactionSql,
  token: string,
  purposes: TokenPurpose[],
): Promise<{
  userId: string;
  purpose: TokenPurpose;
  newEmail: string | null;
  browserHash: string | null;
} | null> {
  const [row] = await sql<
    { user_id: string; purpose: TokenPurpose; new_email: string | null; browser_hash: string | null }[]
  >`
    update auth_tokens set used_at = now()
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
      and purpose in ${sql(purposes)}
    returning user_id, purpose, new_email, browser_hash`;
  return row
    ? { userId: row.user_id, purpose: row.purpose, newEmail: row.new_email, browserHash: row.browser_hash }
    : null;
}

/** After a password or address change, links mailed earlier (resets, changes, verifications) stop working. */
export async function voidPendingTokens(tx: TransactionSql, userId: string): Promise<void> {
  await tx`
    update auth_tokens set used_at = now()
    where user_id = ${userId} and used_at is null
      and purpose in ('password_reset', 'email_change', 'email_verification')`;
}
