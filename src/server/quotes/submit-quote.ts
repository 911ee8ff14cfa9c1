// The submit-quote use-case (issue 6): store the lead, then sell it (process-lead.ts) to the best
// contractors that can pay, through the PaymentGateway port.
//
// Every step can be run again: the lead is keyed by the client's request key, a distribution by
// (lead, business), a charge by an idempotency key derived from the distribution, and mails go out
// only on the transition that changes a row. So a retry (a double submit, a network retry, or a
// run after a crash between a charge and its record) finishes the work of the first run and never
// makes a second lead or a second charge.
import { leadScore, phoneDigits } from '../../domain/quote-rules.ts';
import type { TQuoteRequest } from '../../schemas/quote.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { searchCatalog } from '../search/search-catalog.ts';
import { limitQuotes } from './limit-quotes.ts';
import { processLead } from './process-lead.ts';
import type { SubmitOptions, SubmitResult } from './types.ts';

/** A request with the same e-mail and service this recently is a duplicate, never sold. */
export const DUPLICATE_DAYS = 7;

export async function submitQuote(
  sql: Sql,
  input: TQuoteRequest,
  options: SubmitOptions,
): Promise<SubmitResult> {
  const [service] = await sql<
    { id: string; name: string }[]
  >`select id, name from services where slug = ${input.service}`;
  if (!service)
    throw new AppError('BAD_REQUEST', 'Please select a service', { service: ['Please select a service'] });

  const { places } = await searchCatalog(sql);
  const place = places.find((p) => p.zipCodes.includes(input.zipCode)) ?? null;

  const leadId = await sql
    .begin(async (tx) => {
      const [existing] = await tx<
        { id: string }[]
      >`select id from leads where request_key = ${input.requestKey}`;
      if (existing) return existing.id;
      await limitQuotes(tx, input.email, options.ip ?? null);
      // A duplicate (same e-mail and service within 7 days) is decided here, while the e-mail's
      // rate-limit row is locked: two tabs submitting at once cannot both pass as new.
      const [duplicate] = await tx`
        select 1 from leads where email = ${input.email} and service_id = ${service.id}
          and created_at > now() - make_interval(days => ${DUPLICATE_DAYS}) limit 1`;
      const [inserted] = await tx<{ id: string }[]>`
      insert into leads (service_id, user_id, request_key, name, email, phone, project_type, project_description,
        timeline, budget_min, budget_max, property_address, zip_code, city, latitude, longitude, property_type,
        preferred_contact_method, photos, lead_score, source, status, qualification)
      values (${service.id}, ${options.userId ?? null}, ${input.requestKey}, ${input.name}, ${input.email},
        ${phoneDigits(input.phone)}, ${service.name}, ${input.description}, ${input.timeline}, ${input.budgetMin},
        ${input.budgetMax}, ${input.address}, ${input.zipCode}, ${place?.name ?? null},
        ${place?.latitude ?? null}, ${place?.longitude ?? null}, ${input.propertyType}, ${input.contactMethod},
        ${input.photos}, ${leadScore({
          budgetMax: input.budgetMax,
          timeline: input.timeline,
          description: input.description,
          photoCount: input.photos.length,
        })}, 'WEBSITE', 'NEW', ${duplicate ? 'duplicate' : 'pending'})
      on conflict (request_key) do nothing
      returning id`;
      // Another request with the same key won: undo this one's rate-limit count, use that lead.
      if (!inserted) throw new SameKey();
      return inserted.id;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof SameKey)) throw error;
      const [row] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
      return row!.id;
    });

  return processLead(sql, leadId, options);
}

class SameKey extends Error {}
