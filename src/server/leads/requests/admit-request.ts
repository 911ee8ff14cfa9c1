// A request whose phone is proven, admitted or not: the rules that follow the person, in the
// transaction that records the proof. In order: contact details blocked meanwhile → 'blocked';
// the same phone, street address or mailbox asked for the same service within 30 days →
// 'duplicate' (never sold again); more than 3 requests a day from the phone or for the address →
// refused; the third different address at one e-mail domain that is no free-mail provider within
// 24 hours → 'held' for an admin; a VoIP line (or one Lookup could not tell) whose e-mail is
// not confirmed → 'awaiting_email';
// otherwise 'pending' (to be sold). A description nearly the same as another request's is
// flagged either way. Advisory locks on the phone, the mailbox and the address make two requests
// of one person take their turns, so neither slips past a count the other is about to raise.
import {
  OUTCOME_MESSAGES,
  OUTCOME_UNANSWERED_DAYS,
  OUTCOME_UNANSWERED_LIMIT,
} from '../../../domain/outcome-rules.ts';
import {
  DUPLICATE_DAYS,
  isFreeMailDomain,
  LOCAL_PARTS_PER_DOMAIN_PER_DAY,
  NEAR_DUPLICATE_DAYS,
  NEAR_DUPLICATE_SIMILARITY,
  PHONE_PROOF_MESSAGES,
  REQUESTS_PER_ADDRESS_PER_DAY,
  REQUESTS_PER_PHONE_PER_DAY,
  sketchSimilarity,
} from '../../../domain/integrity-rules.ts';
import type { Db, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { blockedKinds } from './blocked-contacts.ts';
import { duplicateRequestMail } from '../../platform/mail/lead-mails.ts';

export type Admission = 'pending' | 'duplicate' | 'held' | 'awaiting_email' | 'blocked';

interface Proven {
  id: string;
  name: string;
  email: string;
  project_type: string;
  service_id: string | null;
  phone: string;
  email_key: string;
  email_domain: string;
  address_key: string | null;
  device_hash: string | null;
  text_sketch: number[] | null;
  phone_line_type: string | null;
  email_confirmed_at: Date | null;
}

/** States of earlier requests that count: a person's real requests, sold, waiting or refused. */
const COUNTED = ['pending', 'qualified', 'unmatched', 'duplicate', 'held', 'awaiting_email', 'out_of_area'];

/**
 * Refuses a request over its phone's or its address's daily count (3 each, of requests whose
 * phone was proven in the last 24 hours), or from a phone whose owner was asked what happened with
 * two earlier requests in 90 days and answered neither, before a code is sent and again when it
 * is proven.
 */
export async function refuseOverDailyLimits(
  sql: Db,
  request: { phone: string; addressKey: string | null; excludeId?: string },
): Promise<void> {
  const [row] = await sql<{ phone: number; address: number }[]>`
    select count(*) filter (where phone = ${request.phone})::int as phone,
           count(*) filter (where address_key = ${request.addressKey ?? ''})::int as address
      from leads
     where phone_verified_at > now() - interval '24 hours'
       and (phone = ${request.phone} or address_key = ${request.addressKey ?? ''})
       and id <> ${request.excludeId ?? '00000000-0000-0000-0000-000000000000'}
       and qualification = any(${COUNTED})`;
  if ((row?.phone ?? 0) >= REQUESTS_PER_PHONE_PER_DAY) {
    throw new AppError('RATE_LIMITED', PHONE_PROOF_MESSAGES.phoneLimited);
  }
  if ((row?.address ?? 0) >= REQUESTS_PER_ADDRESS_PER_DAY) {
    throw new AppError('RATE_LIMITED', PHONE_PROOF_MESSAGES.addressLimited);
  }
  // Issue 27: a homeowner asked what happened with earlier requests who never answered.
  const [unanswered] = await sql<{ n: number }[]>`
    select count(*)::int as n from leads
     where phone = ${request.phone} and outcome is null
       and outcome_asked_at > now() - make_interval(days => ${OUTCOME_UNANSWERED_DAYS})
       and id <> ${request.excludeId ?? '00000000-0000-0000-0000-000000000000'}`;
  if ((unanswered?.n ?? 0) >= OUTCOME_UNANSWERED_LIMIT) {
    throw new AppError('RATE_LIMITED', OUTCOME_MESSAGES.unanswered);
  }
}

export async function admitRequest(tx: TransactionSql, leadId: string): Promise<Admission> {
  const [lead] = await tx<Proven[]>`
    select id, name, email, project_type, service_id, phone, email_key, email_domain, address_key, device_hash,
           text_sketch, phone_line_type, email_confirmed_at
      from leads where id = ${leadId} and qualification = 'unconfirmed' for update`;
  if (!lead) throw new AppError('CONFLICT', 'This request was decided meanwhile.');
  // One at a time per phone, mailbox and street address, always in this order (no deadlock).
  for (const key of [`phone:${lead.phone}`, `email:${lead.email_key}`, `address:${lead.address_key ?? ''}`]) {
    await tx`select pg_advisory_xact_lock(hashtext(${`lead-${key}`}))`;
  }

  const nearDuplicate = await nearDuplicateOf(tx, lead);
  const decide = async (qualification: Admission, holdReason: string | null = null) => {
    await tx`
      update leads
         set qualification = ${qualification}, hold_reason = ${holdReason}, near_duplicate_of = ${nearDuplicate},
             confirmed_at = ${qualification === 'pending' ? tx`now()` : null}
       where id = ${lead.id}`;
    return qualification;
  };

  const blocked = await blockedKinds(tx, {
    phone: lead.phone,
    emailKey: lead.email_key,
    emailDomain: lead.email_domain,
    deviceHash: lead.device_hash,
  });
  if (blocked.length) return decide('blocked', `Blocked contact details: ${blocked.join(', ')}`);

  const [duplicate] = await tx<{ id: string }[]>`
    select id from leads
     where id <> ${lead.id}
       and service_id is not distinct from ${lead.service_id}
       and phone_verified_at is not null
       and qualification = any(${COUNTED})
       and created_at > now() - make_interval(days => ${DUPLICATE_DAYS})
       and (phone = ${lead.phone} or email_key = ${lead.email_key}
            or address_key = ${lead.address_key ?? ''})
     limit 1`;
  if (duplicate) {
    await enqueueMail(tx, duplicateRequestMail(lead));
    return decide('duplicate');
  }

  await refuseOverDailyLimits(tx, { phone: lead.phone, addressKey: lead.address_key, excludeId: lead.id });

  if (!isFreeMailDomain(lead.email_domain)) {
    const [domain] = await tx<{ addresses: number }[]>`
      select count(distinct email_key)::int as addresses from leads
       where email_domain = ${lead.email_domain} and created_at > now() - interval '24 hours'
         and phone_verified_at is not null and qualification <> 'blocked'`;
    if ((domain?.addresses ?? 0) >= LOCAL_PARTS_PER_DOMAIN_PER_DAY) {
      return decide(
        'held',
        `${domain!.addresses} different addresses at ${lead.email_domain} asked for quotes within 24 hours`,
      );
    }
  }

  // A VoIP line needs the e-mail link too; so does a line Lookup could not tell (an outage must
  // not let a VoIP number through unchecked).
  if (
    (lead.phone_line_type === 'voip' || lead.phone_line_type === 'unknown' || !lead.phone_line_type) &&
    !lead.email_confirmed_at
  ) {
    return decide('awaiting_email');
  }
  return decide('pending');
}

/** An earlier request (30 days) whose description shares most of this one's wording, if any. */
async function nearDuplicateOf(tx: TransactionSql, lead: Proven): Promise<string | null> {
  if (!lead.text_sketch?.length) return null;
  // The requests sharing the most of its wording first: a template copied among many requests
  // that share only a common phrase ("the water heater is") is not pushed out by them.
  const candidates = await tx<{ id: string; text_sketch: number[] }[]>`
    select id, text_sketch from leads
     where created_at > now() - make_interval(days => ${NEAR_DUPLICATE_DAYS})
       and text_sketch && ${lead.text_sketch}::int[] and id <> ${lead.id}
     order by cardinality(array(select unnest(text_sketch) intersect select unnest(${lead.text_sketch}::int[]))) desc,
              created_at desc
     limit 20`;
  let best: { id: string; similarity: number } | null = null;
  for (const candidate of candidates) {
    const similarity = sketchSimilarity(lead.text_sketch, candidate.text_sketch);
    if (similarity >= NEAR_DUPLICATE_SIMILARITY && (!best || similarity > best.similarity)) {
      best = { id: candidate.id, similarity };
    }
  }
  return best?.id ?? null;
}
