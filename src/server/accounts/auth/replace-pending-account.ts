// No account pre-hijacking (issue 26): a sign-up or contractor registration for an address whose
// account was never verified replaces that account, as if it had never been made. Whoever made
// it could not sign in (sign-in needs the confirmed address) and never held the mailbox, so it
// holds nothing of anyone's: it goes, with its sessions, mailed links, roles, claims, trusted
// devices and signals (foreign keys cascade), and the businesses it registered that no admin has
// approved. A verified (or disabled) account stays, and the caller answers "account exists".
import type { TransactionSql } from '../../platform/db/client.ts';

/** Clears the way for a new account at `email`; false when a verified or disabled one holds it. */
export async function replacePendingAccount(tx: TransactionSql, email: string): Promise<boolean> {
  const [existing] = await tx<{ id: string; kept: boolean }[]>`
    select id, email_confirmed_at is not null or disabled_at is not null as kept
    from users where email = ${email} for update`;
  if (!existing) return true;
  if (existing.kept) return false;
  await tx`delete from businesses where owner_id = ${existing.id} and status = 'PENDING'`;
  await tx`delete from users where id = ${existing.id}`;
  return true;
}
