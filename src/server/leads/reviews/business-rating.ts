// A business's rating and review count, recomputed from its public reviews (verified and not
// hidden by an admin): after a new review, and after an admin hides or shows one. The caller
// holds the business row's lock, so reviews of one business are counted in order.
import type { TransactionSql } from '../../platform/db/client.ts';

export async function recomputeBusinessRating(
  tx: TransactionSql,
  businessId: string,
): Promise<{ averageRating: number | null; totalReviews: number }> {
  const [row] = await tx<{ averageRating: number | null; totalReviews: number }[]>`
    update businesses b set average_rating = r.avg_rating, total_reviews = r.n
      from (select round(avg(rating)::numeric, 1) as avg_rating, count(*)::int as n
              from reviews where business_id = ${businessId} and verified and hidden_at is null) r
     where b.id = ${businessId}
    returning b.average_rating::float8 as "averageRating", b.total_reviews as "totalReviews"`;
  return row ?? { averageRating: null, totalReviews: 0 };
}
