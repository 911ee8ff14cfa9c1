// The contractors of a request as the homeowner meets them (issue 25, Must 4): each one the
// request was sold to (a paid distribution, in the order it was matched), plus any other that
// responded on it, as a card: photo, rating and review count from verified reviews ("New" with
// none: never a rating nobody gave), licence and insurance as checked, the reply time it states
// (src/domain/reply-promise.ts), and the phone to call. The wizard's result page, the
// confirmation mail and the inbox all show these.
import { insuranceText, licenceText } from '../../../domain/inbox-rules.ts';
import { formatRating, NO_REVIEWS_LABEL } from '../../../domain/rating.ts';
import { respondsWithinText } from '../../../domain/reply-promise.ts';
import type { ContractorCard } from '../../../schemas/inbox.ts';
import type { Db } from '../../platform/db/client.ts';

export type { ContractorCard };

/** What the homeowner sees once they accepted this contractor's quote. */
export interface ContractorContact {
  businessId: string;
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
}

interface Row {
  id: string;
  name: string;
  slug: string;
  status: string;
  photo: string | null;
  rating: number | null;
  reviews: number;
  licence_checked: boolean;
  license_number: string | null;
  insurance_verified: boolean;
  response_time_hours: number | null;
  phone: string | null;
  bought: boolean;
}

function cardOf(row: Row): ContractorCard {
  const rated = row.rating !== null && row.reviews > 0;
  const rating = rated ? formatRating(row.rating!) : null;
  return {
    businessId: row.id,
    name: row.name,
    slug: row.status === 'ACTIVE' ? row.slug : null,
    photo: row.photo,
    rating,
    reviews: rated ? row.reviews : 0,
    ratingText: rating
      ? `${rating} (${row.reviews} ${row.reviews === 1 ? 'review' : 'reviews'})`
      : NO_REVIEWS_LABEL,
    licenceChecked: row.licence_checked,
    licence: licenceText({ licenceChecked: row.licence_checked, licenseNumber: row.license_number }),
    insuranceChecked: row.insurance_verified,
    insurance: insuranceText(row.insurance_verified),
    responds: respondsWithinText(row.response_time_hours),
    phone: row.phone,
    bought: row.bought,
  };
}

/** The request's contractors: bought first (by rank), then others that responded (by name). */
export async function contractorCards(sql: Db, leadId: string): Promise<ContractorCard[]> {
  const rows = await sql<Row[]>`
    select b.id, b.name, b.slug, b.status, b.images[1] as photo, b.average_rating::float8 as rating,
           b.total_reviews as reviews, b.license_number, b.insurance_verified, b.response_time_hours, b.phone,
           exists (select 1 from business_licence_checks c where c.business_id = b.id) as licence_checked,
           coalesce(d.payment_status = 'paid', false) as bought
      from businesses b
      left join lead_distributions d on d.lead_id = ${leadId} and d.business_id = b.id
     where b.id in (select business_id from lead_distributions where lead_id = ${leadId} and payment_status = 'paid'
                    union
                    select business_id from lead_communications where lead_id = ${leadId})
     order by coalesce(d.payment_status = 'paid', false) desc, d.rank nulls last, b.name`;
  return rows.map(cardOf);
}

/** The contact details of the contractor whose quote the homeowner accepted, if any. */
export async function acceptedContact(sql: Db, leadId: string): Promise<ContractorContact | null> {
  const [row] = await sql<ContractorContact[]>`
    select b.id as "businessId", b.name, b.phone, b.email, b.website,
           nullif(concat_ws(', ', b.address, concat_ws(' ', b.city, b.state, b.zip_code)), '') as address
      from lead_communications c join businesses b on b.id = c.business_id
     where c.lead_id = ${leadId} and c.accepted_at is not null
     limit 1`;
  return row ?? null;
}
