// Which second factors an account has (Account Settings, Security; the sign-in's second step).
import type { Db } from '../../../platform/db/client.ts';
import { listPasskeys, type PasskeySummary } from './passkeys.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';

export interface FactorStatus {
  totp: boolean;
  passkeys: PasskeySummary[];
  recoveryCodesLeft: number;
}

export async function factorStatus(sql: Db, userId: string): Promise<FactorStatus> {
  const [row] = await sql<{ totp: boolean }[]>`
    select exists (select 1 from user_totp where user_id = ${userId} and secret_enc is not null) as totp`;
  return {
    totp: row?.totp ?? false,
    passkeys: await listPasskeys(sql, userId),
    recoveryCodesLeft: await recoveryCodesLeft(sql, userId),
  };
}

/** Whether the account has any second factor (so its sign-in takes two steps). */
export async function hasSecondFactor(sql: Db, userId: string): Promise<boolean> {
  const status = await factorStatus(sql, userId);
  return status.totp || status.passkeys.length > 0;
}
