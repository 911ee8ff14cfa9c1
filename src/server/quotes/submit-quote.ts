// The submit-quote use-case: check the form's proof of work and photos, store the request, and
// sell it (process-lead.ts) only once the homeowner's contact is confirmed: at once for a
// signed-in homeowner whose verified e-mail it carries, otherwise when the link mailed to the
// address it gives is followed (confirm-quote.ts). So a request nobody real sent costs no
// contractor anything.
//
// Every step can be run again: the request is keyed by the client's request key, a distribution
// by (lead, business), a charge by an idempotency key derived from the distribution, and mails go
// out only on the transition that changes a row. A retry (a double submit, a network retry) gets
// the first run's outcome and never makes a second request or a second charge.
import { leadScore, phoneDigits, QUOTE_MESSAGES } from '../../domain/quote-rules.ts';
import type { TQuoteRequest } from '../../schemas/quote.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { searchCatalog } from '../search/search-catalog.ts';
import { checkRequestPhotos } from '../uploads/quote-photos.ts';
import { confirmRequestMail, duplicateRequestMail } from './lead-mails.ts';
import { limitQuotes } from './limit-quotes.ts';
import { sellForHomeowner } from './process-lead.ts';
import { checkProof, spendProof } from './proof-of-work.ts';
import { DUPLICATE_DAYS } from './quote-timing.ts';
import type { SubmitOptions, SubmitResult } from './types.ts';

export { DUPLICATE_DAYS };

export async function submitQuote(
  sql: Sql,
  input: TQuoteRequest,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const [service] = await sql<
    { id: string; name: string }[]
  >`select id, name from services where slug = ${input.service}`;
  if (!service)
    throw new AppError('BAD_REQUEST', QUOTE_MESSAGES.service, { service: [QUOTE_MESSAGES.service] });

  // A retry of a request already stored gets its outcome: no second check, request or charge.
  const [earlier] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
  if (earlier) return outcome(sql, earlier.id, options);

  const proof = await checkProof(input.altcha);
  const { places } = await searchCatalog(sql);
  const place = places.find((p) => p.zipCodes.includes(input.zipCode)) ?? null;
  // Signed in with a verified address, and asking for quotes at that address: confirmed already.
  const confirmed = options.verifiedEmail !== undefined && options.verifiedEmail === input.email;
  const token = confirmed ? null : newToken();

  const leadId = await sql
    .begin(async (tx) => {
      const [existing] = await tx<
        { id: string }[]
      >`select id from leads where request_key = ${input.requestKey}`;
      if (existing) return existing.id;
      await spendProof(tx, proof);
      await checkRequestPhotos(tx, input.requestKey, input.photos);
      await limitQuotes(tx, input.email, options.ip ?? null);
      // A duplicate (same e-mail and service within 7 days, sold or waiting) is decided here, while
      // the e-mail's rate-limit row is locked: two tabs submitting at once cannot both pass as new.
      const [duplicate] = await tx`
        select 1 from leads where email = ${input.email} and service_id = ${service.id}
          and qualification not in ('expired')
          and created_at > now() - make_interval(days => ${DUPLICATE_DAYS}) limit 1`;
      const qualification = duplicate ? 'duplicate' : confirmed ? 'pending' : 'unconfirmed';
      const [inserted] = await tx<{ id: string }[]>`
      insert into leads (service_id, user_id, request_key, name, email, phone, project_type, project_description,
        timeline, budget_min, budget_max, property_address, zip_code, city, latitude, longitude, property_type,
        preferred_contact_method, photos, lead_score, source, status, qualification, confirmed_at,
        confirm_token_hash)
      values (${service.id}, ${options.userId ?? null}, ${input.requestKey}, ${input.name}, ${input.email},
        ${phoneDigits(input.phone)}, ${service.name}, ${input.description}, ${input.timeline}, ${input.budgetMin},
        ${input.budgetMax}, ${input.address}, ${input.zipCode}, ${place?.name ?? null},
        ${place?.latitude ?? null}, ${place?.longitude ?? null}, ${input.propertyType}, ${input.contactMethod},
        ${input.photos}, ${leadScore({
          budgetMax: input.budgetMax,
          timeline: input.timeline,
          description: input.description,
          photoCount: input.photos.length,
        })}, 'WEBSITE', 'NEW', ${qualification}, ${confirmed ? tx`now()` : null},
        ${token && !duplicate ? hashToken(token) : null})
      on conflict (request_key) do nothing
      returning id`;
      // Another request with the same key won: undo this one's counts and proof, use that one.
      if (!inserted) throw new SameKey();
      const lead = { id: inserted.id, name: input.name, email: input.email, project_type: service.name };
      if (duplicate) await enqueueMail(tx, duplicateRequestMail(lead));
      else if (token) await enqueueMail(tx, confirmRequestMail(lead, token));
      return inserted.id;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof SameKey)) throw error;
      const [row] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
      return row!.id;
    });

  return outcome(sql, leadId, options);
}

/**
 * A confirmed request is sold now, or its sale finished (a retry after a crash settles what the
 * first run left); any other request reports where it stands.
 */
async function outcome(sql: Sql, leadId: string, options: SubmitOptions): Promise<SubmitResult> {
  const [lead] = await sql<{ qualification: string; email: string }[]>`
    select qualification, email from leads where id = ${leadId}`;
  if (!lead) throw new AppError('NOT_FOUND', 'Lead not found');
  if (SELLING.has(lead.qualification))
    return { ...(await sellForHomeowner(sql, leadId, options)), status: 'sent' };
  if (lead.qualification === 'expired') {
    throw new AppError('CONFLICT', 'This request expired without being confirmed. Please send a new one.');
  }
  const status =
    lead.qualification === 'duplicate' && options.verifiedEmail === lead.email
      ? 'duplicate'
      : lead.qualification === 'out_of_area'
        ? 'sent'
        : 'awaiting_confirmation';
  return { leadId, status, contractorsContacted: 0, paymentsSuccessful: 0 };
}

/** A confirmed request on its way to contractors, or sold. */
const SELLING = new Set(['pending', 'qualified', 'unmatched']);

class SameKey extends Error {}
