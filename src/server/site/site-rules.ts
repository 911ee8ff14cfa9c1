// The site area's own rules: limits, caches and sizes only its server code applies (the ones the
// islands share live in src/domain, e.g. search-constants.ts).

/** search_analytics rows one client may write in a window (the rest of its searches are not logged). */
export const SEARCH_ANALYTICS_PER_CLIENT = 10;

/** The window of that limit, in minutes. */
export const SEARCH_ANALYTICS_WINDOW_MINUTES = 60;

/** Counts stop here: a larger result says "1000+". */
export const COUNT_CAP = 1000;

/** How long the search's copy of the catalog is kept before it is read again. */
export const SEARCH_CATALOG_TTL_MS = 5 * 60_000;

/** Services listed for each area on the service-areas page. */
export const AREA_TOP_SERVICES = 3;

/** A testimonial quoted on a page: long enough to say something, short enough for a side panel. */
export const TESTIMONIAL_LENGTH = { min: 60, max: 320 } as const;
