// One contractor's job on one lead as the review rules judge it (src/domain/review-rules.ts):
// who the homeowner and the contractor are, whether it may be reviewed now (and why not), and
// whether its invitation went out. Every path that invites, opens or takes a review asks here.
import { reviewRefusal } from '../../../domain/review-rules.ts';
import type { Db } from '../../platform/db/client.ts';

export interface ReviewableJob {
  distributionId: string;
  leadId: string;
  businessId: string;
  businessName: string;
  projectType: string;
  homeownerName: string;
  homeownerEmail: string;
  /** Why the job cannot be reviewed now, or null when it can. */
  refusal: string | null;
  jobDoneAt: Date | null;
  reviewInvitedAt: Date | null;
  /** A review of this job exists (public, held or hidden). */
  reviewed: boolean;
}

interface Row extends Omit<ReviewableJob, 'refusal'> {
  paymentStatus: string;
  stage: string;
  accepted: boolean;
}

/**
 * The job, or null when the contractor was never sent the lead. `lock` takes the distribution's
 * row lock (before the business's, as a refund does), so a review and a refund of one job go one
 * after the other: the review sees the refund, or the refund sees the review.
 */
export async function reviewableJob(
  sql: Db,
  leadId: string,
  businessId: string,
  options: { lock?: boolean } = {},
): Promise<ReviewableJob | null> {
  const [row] = await sql<Row[]>`
    select d.id as "distributionId", d.lead_id as "leadId", d.business_id as "businessId",
           b.name as "businessName", l.project_type as "projectType", l.name as "homeownerName",
           l.email as "homeownerEmail", d.payment_status as "paymentStatus", d.stage,
           d.job_done_at as "jobDoneAt", d.review_invited_at as "reviewInvitedAt",
           exists (select 1 from lead_communications c
                    where c.lead_id = d.lead_id and c.business_id = d.business_id
                      and c.accepted_at is not null) as accepted,
           exists (select 1 from reviews r
                    where r.lead_id = d.lead_id and r.business_id = d.business_id) as reviewed
      from lead_distributions d
      join leads l on l.id = d.lead_id
      join businesses b on b.id = d.business_id
     where d.lead_id = ${leadId} and d.business_id = ${businessId}
     ${options.lock ? sql`for update of d` : sql``}`;
  if (!row) return null;
  const { paymentStatus, stage, accepted, ...job } = row;
  return {
    ...job,
    refusal: reviewRefusal({ paymentStatus, stage, accepted, jobDone: row.jobDoneAt !== null }),
  };
}
