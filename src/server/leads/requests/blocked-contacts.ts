// Contact details blocked as fraud (blocked_identities: by two buyers' reports, or an admin from
// the fraud queue): a request carrying any of them is refused before a code is sent or anything
// is stored, and again when its phone is proven (a block may have come meanwhile).
import { PHONE_PROOF_MESSAGES } from '../../../domain/integrity-rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

export interface ContactDetails {
  phone: string;
  emailKey: string;
  emailDomain: string;
  deviceHash: string | null;
}

/** The kinds of the request's details that are blocked (empty when none is). */
export async function blockedKinds(sql: Db, contact: ContactDetails): Promise<string[]> {
  const rows = await sql<{ kind: string }[]>`
    select distinct kind from blocked_identities
     where released_at is null
       and ((kind = 'phone' and value = ${contact.phone})
         or (kind = 'email' and value = ${contact.emailKey})
         or (kind = 'domain' and value = ${contact.emailDomain})
         or (kind = 'device' and value = ${contact.deviceHash ?? ''}))`;
  return rows.map((r) => r.kind).sort();
}

export async function refuseBlocked(sql: Db, contact: ContactDetails): Promise<void> {
  if ((await blockedKinds(sql, contact)).length) {
    throw new AppError('FORBIDDEN', PHONE_PROOF_MESSAGES.blocked);
  }
}
