// The quote page's testimonial: a real verified review of a listed contractor, never written by
// us: a 5-star review of a readable length from a verified business, the newest among what the
// build reads (each business's three newest verified reviews); null when there is none.
import type { SiteData } from './site-data.ts';
import { TESTIMONIAL_LENGTH } from '../site-rules.ts';

export interface Testimonial {
  quote: string;
  authorName: string;
  projectType: string | null;
  business: { name: string; slug: string };
  rating: number;
  createdAt: Date;
}

export function pickTestimonial(data: SiteData): Testimonial | null {
  let best: Testimonial | null = null;
  for (const business of data.businesses) {
    if (!business.verified) continue;
    for (const review of data.recentReviews.get(business.id) ?? []) {
      const length = review.content.trim().length;
      if (review.rating < 5 || length < TESTIMONIAL_LENGTH.min || length > TESTIMONIAL_LENGTH.max) continue;
      if (best && best.createdAt >= review.createdAt) continue;
      best = {
        quote: review.content.trim(),
        authorName: review.authorName,
        projectType: review.projectType,
        business: { name: business.name, slug: business.slug },
        rating: review.rating,
        createdAt: review.createdAt,
      };
    }
  }
  return best;
}
