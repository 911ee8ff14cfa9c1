// The submit-quote use-case: check the form's proof of work and photos, store the request, and
// send a code to the phone it gives. The request is sold only once that phone is proven
// (prove-quote-phone.ts: the code typed on the wizard's last step), or at once when it was proven
// before (the signed-in account's proven phone, or this phone with this e-mail within 90 days).
// So a request nobody real sent costs no contractor anything, however many mailboxes confirm it.
//
// Every step can be run again: the request is keyed by the client's request key, a distribution
// by (lead, business), a charge by an idempotency key derived from the distribution, and mails go
// out only on the transition that changes a row. A retry (a double submit, a network retry) gets
// the first run's outcome and never makes a second request or a second charge. A request still
// waiting for its code may be sent again with corrected contact details: the phone, e-mail, name
// and contact method are replaced and a new code goes to the new phone.
import type { LineType } from '../../../domain/integrity-rules.ts';
import { leadScore, QUOTE_MESSAGES } from '../../../domain/quote-rules.ts';
import type { TQuoteRequest } from '../../../schemas/quote.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { searchCatalog } from '../../site/index.ts';
import { checkRequestPhotos } from '../../platform/uploads/quote-photos.ts';
import { refuseOverDailyLimits } from './admit-request.ts';
import { refuseBlocked } from './blocked-contacts.ts';
import { limitQuotes } from './limit-quotes.ts';
import { phoneProvenBefore, recordPhoneProof } from './record-phone-proof.ts';
import { checkProof, spendProof } from './proof-of-work.ts';
import { latestCode, limitSends, sendQuoteCode } from './phone-proof.ts';
import { queueSale } from './queue-sale.ts';
import { quoteOutcome } from './quote-outcome.ts';
import { requestSignals } from './request-signals.ts';
import type { QuoteOptions, SubmitResult } from './types.ts';

export async function submitQuote(
  sql: Sql,
  input: TQuoteRequest,
  options: QuoteOptions,
): Promise<SubmitResult> {
  const [service] = await sql<
    { id: string; name: string }[]
  >`select id, name from services where slug = ${input.service}`;
  if (!service)
    throw new AppError('BAD_REQUEST', QUOTE_MESSAGES.service, { service: [QUOTE_MESSAGES.service] });
  const signals = requestSignals(input, options.visitor ?? null);
  const contact = {
    phone: input.phone,
    emailKey: signals.emailKey,
    emailDomain: signals.emailDomain,
    deviceHash: signals.deviceHash,
  };

  // A retry of a request already stored gets its outcome: no second check, request or charge. One
  // still waiting for its code gets a code (a new one to a corrected number, with the contact
  // details replaced once it is sent; otherwise one only when none is live).
  const [earlier] = await sql<
    { id: string; qualification: string; phone: string; email: string; phone_line_type: LineType | null }[]
  >`select id, qualification, phone, email, phone_line_type from leads where request_key = ${input.requestKey}`;
  if (earlier) {
    if (earlier.qualification !== 'unconfirmed' || !options.sms) return quoteOutcome(sql, earlier.id);
    const changed = earlier.phone !== input.phone || earlier.email !== input.email;
    const latest = await latestCode(sql, earlier.id);
    if (!changed && latest?.live && latest.target === earlier.phone) return quoteOutcome(sql, earlier.id);
    if (changed) {
      await refuseBlocked(sql, contact);
      await refuseOverDailyLimits(sql, {
        phone: input.phone,
        addressKey: signals.addressKey,
        excludeId: earlier.id,
      });
    }
    const code = await sendQuoteCode(
      sql,
      options.sms,
      {
        id: earlier.id,
        phone: input.phone,
        email_key: signals.emailKey,
        phone_line_type: earlier.phone === input.phone ? earlier.phone_line_type : null,
      },
      {
        ip: options.ip ?? null,
        ...(changed
          ? {
              change: {
                email: input.email,
                name: input.name,
                contactMethod: input.contactMethod,
                emailKey: signals.emailKey,
                emailDomain: signals.emailDomain,
                emailConfirmed: options.verifiedEmail === input.email,
              },
            }
          : {}),
      },
    );
    return {
      leadId: earlier.id,
      contractorsContacted: 0,
      paymentsSuccessful: 0,
      status: 'awaiting_code',
      code,
    };
  }

  const proof = await checkProof(input.altcha);
  await refuseBlocked(sql, contact);
  await refuseOverDailyLimits(sql, { phone: input.phone, addressKey: signals.addressKey });
  const { places } = await searchCatalog(sql);
  // The contractor asked from its profile, while it is listed; one gone since is no choice
  // (the request is matched as any other, as the wizard said it would be).
  const [chosen] = input.contractor
    ? await sql<{ id: string }[]>`
        select id from businesses where slug = ${input.contractor} and status = 'ACTIVE'`
    : [];
  const place = places.find((p) => p.zipCodes.includes(input.zipCode)) ?? null;
  // Signed in with a verified address, and asking for quotes at that address: e-mail confirmed.
  const emailConfirmed = options.verifiedEmail !== undefined && options.verifiedEmail === input.email;
  const proven = await phoneProvenBefore(sql, {
    phone: input.phone,
    email: input.email,
    userId: options.userId ?? null,
  });
  // A code will be sent: its limits are checked before anything is stored, so a refusal keeps
  // nothing.
  if (!proven && options.sms)
    await limitSends(sql, { phone: input.phone, email_key: signals.emailKey }, options.ip ?? null);
  // A phone proven before still has its line type told (a VoIP line needs the e-mail link too).
  const lineType = proven && options.sms ? await options.sms.lineType(input.phone) : null;

  const leadId = await sql
    .begin(async (tx) => {
      const [existing] = await tx<{ id: string }[]>`
        select id from leads where request_key = ${input.requestKey}`;
      if (existing) return existing.id;
      await spendProof(tx, proof);
      await checkRequestPhotos(tx, input.requestKey, input.photos);
      await limitQuotes(tx, input.email, options.ip ?? null);
      const id = await insertLead(
        tx,
        input,
        service,
        place,
        signals,
        options.userId ?? null,
        emailConfirmed,
        lineType,
        chosen?.id ?? null,
      );
      if (proven && (await recordPhoneProof(tx, id)) === 'pending') await queueSale(tx, id);
      return id;
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof SameKey)) throw error;
      const [row] = await sql<{ id: string }[]>`select id from leads where request_key = ${input.requestKey}`;
      return row!.id;
    });

  if (!proven && options.sms) {
    // The request is kept whatever the provider answers: a number it refuses can be corrected
    // (sent again with the same request key), an outage retried, nothing typed again.
    const code = await sendQuoteCode(
      sql,
      options.sms,
      { id: leadId, phone: input.phone, email_key: signals.emailKey, phone_line_type: null },
      { ip: options.ip ?? null, limitsChecked: true },
    );
    return { leadId, contractorsContacted: 0, paymentsSuccessful: 0, status: 'awaiting_code', code };
  }
  return quoteOutcome(sql, leadId);
}

async function insertLead(
  tx: TransactionSql,
  input: TQuoteRequest,
  service: { id: string; name: string },
  place: { name: string; latitude: number; longitude: number } | null,
  signals: ReturnType<typeof requestSignals>,
  userId: string | null,
  emailConfirmed: boolean,
  lineType: LineType | null,
  chosenBusinessId: string | null,
): Promise<string> {
  const [inserted] = await tx<{ id: string }[]>`
    insert into leads (service_id, user_id, request_key, name, email, phone, project_type, project_description,
      timeline, budget_min, budget_max, property_address, zip_code, city, latitude, longitude, property_type,
      preferred_contact_method, photos, lead_score, source, status, qualification, email_confirmed_at, phone_line_type,
      email_key, email_domain, address_key, client_prefix, device_hash, text_sketch, chosen_business_id)
    values (${service.id}, ${userId}, ${input.requestKey}, ${input.name}, ${input.email},
      ${input.phone}, ${service.name}, ${input.description}, ${input.timeline}, ${input.budgetMin},
      ${input.budgetMax}, ${input.address}, ${input.zipCode}, ${place?.name ?? null},
      ${place?.latitude ?? null}, ${place?.longitude ?? null}, ${input.propertyType}, ${input.contactMethod},
      ${input.photos}, ${leadScore({
        budgetMax: input.budgetMax,
        timeline: input.timeline,
        description: input.description,
        photoCount: input.photos.length,
      })}, 'WEBSITE', 'NEW', 'unconfirmed', ${emailConfirmed ? tx`now()` : null}, ${lineType},
      ${signals.emailKey}, ${signals.emailDomain}, ${signals.addressKey}, ${signals.clientPrefix},
      ${signals.deviceHash}, ${signals.textSketch}::int[], ${chosenBusinessId})
    on conflict (request_key) do nothing
    returning id`;
  // Another request with the same key won: undo this one's counts and proof, use that one.
  if (!inserted) throw new SameKey();
  return inserted.id;
}

class SameKey extends Error {}
