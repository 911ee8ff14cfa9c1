// The details a review's homeowner shares with the contractor (src/domain/review-rules.ts
// decides what counts): the lead's phone, e-mail, network and browser, and the review request's
// own network and browser, against the business's phone, e-mail and website and its owner's
// account (proven phone, e-mail, and the networks and browsers it was seen on: account_signals).
import { reviewSignals, type ReviewSignal } from '../../../domain/review-rules.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import type { VisitorSignals } from '../../platform/security/visitor.ts';

interface Sides {
  phone: string | null;
  email: string | null;
  request_prefix: string | null;
  request_device: string | null;
  business_phone: string | null;
  business_email: string | null;
  website: string | null;
  owner_id: string | null;
  owner_email: string | null;
  owner_phone: string | null;
}

export async function findReviewSignals(
  tx: TransactionSql,
  job: { leadId: string; businessId: string },
  visitor: VisitorSignals | null,
): Promise<ReviewSignal[]> {
  const [sides] = await tx<Sides[]>`
    select l.phone, l.email, l.client_prefix as request_prefix, l.device_hash as request_device,
           b.phone as business_phone, b.email as business_email, b.website,
           u.id as owner_id, u.email as owner_email, u.proven_phone as owner_phone
      from leads l
      cross join businesses b
      left join users u on u.id = b.owner_id
     where l.id = ${job.leadId} and b.id = ${job.businessId}`;
  if (!sides) return [];
  const prefixes = [sides.request_prefix, visitor?.clientPrefix ?? null].filter((v): v is string => !!v);
  const devices = [sides.request_device, visitor?.deviceHash ?? null].filter((v): v is string => !!v);
  // Only the owner's signals that the homeowner's side holds: an account may have been seen on many.
  const seen = sides.owner_id
    ? await tx<{ kind: string; value: string }[]>`
        select kind, value from account_signals
         where user_id = ${sides.owner_id}
           and ((kind = 'client_prefix' and value = any(${prefixes}::text[]))
                or (kind = 'device' and value = any(${devices}::text[])))`
    : [];
  return reviewSignals(
    {
      phone: sides.phone,
      email: sides.email,
      requestPrefix: sides.request_prefix,
      requestDevice: sides.request_device,
      reviewPrefix: visitor?.clientPrefix ?? null,
      reviewDevice: visitor?.deviceHash ?? null,
    },
    {
      businessPhone: sides.business_phone,
      ownerPhone: sides.owner_phone,
      businessEmail: sides.business_email,
      ownerEmail: sides.owner_email,
      website: sides.website,
      ownerPrefixes: seen.filter((s) => s.kind === 'client_prefix').map((s) => s.value),
      ownerDevices: seen.filter((s) => s.kind === 'device').map((s) => s.value),
    },
  );
}
