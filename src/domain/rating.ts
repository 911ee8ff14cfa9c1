// Rating display rules (spec: ratings to 1 decimal). The spec's home-card placeholder (4.8 stars
// and 127 reviews for a contractor without any) is not used: a rating nobody gave is a fake
// review under the FTC's rule (16 CFR 465); a business without reviews is shown as "New"
// (docs/decisions.md, issue 24).

/** What a card shows for a business without any review. */
export const NO_REVIEWS_LABEL = 'New';

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/** A home card's rating, or null when the business has no review yet (the card says "New"). */
export function homeCardRating(
  rating: number | null,
  reviews: number,
): { rating: string; reviews: number } | null {
  if (rating === null || reviews <= 0) return null;
  return { rating: formatRating(rating), reviews };
}
