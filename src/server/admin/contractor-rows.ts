// The admin contractors page's business rows: what is selected of a business (its application,
// licence check and owner), how a row becomes an AdminBusiness, the row locked for a change, and
// the publish request's reason. Shared by the list and every change (list-contractors.ts,
// decide-application.ts, moderate-listing.ts, record-licence.ts).
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../domain/admin-rules.ts';
import type { AdminBusiness, AdminLicence } from '../../schemas/admin.ts';
import type { Db, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';

export type Status = AdminBusiness['status'];

export interface BusinessRow {
  id: string;
  name: string;
  slug: string;
  status: Status;
  verified: boolean;
  featured: boolean;
  featured_by_plan: boolean;
  city: string | null;
  category: string | null;
  owner_email: string | null;
  created_at: Date;
  /** created_at as PostgreSQL prints it: the cursor keeps its microseconds. */
  created_text: string;
  licence: AdminLicence | null;
  owner_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  state: string | null;
  zip_code: string | null;
  website: string | null;
  services: string[];
  service_areas: string[];
  years_in_business: number | null;
  license_number: string | null;
  insurance_verified: boolean;
  response_time_hours: number | null;
  price_range: string | null;
  payment_setup_completed: boolean;
}

export const toBusiness = (r: BusinessRow): AdminBusiness => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  status: r.status,
  verified: r.verified,
  featured: r.featured,
  city: r.city,
  category: r.category,
  ownerEmail: r.owner_email,
  createdAt: r.created_at.toISOString(),
  licence: r.licence,
  application: {
    ownerName: r.owner_name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    state: r.state,
    zipCode: r.zip_code,
    website: r.website,
    services: r.services,
    serviceZips: r.service_areas,
    yearsInBusiness: r.years_in_business,
    licenseNumber: r.license_number,
    insuranceVerified: r.insurance_verified,
    responseTimeHours: r.response_time_hours,
    priceRange: r.price_range,
    hasCard: r.payment_setup_completed,
  },
});

/** A business's licence check by an admin, as JSON (null: none recorded). */
export function licenceJson(sql: Db) {
  return sql`(select json_build_object('number', c.license_number, 'board', c.issuing_board,
                                      'checkedOn', c.checked_on::text, 'source', c.source)
                from business_licence_checks c where c.business_id = b.id)`;
}

export function businessSelect(sql: Db) {
  return sql`
    select b.id, b.name, b.slug, b.status, b.verified, b.featured, b.featured_by_plan, b.city, b.category,
           b.created_at, b.created_at::text as created_text, u.email as owner_email,
           ${licenceJson(sql)} as licence,
           u.full_name as owner_name, b.phone, b.email, b.address, b.state, b.zip_code, b.website,
           coalesce((select array_agg(s.name order by s.name) from business_services bs
                       join services s on s.id = bs.service_id where bs.business_id = b.id), '{}') as services,
           b.service_areas, b.years_in_business, b.license_number, b.insurance_verified,
           b.response_time_hours, b.price_range, b.payment_setup_completed
      from businesses b left join users u on u.id = b.owner_id`;
}

/** The business, locked for a change (NOT_FOUND when there is none). */
export async function lockedBusiness(tx: TransactionSql, id: string): Promise<BusinessRow> {
  const [row] = await tx<BusinessRow[]>`${businessSelect(tx)} where b.id = ${id} for update of b`;
  if (!row) throw new AppError('NOT_FOUND', M.businessNotFound);
  return row;
}

/** A publish request's reason: what changed, and of which business. */
export const publishReason = (what: string, name: string) => `${what}: ${name}`;
