// The published rules of automatic credits (/lead-credit-rules), checked by the server against
// the lead and the business as they are in the database: whether the reason a contractor gave
// is met, and what was found, in words shown to the contractor and to an admin.
import { DUPLICATE_WINDOW_DAYS, type CreditReason } from '../../../domain/credit-rules.ts';
import { isoDay } from '../../../domain/format.ts';
import { FAKE_REPORT_FINDING } from '../../../domain/fraud-rules.ts';
import { dialableNanpNumber } from '../../../domain/phone.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { SERVE_RADIUS_MILES } from '../leads-rules.ts';

export interface DisputedLead {
  distributionId: string;
  businessId: string;
  leadId: string;
  serviceId: string | null;
  email: string;
  phone: string;
  zipCode: string | null;
  chargedAt: Date;
}

export interface RuleCheck {
  met: boolean;
  finding: string;
}

/** The same homeowner (e-mail, or phone by its last ten digits) asked for the same service and
 * this business bought (and still pays for) that earlier request within the window. */
async function duplicate(tx: TransactionSql, lead: DisputedLead): Promise<RuleCheck> {
  const [earlier] = await tx<{ charged_at: Date; matched: string }[]>`
    select d.charged_at,
           case when l.email = ${lead.email} then 'e-mail address' else 'phone number' end as matched
      from lead_distributions d
      join leads l on l.id = d.lead_id
     where d.business_id = ${lead.businessId}
       and d.created_at >= ${ownerSince(tx, lead.businessId)}
       and d.id <> ${lead.distributionId}
       and d.payment_status = 'paid'
       and l.service_id is not distinct from ${lead.serviceId}
       and (l.email = ${lead.email} or right(l.phone, 10) = right(${lead.phone}, 10))
       and d.charged_at < ${lead.chargedAt}
       and d.charged_at >= ${lead.chargedAt}::timestamptz - make_interval(days => ${DUPLICATE_WINDOW_DAYS})
     order by d.charged_at desc
     limit 1`;
  return earlier
    ? {
        met: true,
        finding: `Duplicate: you bought a request for the same service with the same ${earlier.matched} on ${isoDay(earlier.charged_at)}, within ${DUPLICATE_WINDOW_DAYS} days before this one.`,
      }
    : {
        met: false,
        finding: `No request for the same service with the same e-mail address or phone number was sold to you in the ${DUPLICATE_WINDOW_DAYS} days before this one.`,
      };
}

/** Neither in the business's ZIP codes nor within the matcher's radius, judged by the area the
 * business had when it bought the lead (a later change of area is for the team to judge). */
async function outsideArea(tx: TransactionSql, lead: DisputedLead): Promise<RuleCheck> {
  const [row] = await tx<{ listed: boolean; miles: number | null; changed: boolean }[]>`
    select coalesce(${lead.zipCode ?? ''} = any(b.service_areas), false) as listed,
           case when l.latitude is null or l.longitude is null or b.latitude is null or b.longitude is null then null
                else great_circle_miles(l.latitude, l.longitude, b.latitude, b.longitude) end as miles,
           coalesce(b.service_area_changed_at >= ${lead.chargedAt}, false) as changed
      from businesses b, leads l
     where b.id = ${lead.businessId} and l.id = ${lead.leadId}`;
  const zip = lead.zipCode ?? 'no ZIP code';
  if (!row || row.listed) {
    return { met: false, finding: `The lead's ZIP code (${zip}) is one of your service areas.` };
  }
  if (row.miles !== null && row.miles <= SERVE_RADIUS_MILES) {
    return {
      met: false,
      finding: `The lead is ${row.miles.toFixed(1)} miles from your business, within the ${SERVE_RADIUS_MILES} miles you serve.`,
    };
  }
  if (row.changed) {
    return {
      met: false,
      finding: 'Your service area or address changed after this lead was sold, so our team will check it.',
    };
  }
  return {
    met: true,
    finding: `Outside your area: ZIP code ${zip} is not one of your service areas${
      row.miles === null ? '' : ` and is ${row.miles.toFixed(1)} miles away, more than ${SERVE_RADIUS_MILES}`
    }.`,
  };
}

/** Not a dialable North American number (the quote form's own test: libphonenumber-js). */
function badNumber(lead: DisputedLead): RuleCheck {
  return dialableNanpNumber(lead.phone) === null
    ? { met: true, finding: 'The phone number is not a valid, dialable US number.' }
    : {
        met: false,
        finding: 'The phone number is a valid US number; our team will check whether it works.',
      };
}

export async function checkCreditRule(
  tx: TransactionSql,
  lead: DisputedLead,
  reason: CreditReason,
): Promise<RuleCheck> {
  if (reason === 'duplicate') return duplicate(tx, lead);
  if (reason === 'outside_area') return outsideArea(tx, lead);
  if (reason === 'bad_number') return badNumber(lead);
  // No check can prove a request fake by itself: a second buyer's report does (refundReportedLead).
  if (reason === 'fake') return { met: false, finding: FAKE_REPORT_FINDING };
  return { met: false, finding: 'No automatic rule covers this reason; our team will review it.' };
}
