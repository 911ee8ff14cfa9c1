// A moderator approves a review that waited for moderation (its reviewer shares a phone, an
// e-mail domain, a network or a browser with the business: src/domain/review-rules.ts): it
// becomes public, its business's rating and review count are recomputed, the approval is audited
// with the signals the moderator saw, and a publish is requested, all in one transaction. The
// signals stay on the review. Approving it again changes nothing; a review hidden by an admin is
// shown with Show, and a withdrawn one (its lead refunded) cannot be approved.
import { CONTENT_MESSAGES as M } from '../../domain/content-rules.ts';
import type { AdminReview } from '../../schemas/admin-content.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { recomputeBusinessRating } from '../leads/index.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { readReview } from './content-reviews.ts';

export async function approveReview(
  tx: TransactionSql,
  actor: AuditActor,
  reviewId: string,
): Promise<AdminReview> {
  const [found] = await tx<{ business_id: string }[]>`select business_id from reviews where id = ${reviewId}`;
  if (!found) throw new AppError('NOT_FOUND', M.reviewNotFound);
  // The business's lock first (as a new review takes it), then the review's.
  await tx`select id from businesses where id = ${found.business_id} for update`;
  const before = await readReview(tx, reviewId, { lock: true });
  if (!before) throw new AppError('NOT_FOUND', M.reviewNotFound);
  if (before.status === 'public') return before;
  if (before.status === 'withdrawn') throw new AppError('CONFLICT', M.reviewWithdrawn);
  if (before.status !== 'moderation') throw new AppError('CONFLICT', M.notAwaitingModeration);
  const [ratingBefore] = await tx<{ averageRating: number | null; totalReviews: number }[]>`
    select average_rating::float8 as "averageRating", total_reviews as "totalReviews"
      from businesses where id = ${before.businessId}`;
  await tx`
    update reviews set hidden_at = null, hidden_kind = null, hidden_reason = null, hidden_by = null
     where id = ${reviewId}`;
  const ratingAfter = await recomputeBusinessRating(tx, before.businessId);
  await audited(
    tx,
    actor,
    'review.approve',
    { type: 'review', id: reviewId },
    {
      business: before.businessName,
      author: before.authorName,
      status: 'moderation',
      signals: before.signals,
      ...ratingBefore,
    },
    { business: before.businessName, author: before.authorName, status: 'public', ...ratingAfter },
  );
  await requestPublish(tx, {
    reason: 'Review approved by a moderator',
    entityType: 'review',
    entityId: reviewId,
    requestedBy: actor.id,
    automatic: true,
  });
  return (await readReview(tx, reviewId))!;
}
