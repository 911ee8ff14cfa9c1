// Rating display rules (spec: ratings to 1 decimal; home cards fall back to 4.8 and 127 reviews
// when a contractor has none).
export const HOME_CARD_FALLBACK = { rating: 4.8, reviews: 127 } as const;

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

export function homeCardRating(rating: number | null, reviews: number): { rating: string; reviews: number } {
  if (rating === null || reviews === 0) {
    return { rating: formatRating(HOME_CARD_FALLBACK.rating), reviews: HOME_CARD_FALLBACK.reviews };
  }
  return { rating: formatRating(rating), reviews };
}
