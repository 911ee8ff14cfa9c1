// Reads for the home page: featured verified contractors and popular services
// (spec document 1, section 7).
import type { Sql } from '../db/client.ts';

export interface FeaturedBusiness {
  id: string;
  name: string;
  slug: string;
  city: string;
  state: string;
  category: string;
  tagline: string | null;
  averageRating: number | null;
  totalReviews: number;
  featured: boolean;
  image: string | null;
}

export interface PopularService {
  slug: string;
  name: string;
  category: string;
  description: string;
}

/** ACTIVE, verified; featured first, then rating (spec: limit 6). */
export function listFeaturedBusinesses(sql: Sql, limit = 6): Promise<FeaturedBusiness[]> {
  return sql<FeaturedBusiness[]>`
    select id, name, slug, city, state, category, tagline,
           average_rating::float8 as "averageRating", total_reviews as "totalReviews", featured,
           images[1] as image
    from businesses
    where status = 'ACTIVE' and verified
    order by featured desc, average_rating desc nulls last, name
    limit ${limit}`;
}

/** Popular services by name (spec: is_popular, by name, limit 8). */
export function listPopularServices(sql: Sql, limit = 8): Promise<PopularService[]> {
  return sql<PopularService[]>`
    select slug, name, category, description from services
    where is_popular order by name limit ${limit}`;
}
