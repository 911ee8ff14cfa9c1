// Search limits: sorts, filter ranges, page size, suggestion counts. Plain constants, shared by
// the schema, the island and the server.
/**
 * 'best' (the default): verified first, then how well the words match, then the top-rated rule
 * (enough reviews, rating, review count). It replaces the spec's 'featured' sort, which put paid
 * placement first; paid placement is shown apart, labelled Sponsored (issue 25; a 'featured' in an
 * old link reads as 'best').
 */
export const SORTS = ['best', 'rating', 'name', 'location', 'experience', 'response_time'] as const;
/** The sort the spec called 'featured', still accepted in links. */
export const OLD_DEFAULT_SORT = 'featured';
export type TSort = (typeof SORTS)[number];

export const DISTANCE = { min: 5, max: 100, step: 5, default: 25 } as const;
export const EXPERIENCE = { min: 0, max: 30 } as const;
export const RESPONSE = { min: 1, max: 72, default: 24 } as const;
/**
 * The price bounds (spec: "Filters: ... price bounds"), in whole dollars, against a contractor's
 * average project cost: a bound keeps the contractors whose cost range reaches into it, and
 * leaves out those that state no cost. The top is the quote form's largest budget.
 */
export const PRICE = { min: 0, max: 999_999, step: 500 } as const;
export const PRICE_MESSAGES = {
  order: 'Maximum price must be at least the minimum price',
} as const;
export const PAGE_SIZE = 20;
/** A business that gave no response time counts as answering within 24 hours. */
export const DEFAULT_RESPONSE_HOURS = 24;
export const MAX_TERM = 200;

/** How many suggestions of each kind (spec: home 6 = 4, 3, 2; contractors page 8 = 5, 5, 3). */
export const SUGGESTION_LIMITS = {
  home: { total: 6, services: 4, businesses: 3, cities: 2 },
  contractors: { total: 8, services: 5, businesses: 5, cities: 3 },
} as const;

/** "Use my location": a point this close (miles) to one of our places is named after it. */
export const NEAR_MILES = 30;
