// A homeowner's review of a completed job, through the review link mailed when the contractor
// marked the job COMPLETED: one review per lead and contractor (reviews_one_per_job_idx), verified
// because the job was booked here, tied to its lead; the link is used up in the same transaction.
// The contractor's rating and review count are recomputed from its public reviews, as the demo
// seed computes them, and the change waits for the next publish to reach the prebuilt profile.
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { requestPublish } from '../publish/request-publish.ts';
import { ALREADY_REVIEWED, INVALID_HOMEOWNER_LINK } from '../../domain/homeowner-rules.ts';
import type { TJobReview } from '../../schemas/homeowner.ts';
import { recomputeBusinessRating } from './business-rating.ts';
import { jobReviewLink } from './job-review-link.ts';

export interface SubmittedReview {
  reviewId: string;
  businessName: string;
}

/** The unique violation PostgreSQL reports (two submits racing past the check). */
const UNIQUE_VIOLATION = '23505';

export async function submitJobReview(sql: Sql, input: TJobReview): Promise<SubmittedReview> {
  try {
    return await sql.begin(async (tx) => {
      const job = await jobReviewLink(tx, input.token);
      if (!job) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
      if (job.reviewed) throw new AppError('CONFLICT', ALREADY_REVIEWED);
      // The business row's lock orders reviews of one contractor, so the recomputed rating
      // below counts every review committed before it.
      await tx`select id from businesses where id = ${job.businessId} for update`;
      const [review] = await tx<{ id: string }[]>`
        insert into reviews (business_id, lead_id, rating, author_name, title, content, project_type, verified)
        values (${job.businessId}, ${job.leadId}, ${input.rating}, ${input.authorName}, ${input.title || null},
                ${input.content}, ${job.projectType}, true)
        returning id`;
      await tx`
        update lead_access_tokens set used_at = now()
         where lead_id = ${job.leadId} and business_id = ${job.businessId} and purpose = 'review' and used_at is null`;
      await recomputeBusinessRating(tx, job.businessId);
      await requestPublish(tx, {
        reason: 'New verified review',
        entityType: 'review',
        entityId: review!.id,
        requestedBy: null,
      });
      return { reviewId: review!.id, businessName: job.businessName };
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', ALREADY_REVIEWED);
    throw error;
  }
}
