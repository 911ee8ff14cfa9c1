// The admin API's requests and answers (users, activity log), shared by the endpoints and islands.
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import { CONTRACTOR_ADMIN_MESSAGES, GRANTABLE_ROLES, REJECTION_REASON_MAX } from '../domain/admin-rules.ts';
import type { BusinessStatus } from '../domain/business-status.ts';
import type { ClaimConfirmation } from '../domain/claim-rules.ts';
import { DAY_MESSAGE, DAY_PATTERN, isCalendarDay, ZOptionalDay } from './day.ts';

const cursor = ZCursor;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const ZAdminUserQuery = z.object({
  /** Part of an e-mail address or a name; empty: everyone. */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});

export const ZRoleChange = z.object({
  role: z.enum(GRANTABLE_ROLES),
  granted: z.boolean(),
});

export const ZAccountStatus = z.object({ disabled: z.boolean() });

export const ZUserId = z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid user id'));

export const ZActivityQuery = z.object({
  /** The acting admin's user id. */
  actor: z.optional(
    z.union([z.literal(''), z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid user id'))]),
  ),
  action: z.optional(z.string().check(z.maxLength(60))),
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: ZOptionalDay,
  to: ZOptionalDay,
  cursor,
});
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

export interface AdminUser {
  id: string;
  email: string;
  fullName: string | null;
  roles: ('contractor' | 'admin')[];
  disabled: boolean;
  createdAt: string;
}

export interface AdminUserPage {
  users: AdminUser[];
  nextCursor: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

// The contractors page: the pending queue, listing claims, listed businesses and their licence.

export const ZAdminContractorQuery = z.object({
  list: z.enum(['pending', 'claims', 'listed']),
  /** Part of a business name (listed only). */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});
export type TAdminContractorQuery = z.infer<typeof ZAdminContractorQuery>;

export const ZRecordId = z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid id'));

export const ZRejection = z.object({
  reason: z
    .string()
    .check(
      z.maxLength(REJECTION_REASON_MAX),
      z.trim(),
      z.minLength(1, CONTRACTOR_ADMIN_MESSAGES.reasonRequired),
    ),
});

export const ZNoBody = z.object({});

export const ZFeatured = z.object({ featured: z.boolean() });
export const ZSuspended = z.object({ suspended: z.boolean() });

export const ZLicenceCheck = z.object({
  number: z.string().check(z.maxLength(60), z.trim(), z.minLength(1, 'Enter the licence number')),
  board: z.string().check(z.maxLength(120), z.trim(), z.minLength(1, 'Enter the issuing board')),
  checkedOn: z
    .string()
    .check(z.maxLength(10), z.regex(DAY_PATTERN, DAY_MESSAGE), z.refine(isCalendarDay, DAY_MESSAGE)),
  source: z.string().check(z.maxLength(300), z.trim(), z.minLength(1, 'Enter where it was checked')),
});
export type TLicenceCheck = z.infer<typeof ZLicenceCheck>;

export interface AdminLicence {
  number: string;
  board: string;
  checkedOn: string;
  source: string;
}

/** Everything an applicant gave at registration, for the approval view (issue 24). */
interface AdminApplication {
  ownerName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  state: string | null;
  zipCode: string | null;
  website: string | null;
  /** The services chosen, by name. */
  services: string[];
  /** The ZIP codes it serves. */
  serviceZips: string[];
  yearsInBusiness: number | null;
  /** The licence number the business gave (the admin's own check is `licence`). */
  licenseNumber: string | null;
  insuranceVerified: boolean;
  responseTimeHours: number | null;
  priceRange: string | null;
  /** A card on file: needed before it can be sold a lead. */
  hasCard: boolean;
}

/** A claimed listing as it stands, to compare with what the claimant gave. */
export interface AdminClaimListing {
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  zipCode: string | null;
  category: string | null;
  licence: AdminLicence | null;
}

export interface AdminBusiness {
  id: string;
  name: string;
  slug: string;
  status: BusinessStatus;
  verified: boolean;
  featured: boolean;
  city: string | null;
  category: string | null;
  ownerEmail: string | null;
  createdAt: string;
  licence: AdminLicence | null;
  application: AdminApplication;
}

export interface AdminClaim {
  id: string;
  businessId: string;
  businessName: string;
  businessSlug: string;
  claimantEmail: string;
  details: Record<string, unknown>;
  createdAt: string;
  /** How the claimant proved the listing is theirs (a code by text, call or e-mail); null: not. */
  confirmation: ClaimConfirmation | null;
  listing: AdminClaimListing;
}

export interface AdminContractorPage {
  businesses: AdminBusiness[];
  claims: AdminClaim[];
  nextCursor: string | null;
}
