// Contractor registration (/contractor-signup) in one transaction: the account (as sign-up makes
// it: hashed password, profile, verification mail), the contractor role, and either a new
// business, PENDING until an admin approves it, with its services, or, when the contractor chose
// one of our unclaimed listings, a claim of it that an admin must approve (approve-claim.ts):
// no listing changes hands at registration. A claim gets a proof token for the browser's cookie,
// so the claimant can confirm it by a code at once, before they can sign in (src/server/accounts/claims/).
import {
  SIGNUP_MESSAGES as M,
  zipsOutsideArea,
  type SignupResult,
  type TContractorSignup,
} from '../../../schemas/contractor-signup.ts';
import { verificationMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from '../auth/account-messages.ts';
import { issueToken } from '../auth/account-tokens.ts';
import { limitAttempts, type RequestMeta } from '../auth/limit-attempts.ts';
import { checkNewPassword } from '../auth/check-new-password.ts';
import { hashPassword } from '../auth/password.ts';
import { replacePendingAccount } from '../auth/replace-pending-account.ts';
import { issueClaimProofToken } from '../claims/claim-proof-cookie.ts';
import { claimProofState } from '../claims/claim-proof-state.ts';
import { findProofClaim } from '../claims/find-proof-claim.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { freeSlug } from './free-slug.ts';

interface Service {
  id: string;
  slug: string;
  name: string;
}

/** The chosen services and the area's check of the ZIPs, before any account is made. */
async function checkChoices(sql: Sql, input: TContractorSignup): Promise<Service[]> {
  const services = await sql<Service[]>`
    select id, slug, name from services where slug = any(${input.services}) order by array_position(${input.services}::text[], slug)`;
  if (services.length !== new Set(input.services).size) {
    throw new AppError('BAD_REQUEST', M.unknownService, { services: [M.unknownService] });
  }
  const areaZips = await sql<{ zip: string }[]>`select distinct unnest(zip_codes) as zip from service_areas`;
  const outside = zipsOutsideArea(input.serviceZipCodes, new Set(areaZips.map((r) => r.zip)));
  if (outside.length) {
    const message = M.zipOutsideArea(outside);
    throw new AppError('BAD_REQUEST', message, { serviceZipCodes: [message] });
  }
  return services;
}

async function createAccount(
  tx: TransactionSql,
  input: TContractorSignup,
  passwordHash: string,
  browser: string | null,
) {
  // An unverified account at the address is replaced, as sign-up does (replace-pending-account.ts).
  const free = await replacePendingAccount(tx, input.email);
  const [user] = free
    ? await tx<{ id: string }[]>`
        insert into users (email, password_hash, full_name) values (${input.email}, ${passwordHash}, ${input.ownerName})
        on conflict (email) do nothing returning id`
    : [];
  // The same answer as sign-up's (src/server/accounts/auth/sign-up.ts): this form reveals no more than it.
  if (!user) throw new AppError('CONFLICT', MESSAGES.accountExists, { email: [MESSAGES.accountExists] });
  await tx`insert into profiles (id, email, full_name) values (${user.id}, ${input.email}, ${input.ownerName})`;
  await tx`insert into user_roles (user_id, role) values (${user.id}, 'contractor')`;
  const token = await issueToken(tx, user.id, 'email_verification', null, browser);
  await enqueueMail(tx, verificationMail(input.email, token));
  return user.id;
}

/** A claim of one of our listings: refused when it has an owner, an approved or a pending claim. */
async function claimListing(tx: TransactionSql, input: TContractorSignup, listingId: string, userId: string) {
  const [listing] = await tx<{ owner_id: string | null; status: string }[]>`
    select owner_id, status from businesses where id = ${listingId} for update`;
  if (!listing || listing.status !== 'ACTIVE') throw new AppError('NOT_FOUND', M.listingNotFound);
  const [claim] = await tx<{ status: string }[]>`
    select status from business_claims where business_id = ${listingId} and status in ('pending', 'approved')
    order by status = 'approved' desc limit 1`;
  if (listing.owner_id || claim?.status === 'approved') throw new AppError('CONFLICT', M.alreadyClaimed);
  if (claim) throw new AppError('CONFLICT', M.claimPending);
  const { password: _password, claimBusinessId: _listing, ...details } = input;
  const [made] = await tx<{ id: string }[]>`
    insert into business_claims (business_id, claimant_id, details)
    values (${listingId}, ${userId}, ${tx.json(details)})
    returning id`;
  const token = await issueClaimProofToken(tx, made!.id);
  return { token, proof: claimProofState(await findProofClaim(tx, { token })) };
}

async function createBusiness(
  tx: TransactionSql,
  input: TContractorSignup,
  services: Service[],
  userId: string,
) {
  const slug = await freeSlug(tx, input.businessName);
  // A position for distance matching: the service area holding the business's ZIP, else its first service ZIP.
  const [area] = await tx<{ latitude: number; longitude: number }[]>`
    select latitude, longitude from service_areas
    where ${input.zipCode ?? input.serviceZipCodes[0]!} = any(zip_codes) order by name limit 1`;
  const [business] = await tx<{ id: string }[]>`
    insert into businesses (
      name, slug, status, category, address, city, state, zip_code, phone, email, website,
      latitude, longitude, response_time_hours, price_range, service_areas, owner_id, bright_data_id)
    values (
      ${input.businessName}, ${slug}, 'PENDING', ${services[0]!.name}, ${input.address}, ${input.city},
      ${input.state}, ${input.zipCode ?? null}, ${input.phone}, ${input.email}, ${input.website ?? null},
      ${area?.latitude ?? null}, ${area?.longitude ?? null}, ${input.responseTimeHours}, ${input.priceRange},
      ${input.serviceZipCodes}, ${userId}, ${input.placeId ?? null})
    returning id`;
  for (const service of services) {
    await tx`insert into business_services (business_id, service_id) values (${business!.id}, ${service.id})`;
  }
  return { id: business!.id, slug };
}

export async function registerContractor(
  sql: Sql,
  input: TContractorSignup,
  meta: RequestMeta = {},
  /** The registering browser's cookie value: only it is signed in by the verification link. */
  browser: string | null = null,
): Promise<
  SignupResult & {
    userId: string;
    businessId: string | null;
    slug: string | null;
    /** A claim's proof token, for the registering browser's cookie (claim-proof-cookie.ts). */
    claimToken: string | null;
  }
> {
  await limitAttempts(sql, input.email, 'signup', meta);
  const services = await checkChoices(sql, input);
  await checkNewPassword(input.password, { email: input.email, name: input.ownerName });
  const passwordHash = await hashPassword(input.password);
  return sql.begin(async (tx) => {
    const userId = await createAccount(tx, input, passwordHash, browser);
    const base = { businessName: input.businessName, email: input.email, userId };
    if (input.claimBusinessId) {
      const claim = await claimListing(tx, input, input.claimBusinessId, userId);
      return {
        ...base,
        kind: 'claim' as const,
        businessId: null,
        slug: null,
        claimToken: claim.token,
        claimProof: claim.proof,
      };
    }
    const business = await createBusiness(tx, input, services, userId);
    return {
      ...base,
      kind: 'registered' as const,
      businessId: business.id,
      slug: business.slug,
      claimToken: null,
    };
  });
}
