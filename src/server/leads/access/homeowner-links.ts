// Private links mailed to a homeowner (lead_access_tokens): the page of every response and
// quote on their request, and the review of one contractor's completed job. Only the token's
// SHA-256 is stored; the raw token is in the mail alone.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';

export type LinkPurpose = 'responses' | 'review';

/** How long a link works: the responses page for 90 days, a review link for 60. */
export const LINK_DAYS: Record<LinkPurpose, number> = { responses: 90, review: 60 };

/** Where each link opens (the token is added as ?token=). */
const LINK_PATHS: Record<LinkPurpose, string> = {
  responses: '/quote-request/responses',
  review: '/review',
};

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link's raw token, stored by its hash. A review link names the contractor reviewed. */
export async function createHomeownerLink(
  tx: Db,
  link: { leadId: string; purpose: LinkPurpose; businessId?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx`
    insert into lead_access_tokens (token_hash, lead_id, purpose, business_id, expires_at)
    values (${hashLinkToken(token)}, ${link.leadId}, ${link.purpose}, ${link.businessId ?? null},
            now() + make_interval(days => ${LINK_DAYS[link.purpose]}))`;
  return token;
}

/** The link's absolute URL on this site. */
export function homeownerLinkUrl(siteUrl: string, purpose: LinkPurpose, token: string): string {
  const url = new URL(LINK_PATHS[purpose], siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export interface ResolvedLink {
  leadId: string;
  businessId: string | null;
  usedAt: Date | null;
  expiresAt: Date;
}

/** The lead (and contractor) a token opens, or null for an unknown, expired or malformed one. */
export async function resolveHomeownerLink(
  sql: Db,
  token: string,
  purpose: LinkPurpose,
): Promise<ResolvedLink | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await sql<ResolvedLink[]>`
    select lead_id as "leadId", business_id as "businessId", used_at as "usedAt", expires_at as "expiresAt"
      from lead_access_tokens
     where token_hash = ${hashLinkToken(token)} and purpose = ${purpose} and expires_at > now()`;
  return row ?? null;
}
