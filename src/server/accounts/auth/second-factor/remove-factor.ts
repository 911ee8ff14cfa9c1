// Removing a second factor, and the recovery codes that come and go with the first and the last.
// An admin keeps at least one factor (the admin area needs it). The count and the removal are one
// transaction with the account's row locked, so two removals at once cannot both see "one more
// left" and leave an admin with none.
import type { Db, Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { factorStatus } from './factor-status.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { removePasskey } from './passkeys.ts';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';

/** The recovery codes to show after a factor was added: a new set when the account had none left. */
export async function firstFactorCodes(sql: Sql, userId: string): Promise<string[] | null> {
  return (await recoveryCodesLeft(sql, userId)) === 0 ? replaceRecoveryCodes(sql, userId) : null;
}

export type FactorToRemove = { kind: 'totp' } | { kind: 'passkey'; id: string };

export async function removeSecondFactor(
  sql: Sql,
  user: { id: string; roles: readonly string[] },
  factor: FactorToRemove,
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select 1 from users where id = ${user.id} for update`;
    await removeLocked(tx, user, factor);
  });
}

async function removeLocked(
  sql: Db,
  user: { id: string; roles: readonly string[] },
  factor: FactorToRemove,
): Promise<void> {
  const status = await factorStatus(sql, user.id);
  const left = Number(status.totp) + status.passkeys.length;
  const isThere = factor.kind === 'totp' ? status.totp : status.passkeys.some((p) => p.id === factor.id);
  if (!isThere) {
    if (factor.kind === 'passkey') throw new AppError('NOT_FOUND', FACTOR_MESSAGES.passkeyGone);
    return;
  }
  if (left === 1 && user.roles.includes('admin'))
    throw new AppError('FORBIDDEN', FACTOR_MESSAGES.adminKeepsFactor);
  if (factor.kind === 'totp') await sql`delete from user_totp where user_id = ${user.id}`;
  else await removePasskey(sql, user.id, factor.id);
  // With no factor left, the recovery codes would open nothing: they go too.
  if (left === 1) await sql`delete from recovery_codes where user_id = ${user.id}`;
}
