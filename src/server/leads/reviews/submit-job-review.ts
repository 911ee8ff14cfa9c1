// A homeowner's review of a job they hired the contractor for, through its review link: one
// review per lead and contractor (reviews_one_per_job_idx), verified because the job was booked
// here, tied to its lead; the link is used up in the same transaction. A job that may not be
// reviewed (reviewable-job.ts) is refused. A review whose homeowner shares a phone, an e-mail
// domain, a network or a browser with the contractor is stored hidden, awaiting moderation, with
// those signals listed; any other is public at the next publish, the contractor's rating and
// review count recomputed from its public reviews.
import { REVIEW_MESSAGES } from '../../../domain/review-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';
import type { VisitorSignals } from '../../platform/security/visitor.ts';
import { ALREADY_REVIEWED, INVALID_HOMEOWNER_LINK } from '../../../domain/homeowner-rules.ts';
import type { TJobReview } from '../../../schemas/homeowner.ts';
import { recomputeBusinessRating } from './business-rating.ts';
import { jobReviewLink } from './job-review-link.ts';
import { findReviewSignals } from './review-signals.ts';

export interface SubmittedReview {
  reviewId: string;
  businessName: string;
  /** True: the review waits for moderation before it appears. */
  held: boolean;
}

/** The unique violation PostgreSQL reports (two submits racing past the check). */
const UNIQUE_VIOLATION = '23505';

/** `visitor`: where the review was written from (visitorSignals of its request), kept with it. */
export async function submitJobReview(
  sql: Sql,
  input: TJobReview,
  visitor: VisitorSignals | null = null,
): Promise<SubmittedReview> {
  try {
    return await sql.begin(async (tx) => {
      // The job's row lock first (a refund takes it too), then the business's, which orders
      // reviews of one contractor so the recomputed rating counts every review before it.
      const job = await jobReviewLink(tx, input.token, { lock: true });
      if (!job) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
      if (job.reviewed) throw new AppError('CONFLICT', ALREADY_REVIEWED);
      if (job.refusal) throw new AppError('NOT_FOUND', job.refusal);
      await tx`select id from businesses where id = ${job.businessId} for update`;
      const signals = await findReviewSignals(tx, job, visitor);
      const held = signals.length > 0;
      const [review] = await tx<{ id: string }[]>`
        insert into reviews (business_id, lead_id, rating, author_name, title, content, project_type, verified,
                             signals, client_prefix, device_hash, hidden_at, hidden_kind, hidden_reason)
        values (${job.businessId}, ${job.leadId}, ${input.rating}, ${input.authorName}, ${input.title || null},
                ${input.content}, ${job.projectType}, true, ${tx.json(signals as never)},
                ${visitor?.clientPrefix ?? null}, ${visitor?.deviceHash ?? null},
                ${held ? tx`now()` : null}, ${held ? 'moderation' : null},
                ${held ? REVIEW_MESSAGES.heldReason : null})
        returning id`;
      await tx`
        update lead_access_tokens set used_at = now()
         where lead_id = ${job.leadId} and business_id = ${job.businessId} and purpose = 'review' and used_at is null`;
      // A held review changes nothing public: no new rating, nothing to publish until approved.
      if (!held) {
        await recomputeBusinessRating(tx, job.businessId);
        await requestPublish(tx, {
          reason: 'New verified review',
          entityType: 'review',
          entityId: review!.id,
          requestedBy: null,
          automatic: true,
        });
      }
      return { reviewId: review!.id, businessName: job.businessName, held };
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', ALREADY_REVIEWED);
    throw error;
  }
}
