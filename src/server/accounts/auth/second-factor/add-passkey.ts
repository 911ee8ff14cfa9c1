// Adding a passkey from Account Settings: the ceremony's answer verified against the challenge
// we handed out; the session that did it counts as having proved a second factor; the account's
// first factor comes with its recovery codes.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Sql } from '../../../platform/db/client.ts';
import { registerPasskey, type PasskeySummary, type RelyingParty } from './passkeys.ts';
import { recordSecondFactorProof } from './record-second-factor-proof.ts';
import { firstFactorCodes } from './remove-factor.ts';

export async function addPasskey(
  sql: Sql,
  user: { id: string; sessionId: string },
  rp: RelyingParty,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<{ passkey: PasskeySummary; recoveryCodes: string[] | null }> {
  const passkey = await registerPasskey(sql, user.id, rp, input.name, input.response);
  await recordSecondFactorProof(sql, user.sessionId);
  return { passkey, recoveryCodes: await firstFactorCodes(sql, user.id) };
}
