// Saves the Profile tab: the owner's own business only (the caller passes the id that
// requireOwnedBusiness found, never one from the request), each service ZIP one of our service
// areas', and a publish request in the same transaction when anything public changed.
import { PROFILE_MESSAGES } from '../../../domain/profile-rules.ts';
import type { TBusinessProfile } from '../../../schemas/business.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';

/** The ZIPs none of our service areas lists, in the order given. */
async function foreignZips(sql: Sql, zips: readonly string[]): Promise<string[]> {
  const rows = await sql<{ zip: string }[]>`
    select z as zip from unnest(${zips}::text[]) with ordinality as t(z, n)
     where not exists (select 1 from service_areas where z = any(zip_codes))
     order by n`;
  return rows.map((r) => r.zip);
}

export async function updateBusinessProfile(
  sql: Sql,
  business: { id: string; ownerId: string },
  profile: TBusinessProfile,
): Promise<{ changed: boolean }> {
  const outside = await foreignZips(sql, profile.serviceZipCodes);
  if (outside.length) {
    const message = PROFILE_MESSAGES.zipOutside(outside);
    throw new AppError('BAD_REQUEST', message, { serviceZipCodes: [message] });
  }
  return sql.begin(async (tx) => {
    // "is distinct from" on the whole row: an unchanged save writes nothing and asks no publish.
    const [updated] = await tx<{ id: string }[]>`
      update businesses set
        tagline = ${profile.tagline}, description = ${profile.description}, phone = ${profile.phone},
        website = ${profile.website}, business_hours = ${tx.json(profile.businessHours)},
        specialties = ${profile.specialties}, service_areas = ${profile.serviceZipCodes},
        response_time_hours = ${profile.responseTimeHours}, price_range = ${profile.priceRange}
      where id = ${business.id} and owner_id = ${business.ownerId}
        and (tagline, description, phone, website, business_hours, specialties, service_areas,
             response_time_hours, price_range)
            is distinct from
            (${profile.tagline}::text, ${profile.description}::text, ${profile.phone}::text,
             ${profile.website}::text, ${tx.json(profile.businessHours)}::jsonb, ${profile.specialties}::text[],
             ${profile.serviceZipCodes}::text[], ${profile.responseTimeHours}::int, ${profile.priceRange}::text)
      returning id`;
    if (!updated) return { changed: false };
    await requestPublish(tx, {
      reason: 'Profile updated by its owner',
      entityType: 'business',
      entityId: business.id,
      requestedBy: business.ownerId,
      automatic: true,
    });
    return { changed: true };
  });
}
