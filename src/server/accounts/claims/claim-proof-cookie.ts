// The registration's proof cookie: a claimant who has just asked for a listing cannot sign in
// until their e-mail is confirmed, so the registration gives the browser a random token
// (`__Host-claim` over HTTPS, `claim` on plain-http localhost; HttpOnly, SameSite=Strict, an
// hour) that names the claim for the proof endpoints. Only its SHA-256 is stored. A signed-in
// claimant is known by the session instead (their newest pending claim).
import type { APIContext } from 'astro';
import { CLAIM_PROOF_MINUTES } from '../../../domain/claim-rules.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';
import type { TransactionSql } from '../../platform/db/client.ts';

/** Who asks to confirm a claim: the signed-in claimant, or the browser that registered it. */
export type ClaimAccess = { userId: string } | { token: string };

function claimProofCookieName(site: { secure: boolean }): string {
  return site.secure ? '__Host-claim' : 'claim';
}

/** Gives the claim a new proof token (the old one, if any, stops working) and returns it. */
export async function issueClaimProofToken(tx: TransactionSql, claimId: string): Promise<string> {
  const token = newToken();
  await tx`
    update business_claims
       set proof_token_hash = ${hashToken(token)},
           proof_token_expires_at = now() + make_interval(mins => ${CLAIM_PROOF_MINUTES})
     where id = ${claimId}`;
  return token;
}

export function setClaimProofCookie(context: Pick<APIContext, 'cookies' | 'locals'>, token: string): void {
  context.cookies.set(claimProofCookieName(context.locals.site), token, {
    httpOnly: true,
    secure: context.locals.site.secure,
    sameSite: 'strict',
    path: '/',
    maxAge: CLAIM_PROOF_MINUTES * 60,
  });
}

/** The request's claimant: the signed-in user first, else a well-formed proof cookie; null for neither. */
export function claimAccessOf(
  context: Pick<APIContext, 'cookies' | 'locals'>,
  user: { id: string } | null,
): ClaimAccess | null {
  if (user) return { userId: user.id };
  const token = context.cookies.get(claimProofCookieName(context.locals.site))?.value;
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? { token } : null;
}
