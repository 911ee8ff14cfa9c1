// What the claim proof form offers and shows: the listing's phone (masked) and website domain,
// and the confirmation once there is one. The registration's answer and the dashboard's
// "claim awaits review" state both start from it.
import { listingPhoneDigits, websiteMailDomain } from '../../../domain/claim-rules.ts';
import { maskedPhone } from '../../../domain/format.ts';
import type { ClaimProofState } from '../../../schemas/claim-proof.ts';
import type { ProofClaim } from './find-proof-claim.ts';

export function claimProofState(claim: ProofClaim): ClaimProofState {
  const phone = listingPhoneDigits(claim.phone);
  return {
    businessName: claim.businessName,
    phone: phone ? maskedPhone(phone) : null,
    emailDomain: websiteMailDomain(claim.website),
    confirmation: claim.confirmation,
  };
}
