// The pending claim a proof request is about, with what the listing offers to prove it (its public
// phone and website) and whether it is confirmed. The signed-in claimant's newest pending claim,
// or the one the registration's proof cookie names while its token lives.
import { CLAIM_PROOF_MESSAGES as M, type ClaimConfirmation } from '../../../domain/claim-rules.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ClaimAccess } from './claim-proof-cookie.ts';

export interface ProofClaim {
  id: string;
  businessName: string;
  phone: string | null;
  website: string | null;
  confirmation: ClaimConfirmation | null;
}

interface Row {
  id: string;
  business_name: string;
  phone: string | null;
  website: string | null;
  verified_at: Date | null;
  verified_channel: ClaimConfirmation['channel'] | null;
  verified_target: string | null;
}

export function toConfirmation(row: {
  verified_at: Date | null;
  verified_channel: ClaimConfirmation['channel'] | null;
  verified_target: string | null;
}): ClaimConfirmation | null {
  return row.verified_at && row.verified_channel && row.verified_target
    ? {
        channel: row.verified_channel,
        target: row.verified_target,
        confirmedAt: row.verified_at.toISOString(),
      }
    : null;
}

/** The claim, or a 401 (the cookie's token is unknown or past its hour) / 404 (no pending claim). */
export async function findProofClaim(sql: Db, access: ClaimAccess): Promise<ProofClaim> {
  const [row] = await sql<Row[]>`
    select c.id, b.name as business_name, b.phone, b.website,
           c.verified_at, c.verified_channel, c.verified_target
      from business_claims c join businesses b on b.id = c.business_id
     where c.status = 'pending'
       and ${
         'userId' in access
           ? sql`c.claimant_id = ${access.userId}`
           : sql`c.proof_token_hash = ${hashToken(access.token)} and c.proof_token_expires_at > now()`
       }
     order by c.created_at desc, c.id desc
     limit 1`;
  if (!row) {
    throw 'userId' in access ? new AppError('NOT_FOUND', M.noClaim) : new AppError('UNAUTHORIZED', M.signIn);
  }
  return {
    id: row.id,
    businessName: row.business_name,
    phone: row.phone,
    website: row.website,
    confirmation: toConfirmation(row),
  };
}
