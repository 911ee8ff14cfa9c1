// The business a signed-in contractor owns (spec: "Business by ownerId (single)"): every
// contractor page and endpoint starts here, so one contractor only ever reaches their own
// business's leads, communications, quotes and profile. An owner with several businesses (only
// possible through an admin) works on the oldest.
import type { BusinessStatus } from '../../../domain/business-status.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { NO_BUSINESS_MESSAGE } from '../accounts-rules.ts';

export interface OwnedBusiness {
  id: string;
  name: string;
  slug: string;
  status: BusinessStatus;
  verified: boolean;
  paymentSetupCompleted: boolean;
  /** The business's Stripe Customer (it pays us by card), once payment setup began. */
  stripeCustomerId: string | null;
}

export async function ownedBusiness(sql: Sql, ownerId: string): Promise<OwnedBusiness | null> {
  const [row] = await sql<OwnedBusiness[]>`
    select id, name, slug, status, verified,
           payment_setup_completed as "paymentSetupCompleted",
           stripe_customer_id as "stripeCustomerId"
      from businesses
     where owner_id = ${ownerId}
     order by created_at, id
     limit 1`;
  return row ?? null;
}

/** The owner's business, or a 404 'No business found' (nothing of anyone else's is named). */
export async function requireOwnedBusiness(sql: Sql, ownerId: string): Promise<OwnedBusiness> {
  const business = await ownedBusiness(sql, ownerId);
  if (!business) throw new AppError('NOT_FOUND', NO_BUSINESS_MESSAGE);
  return business;
}

/** What an endpoint answers a contractor whose business an admin has not approved yet. */
const AWAITING_APPROVAL_MESSAGE =
  'Your business is awaiting approval: leads, responses and profile changes open once an admin approves it.';

/**
 * The owner's business once it is ACTIVE: leads, responses, stage moves, the profile and its
 * photos are for approved businesses only, as the dashboard shows them (a business put back to
 * PENDING mails no homeowner and publishes nothing).
 */
export async function requireActiveBusiness(sql: Sql, ownerId: string): Promise<OwnedBusiness> {
  const business = await requireOwnedBusiness(sql, ownerId);
  if (business.status !== 'ACTIVE') throw new AppError('FORBIDDEN', AWAITING_APPROVAL_MESSAGE);
  return business;
}

/** Who may change a business's profile, photos and portfolio: its id and its owner's. */
interface BusinessOwner {
  id: string;
  ownerId: string;
}

/** The owner's ACTIVE business as the key its own profile writes take (as requireActiveBusiness). */
export async function requireActiveOwner(sql: Sql, ownerId: string): Promise<BusinessOwner> {
  const business = await requireActiveBusiness(sql, ownerId);
  return { id: business.id, ownerId };
}
