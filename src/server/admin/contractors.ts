// The admin contractors page: the PENDING queue (approve to ACTIVE and verified, or reject with a
// reason mailed to the applicant), listing claims (confirm through approveClaim, or reject with a
// reason mailed), feature and suspend listed businesses, and record a licence check. Every change
// is one transaction with its audit row (audited()) and, where the public site changes, its
// publish request; the caller schedules the automatic publish after an approval commits.
import { ADMIN_CONTRACTORS_PAGE_SIZE, CONTRACTOR_ADMIN_MESSAGES as M } from '../../domain/admin-rules.ts';
import type { ClaimConfirmation } from '../../domain/claim-rules.ts';
import type { TClaimApproval } from '../../schemas/claim-proof.ts';
import type {
  AdminBusiness,
  AdminClaim,
  AdminClaimListing,
  AdminContractorPage,
  AdminLicence,
  TAdminContractorQuery,
  TLicenceCheck,
} from '../../schemas/admin.ts';
import type { Db, Sql, TransactionSql } from '../platform/db/client.ts';
import { cursorCodec, type CursorCodec } from '../platform/cursor.ts';
import { AppError } from '../platform/errors.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { toConfirmation } from '../accounts/index.ts';
import type { PaymentGateway } from '../money/index.ts';
import { approveClaim } from './approve-claim.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import {
  claimRejectedMail,
  registrationApprovedMail,
  registrationRejectedMail,
} from '../platform/mail/contractor-mails.ts';
import { containsPattern } from './users.ts';
import { log } from '../platform/log.ts';

type Status = AdminBusiness['status'];

interface BusinessRow {
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

const toBusiness = (r: BusinessRow): AdminBusiness => ({
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
function licenceJson(sql: Db) {
  return sql`(select json_build_object('number', c.license_number, 'board', c.issuing_board,
                                      'checkedOn', c.checked_on::text, 'source', c.source)
                from business_licence_checks c where c.business_id = b.id)`;
}

function businessSelect(sql: Db) {
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

// Cursors: the newest-first lists carry (created_at as PostgreSQL prints it, id); the listed
// businesses (lower(name), id).
const contractorListCursors = {
  claims: cursorCodec('admin-claims', ['time', 'uuid']),
  pending: cursorCodec('admin-contractors-pending', ['time', 'uuid']),
  listed: cursorCodec('admin-contractors-listed', ['text', 'uuid']),
} as const;

const timeAfter = (codec: CursorCodec<readonly ['time', 'uuid']>, raw: string | undefined) => {
  if (!raw) return null;
  const [at, id] = codec.read(raw);
  return { at, id };
};

export async function listContractors(
  sql: Sql,
  query: TAdminContractorQuery,
  limit = ADMIN_CONTRACTORS_PAGE_SIZE,
): Promise<AdminContractorPage> {
  if (query.list === 'claims') {
    const after = timeAfter(contractorListCursors.claims, query.cursor);
    const rows = await sql<
      {
        id: string;
        business_id: string;
        business_name: string;
        business_slug: string;
        claimant_email: string;
        details: Record<string, unknown>;
        created_at: Date;
        created_text: string;
        verified_at: Date | null;
        verified_channel: ClaimConfirmation['channel'] | null;
        verified_target: string | null;
        listing: AdminClaimListing;
      }[]
    >`
      select c.id, c.business_id, b.name as business_name, b.slug as business_slug,
             u.email as claimant_email, c.details, c.created_at, c.created_at::text as created_text,
             c.verified_at, c.verified_channel, c.verified_target,
             json_build_object('phone', b.phone, 'email', b.email, 'website', b.website, 'address', b.address,
                               'city', b.city, 'zipCode', b.zip_code, 'category', b.category,
                               'licence', ${licenceJson(sql)}) as listing
        from business_claims c join businesses b on b.id = c.business_id join users u on u.id = c.claimant_id
       where c.status = 'pending'
         ${after ? sql`and (c.created_at, c.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
       order by c.created_at desc, c.id desc
       limit ${limit + 1}`;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      businesses: [],
      claims: page.map((r): AdminClaim => ({
        id: r.id,
        businessId: r.business_id,
        businessName: r.business_name,
        businessSlug: r.business_slug,
        claimantEmail: r.claimant_email,
        details: r.details,
        createdAt: r.created_at.toISOString(),
        confirmation: toConfirmation(r),
        listing: r.listing,
      })),
      nextCursor:
        rows.length > limit && last ? contractorListCursors.claims.make([last.created_text, last.id]) : null,
    };
  }
  if (query.list === 'pending') {
    const after = timeAfter(contractorListCursors.pending, query.cursor);
    const rows = await sql<BusinessRow[]>`
      ${businessSelect(sql)}
       where b.status = 'PENDING'
         ${after ? sql`and (b.created_at, b.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
       order by b.created_at desc, b.id desc
       limit ${limit + 1}`;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      businesses: page.map(toBusiness),
      claims: [],
      nextCursor:
        rows.length > limit && last ? contractorListCursors.pending.make([last.created_text, last.id]) : null,
    };
  }
  const after = query.cursor ? contractorListCursors.listed.read(query.cursor) : null;
  const q = query.q?.trim().toLowerCase();
  const rows = await sql<BusinessRow[]>`
    ${businessSelect(sql)}
     where b.status in ('ACTIVE', 'SUSPENDED')
       ${q ? sql`and lower(b.name) like ${containsPattern(q)}` : sql``}
       ${after ? sql`and (lower(b.name), b.id) > (${after[0]}, ${after[1]})` : sql``}
     order by lower(b.name), b.id
     limit ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    businesses: page.map(toBusiness),
    claims: [],
    nextCursor:
      rows.length > limit && last
        ? contractorListCursors.listed.make([last.name.toLowerCase(), last.id])
        : null,
  };
}

async function lockedBusiness(tx: TransactionSql, id: string): Promise<BusinessRow> {
  const [row] = await tx<BusinessRow[]>`${businessSelect(tx)} where b.id = ${id} for update of b`;
  if (!row) throw new AppError('NOT_FOUND', M.businessNotFound);
  return row;
}

const publishReason = (what: string, name: string) => `${what}: ${name}`;

/** PENDING -> ACTIVE and verified (the spec's "ACTIVE once approved"; listed as verified); the
 * owner is mailed. */
export async function approveBusiness(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'PENDING') throw new AppError('CONFLICT', M.notPending);
  await tx`update businesses set status = 'ACTIVE', verified = true, updated_at = now() where id = ${id}`;
  if (b.owner_email) await enqueueMail(tx, registrationApprovedMail(b.owner_email, b.name));
  await audited(
    tx,
    actor,
    'business.approve',
    { type: 'business', id },
    { name: b.name, status: b.status, verified: b.verified },
    { name: b.name, status: 'ACTIVE', verified: true },
  );
  await requestPublish(tx, {
    reason: publishReason('Contractor approved', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
    automatic: true,
  });
  return toBusiness({ ...b, status: 'ACTIVE', verified: true });
}

/** PENDING -> REJECTED; the applicant (the owner) is mailed the reason. */
export async function rejectBusiness(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'PENDING') throw new AppError('CONFLICT', M.notPending);
  await tx`update businesses set status = 'REJECTED', updated_at = now() where id = ${id}`;
  if (b.owner_email) await enqueueMail(tx, registrationRejectedMail(b.owner_email, b.name, reason));
  await audited(
    tx,
    actor,
    'business.reject',
    { type: 'business', id },
    { name: b.name, status: b.status },
    { name: b.name, status: 'REJECTED', reason, mailedTo: b.owner_email },
  );
  return toBusiness({ ...b, status: 'REJECTED' });
}

/** Features or unfeatures an ACTIVE business (unfeaturing also ends a plan's claim on it). */
export async function setFeatured(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  featured: boolean,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'ACTIVE') throw new AppError('CONFLICT', M.notListed);
  if (b.featured === featured) return toBusiness(b);
  await tx`
    update businesses set featured = ${featured}, featured_by_plan = ${featured ? b.featured_by_plan : false},
           updated_at = now()
     where id = ${id}`;
  await audited(
    tx,
    actor,
    featured ? 'business.feature' : 'business.unfeature',
    { type: 'business', id },
    { name: b.name, featured: b.featured },
    { name: b.name, featured },
  );
  await requestPublish(tx, {
    reason: publishReason(featured ? 'Contractor featured' : 'Contractor unfeatured', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
  });
  return toBusiness({ ...b, featured });
}

/** ACTIVE -> SUSPENDED (no leads at once; gone from the site after the next publish) and back. */
export async function setSuspended(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  suspended: boolean,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  const from: Status = suspended ? 'ACTIVE' : 'SUSPENDED';
  const to: Status = suspended ? 'SUSPENDED' : 'ACTIVE';
  if (b.status === to) return toBusiness(b);
  if (b.status !== from) throw new AppError('CONFLICT', suspended ? M.notSuspendable : M.notSuspended);
  await tx`update businesses set status = ${to}, updated_at = now() where id = ${id}`;
  await audited(
    tx,
    actor,
    suspended ? 'business.suspend' : 'business.reinstate',
    { type: 'business', id },
    { name: b.name, status: b.status },
    { name: b.name, status: to },
  );
  await requestPublish(tx, {
    reason: publishReason(suspended ? 'Contractor suspended' : 'Contractor reinstated', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
  });
  return toBusiness({ ...b, status: to });
}

/** Records (or replaces) the licence check of a business; public after the next publish. */
export async function recordLicence(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  check: TLicenceCheck,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  const licence: AdminLicence = {
    number: check.number,
    board: check.board,
    checkedOn: check.checkedOn,
    source: check.source,
  };
  await tx`
    insert into business_licence_checks (business_id, license_number, issuing_board, checked_on, source, checked_by)
    values (${id}, ${check.number}, ${check.board}, ${check.checkedOn}, ${check.source}, ${actor.id})
    on conflict (business_id) do update
      set license_number = excluded.license_number, issuing_board = excluded.issuing_board,
          checked_on = excluded.checked_on, source = excluded.source, checked_by = excluded.checked_by,
          updated_at = now()`;
  await audited(
    tx,
    actor,
    'business.licence.verify',
    { type: 'business', id },
    { name: b.name, licence: b.licence },
    { name: b.name, licence },
  );
  if (b.status === 'ACTIVE') {
    await requestPublish(tx, {
      reason: publishReason('Licence verified', b.name),
      entityType: 'business',
      entityId: id,
      requestedBy: actor.id,
    });
  }
  return toBusiness({ ...b, licence });
}

/**
 * Approves a pending listing claim through approveClaim (which audits it; an unconfirmed claim
 * only with `unconfirmed: true`), then cancels at the gateway any plan the listing had, so its
 * previous payer is not billed again. A cancellation the gateway refuses is audited and named in
 * the answer for the admin to finish by hand; the approval stands.
 */
export async function confirmClaim(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'cancelSubscription'>,
  actor: AuditActor,
  claimId: string,
  approval: TClaimApproval = {},
): Promise<{ warning: string | null }> {
  const approved = await sql.begin((tx) => approveClaim(tx, claimId, actor.id, approval));
  const failed: string[] = [];
  for (const plan of approved.detached.plans) {
    if (!plan.gatewaySubscriptionId) continue;
    try {
      await gateway.cancelSubscription(plan.gatewaySubscriptionId);
    } catch (error) {
      log().error(
        { gatewaySubscriptionId: plan.gatewaySubscriptionId, err: error },
        'listing plan not cancelled at the gateway',
      );
      failed.push(plan.gatewaySubscriptionId);
      await sql.begin((tx) =>
        audited(
          tx,
          actor,
          'business.plan_cancel_failed',
          { type: 'business', id: approved.businessId },
          { subscriptionId: plan.gatewaySubscriptionId, plan: plan.plan },
          { error: error instanceof Error ? error.message.slice(0, 300) : 'unknown' },
        ),
      );
    }
  }
  return {
    warning: failed.length
      ? `The listing's plan could not be cancelled at the payment gateway (${failed.join(', ')}): cancel it there so its previous payer is not billed again.`
      : null,
  };
}

/** Rejects a pending listing claim; the claimant is mailed the reason. */
export async function rejectClaim(
  tx: TransactionSql,
  actor: AuditActor,
  claimId: string,
  reason: string,
): Promise<void> {
  const [claim] = await tx<
    { business_id: string; status: string; claimant_email: string; business_name: string }[]
  >`
    select c.business_id, c.status, u.email as claimant_email, b.name as business_name
      from business_claims c join users u on u.id = c.claimant_id join businesses b on b.id = c.business_id
     where c.id = ${claimId} for update of c`;
  if (!claim) throw new AppError('NOT_FOUND', M.claimNotFound);
  if (claim.status !== 'pending') throw new AppError('CONFLICT', 'This claim is no longer pending.');
  await tx`
    update business_claims set status = 'rejected', decided_at = now(), decided_by = ${actor.id},
           decision_reason = ${reason}
     where id = ${claimId}`;
  await enqueueMail(tx, claimRejectedMail(claim.claimant_email, claim.business_name, reason));
  await audited(
    tx,
    actor,
    'business_claim.reject',
    { type: 'business', id: claim.business_id },
    { claimId, claimant: claim.claimant_email, status: 'pending' },
    { claimId, claimant: claim.claimant_email, status: 'rejected', reason },
  );
}
