// The homeowner says, from their private responses page, that one responding contractor's job is
// done (proven by the token of the responses link, never by an id alone). Recorded once
// (lead_distributions.job_done_at); it makes the job reviewable, so its review invitation is
// mailed in the same transaction (once per job: src/server/leads/reviews/invite-review.ts) and the
// page shows the same link at once. Said again, it changes nothing and mails nothing, but gives
// a fresh link while the job is not reviewed, so a lost mail loses no review.
import { INVALID_HOMEOWNER_LINK } from '../../../domain/homeowner-rules.ts';
import { REVIEW_MESSAGES } from '../../../domain/review-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { reviewableJob } from '../reviews/reviewable-job.ts';
import { resolveRequest, type RequestAccess } from '../access/request-access.ts';
import { createHomeownerLink } from '../access/homeowner-links.ts';

export interface JobDone {
  businessName: string;
  /** False when the homeowner had said so before (nothing changed, nothing mailed). */
  doneNow: boolean;
  /** True when this job's review was already written. */
  reviewed: boolean;
  /** A review link's raw token for the page to show, unless the job was reviewed. */
  reviewToken: string | null;
}

/** `access`: the responses link's token, or the signed-in homeowner's own request (issue 25). */
export async function markJobDone(
  sql: Sql,
  access: string | RequestAccess,
  businessId: string,
): Promise<JobDone> {
  return sql.begin(async (tx) => {
    const leadId = await resolveRequest(tx, typeof access === 'string' ? { token: access } : access);
    if (!leadId) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
    const link = { leadId };
    // Only a contractor that responded to this request: any other is answered as not there.
    const [responded] = await tx`
      select 1 from lead_communications
       where lead_id = ${link.leadId} and business_id = ${businessId} and message_type = 'contractor_response'
       limit 1`;
    const before = responded ? await reviewableJob(tx, link.leadId, businessId, { lock: true }) : null;
    if (!before) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notResponder);
    // A refunded lead is no job booked here, whatever the homeowner says (nothing recorded).
    if (before.refusal === REVIEW_MESSAGES.refunded) throw new AppError('CONFLICT', before.refusal);
    const [marked] = await tx`
      update lead_distributions set job_done_at = now()
       where id = ${before.distributionId} and job_done_at is null
      returning id`;
    // A job done by this contractor is a hire, when the homeowner had not said otherwise (issue 27).
    await tx`
      update leads set outcome = 'hired', outcome_business_id = ${businessId}, outcome_at = now()
       where id = ${link.leadId} and outcome is null`;
    const invited = await inviteReview(tx, { leadId: link.leadId, businessId, because: 'done' });
    const job = (await reviewableJob(tx, link.leadId, businessId))!;
    if (job.refusal) throw new AppError('CONFLICT', job.refusal);
    const reviewToken =
      invited ??
      (job.reviewed
        ? null
        : await createHomeownerLink(tx, { leadId: link.leadId, purpose: 'review', businessId }));
    return { businessName: job.businessName, doneNow: Boolean(marked), reviewed: job.reviewed, reviewToken };
  });
}
