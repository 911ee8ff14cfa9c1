// The Profile tab's data: the owner's business's editable public fields as stored, its photos,
// and how many of its changes wait for the next publish.
import {
  DEFAULT_BUSINESS_HOURS,
  ZBusinessHours,
  type BusinessProfileData,
} from '../../../schemas/business.ts';
import { RESPONSE_TIME_OPTIONS, PRICE_RANGES } from '../../../domain/profile-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { unpublishedCount } from '../../platform/publish/request-publish.ts';

interface Row {
  tagline: string | null;
  description: string | null;
  phone: string | null;
  website: string | null;
  businessHours: unknown;
  specialties: string[];
  serviceZipCodes: string[];
  responseTimeHours: number | null;
  priceRange: string | null;
  images: string[];
}

/** Spec: response time defaults to 24 hours when empty. */
const DEFAULT_RESPONSE_HOURS = 24;

export async function getBusinessProfile(sql: Sql, businessId: string): Promise<BusinessProfileData> {
  const [row] = await sql<Row[]>`
    select tagline, description, phone, website, business_hours as "businessHours", specialties,
           service_areas as "serviceZipCodes", response_time_hours as "responseTimeHours",
           price_range as "priceRange", images
      from businesses where id = ${businessId}`;
  if (!row) throw new Error(`business ${businessId} vanished`);
  // Hours stored by older imports may lack a day or hold another shape: the form starts from the
  // defaults then, and saving writes the full shape.
  const hours = ZBusinessHours.safeParse(row.businessHours);
  const response = RESPONSE_TIME_OPTIONS.find((h) => h === row.responseTimeHours) ?? DEFAULT_RESPONSE_HOURS;
  const price = PRICE_RANGES.find((p) => p === row.priceRange) ?? '$$';
  return {
    tagline: row.tagline,
    description: row.description,
    phone: row.phone,
    website: row.website,
    businessHours: hours.success ? hours.data : DEFAULT_BUSINESS_HOURS,
    specialties: row.specialties,
    serviceZipCodes: row.serviceZipCodes,
    responseTimeHours: response,
    priceRange: price,
    images: row.images,
    unpublishedChanges: await unpublishedCount(sql, 'business', businessId),
  };
}
