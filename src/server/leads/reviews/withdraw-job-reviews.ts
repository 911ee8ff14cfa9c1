// Withdraws the reviews of jobs whose lead's charge was refunded (a lead credit settled, an
// admin's granted credit, Stripe's charge.refunded): a refunded lead is no job booked here, so
// its review is no verified review. Each is hidden ('withdrawn', with the reason), its business's
// rating recomputed, its reviewer mailed and a publish requested when it was public, all in the
// caller's transaction, which has just marked the distributions refunded (their row locks held,
// taken before the business's, the order a review's submission takes them in). A review
// withdrawn before is left as it is, so a refund recorded twice withdraws and mails once.
import type { TransactionSql } from '../../platform/db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';
import { recomputeBusinessRating } from './business-rating.ts';
import { reviewWithdrawnMail } from '../../platform/mail/review-mails.ts';

interface Withdrawable {
  id: string;
  business_id: string;
  business_name: string;
  lead_id: string;
  homeowner_name: string;
  homeowner_email: string;
  project_type: string;
}

/** Returns how many reviews it withdrew. */
export async function withdrawJobReviews(
  tx: TransactionSql,
  distributionIds: readonly string[],
  reason: string,
): Promise<number> {
  if (distributionIds.length === 0) return 0;
  const reviews = await tx<Withdrawable[]>`
    select r.id, r.business_id, b.name as business_name, l.id as lead_id, l.name as homeowner_name,
           l.email as homeowner_email, l.project_type
      from lead_distributions d
      join reviews r on r.lead_id = d.lead_id and r.business_id = d.business_id
      join businesses b on b.id = r.business_id
      join leads l on l.id = r.lead_id
     where d.id = any(${distributionIds}::uuid[]) and r.hidden_kind is distinct from 'withdrawn'
     order by r.business_id, r.id`;
  const businesses = [...new Set(reviews.map((r) => r.business_id))];
  for (const id of businesses) await tx`select id from businesses where id = ${id} for update`;
  let withdrawn = 0;
  const recompute = new Set<string>();
  for (const review of reviews) {
    const [current] = await tx<{ hidden_kind: string | null }[]>`
      select hidden_kind from reviews where id = ${review.id} for update`;
    if (!current || current.hidden_kind === 'withdrawn') continue;
    await tx`
      update reviews set hidden_at = now(), hidden_kind = 'withdrawn', hidden_reason = ${reason}, hidden_by = null
       where id = ${review.id}`;
    withdrawn += 1;
    await enqueueMail(
      tx,
      reviewWithdrawnMail(
        { email: review.homeowner_email, name: review.homeowner_name, leadId: review.lead_id },
        { id: review.id, businessName: review.business_name, projectType: review.project_type },
      ),
    );
    if (current.hidden_kind === null) {
      recompute.add(review.business_id);
      await requestPublish(tx, {
        reason: 'Review withdrawn: its lead was refunded',
        entityType: 'review',
        entityId: review.id,
        requestedBy: null,
        automatic: true,
      });
    }
  }
  for (const id of recompute) await recomputeBusinessRating(tx, id);
  return withdrawn;
}
