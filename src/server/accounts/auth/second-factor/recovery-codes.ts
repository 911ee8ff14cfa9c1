// Ten one-time recovery codes: shown once when made, stored as SHA-256 only, each usable once.
// Making them again replaces the whole set.
import { createHash, randomInt } from 'node:crypto';
import type { Db, Sql } from '../../../platform/db/client.ts';
import { RECOVERY_CODE_COUNT } from '../../accounts-rules.ts';

/** No 0/o, 1/l/i: codes are copied by hand from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;
const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${HALF * 2}}$`);

/** A code as typed (any case, spaces, dashes) in the one form that is hashed; null if it cannot be one. */
function normalizeRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]+/g, '');
  return CODE_PATTERN.test(plain) ? plain : null;
}

function hashCode(plain: string): string {
  return createHash('sha256').update(`recovery:${plain}`).digest('hex');
}

function newCode(): string {
  const chars = Array.from({ length: HALF * 2 }, () => ALPHABET.charAt(randomInt(ALPHABET.length)));
  return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`;
}

/** A fresh set of codes for `userId` (the old set stops working); the codes, to show once. */
export async function replaceRecoveryCodes(sql: Sql, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await sql`delete from recovery_codes where user_id = ${userId}`;
  for (const code of codes) {
    await sql`insert into recovery_codes (user_id, code_hash) values (${userId}, ${hashCode(normalizeRecoveryCode(code)!)})`;
  }
  return codes;
}

/** Uses one recovery code: true when it was one of the user's and not used before. */
export async function useRecoveryCode(sql: Sql, userId: string, input: string): Promise<boolean> {
  const plain = normalizeRecoveryCode(input);
  if (!plain) return false;
  const used = await sql`
    update recovery_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${hashCode(plain)} and used_at is null
    returning 1`;
  return used.length > 0;
}

export async function recoveryCodesLeft(sql: Db, userId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`;
  return row?.n ?? 0;
}
