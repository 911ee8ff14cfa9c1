// The contractor search and suggestion queries and their answers: one schema for the /contractors
// island (which reads the address bar with it) and for the /api/search and /api/suggest endpoints.
// Zod's tree-shakable mini build, so the island ships only the checks it uses. Limits are the spec's.
import * as z from 'zod/mini';
import type { ResolvedPlace } from '../domain/gazetteer.ts';
import {
  DISTANCE,
  EXPERIENCE,
  MAX_TERM,
  PRICE,
  PRICE_MESSAGES,
  RESPONSE,
  OLD_DEFAULT_SORT,
  SORTS,
} from '../domain/search-constants.ts';

export * from '../domain/search-constants.ts';

/** Text a user typed: trimmed, never HTML or control characters, at most `max` characters. */
const ZText = (max: number, label: string) =>
  z.pipe(
    z
      .string({ error: `${label} must be text` })
      .check(z.trim(), z.maxLength(max, `${label} is too long (at most ${max} characters)`)),
    z
      .string()
      .check(z.refine((s) => !/[<>]|\p{Cc}/u.test(s), `${label} contains characters that are not allowed`)),
  );

const ZBooleanParam = z.pipe(
  z.enum(['true', 'false', '1', '0'], { error: 'verified must be true or false' }),
  z.transform((v) => v === 'true' || v === '1'),
);

const ZIntParam = (min: number, max: number, label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).check(
    z.refine((n) => Number.isInteger(n), `${label} must be a whole number`),
    z.minimum(min, `${label} must be between ${min} and ${max}`),
    z.maximum(max, `${label} must be between ${min} and ${max}`),
  );

const ZCoordinate = (limit: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .check(
      z.minimum(-limit, `${label} must be between -${limit} and ${limit}`),
      z.maximum(limit, `${label} must be between -${limit} and ${limit}`),
    );

export const ZSearchQuery = z
  .strictObject({
    search: z._default(ZText(MAX_TERM, 'Search'), ''),
    location: z._default(ZText(100, 'Location'), ''),
    category: z._default(
      z.pipe(
        z.string({ error: 'Unknown category' }).check(z.trim(), z.maxLength(60, 'Unknown category')),
        z.string().check(z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Unknown category')),
      ),
      '',
    ),
    sort: z._default(
      z.pipe(
        z.transform((v: unknown) => (v === OLD_DEFAULT_SORT ? 'best' : v)),
        z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(', ')}` }),
      ),
      'best',
    ),
    distance: z._default(
      ZIntParam(DISTANCE.min, DISTANCE.max, 'distance').check(
        z.refine((d) => d % DISTANCE.step === 0, `distance must be a multiple of ${DISTANCE.step}`),
      ),
      DISTANCE.default,
    ),
    minExperience: z._default(ZIntParam(EXPERIENCE.min, EXPERIENCE.max, 'minExperience'), EXPERIENCE.min),
    maxResponse: z._default(ZIntParam(RESPONSE.min, RESPONSE.max, 'maxResponse'), RESPONSE.default),
    verified: z._default(ZBooleanParam, false),
    priceMin: z.optional(ZIntParam(PRICE.min, PRICE.max, 'priceMin')),
    priceMax: z.optional(ZIntParam(PRICE.min, PRICE.max, 'priceMax')),
    lat: z.optional(ZCoordinate(90, 'lat')),
    lng: z.optional(ZCoordinate(180, 'lng')),
    page: z._default(ZIntParam(1, 500, 'page'), 1),
  })
  .check(
    z.refine((q) => (q.lat === undefined) === (q.lng === undefined), {
      message: 'lat and lng go together',
      path: ['lat'],
    }),
    z.refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMax >= q.priceMin, {
      message: PRICE_MESSAGES.order,
      path: ['priceMax'],
    }),
  );
export type TSearchQuery = z.output<typeof ZSearchQuery>;

export const ZSuggestQuery = z.strictObject({
  q: z.pipe(ZText(100, 'Search'), z.string().check(z.minLength(2, 'Type at least 2 characters'))),
  context: z._default(
    z.enum(['home', 'contractors'], { error: 'context must be home or contractors' }),
    'contractors',
  ),
});
export type TSuggestQuery = z.output<typeof ZSuggestQuery>;

/** GET /api/geocode: the place name for a point ("Use my location"). */
export const ZReverseGeocodeQuery = z.strictObject({
  lat: ZCoordinate(90, 'lat'),
  lng: ZCoordinate(180, 'lng'),
});
export type TReverseGeocodeQuery = z.output<typeof ZReverseGeocodeQuery>;

/** Query-string parameters into the schema's input (unknown keys are reported, not dropped). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

/** One contractor of a search answer. */
export interface SearchHit {
  id: string;
  name: string;
  slug: string;
  category: string;
  tagline: string | null;
  city: string;
  state: string;
  verified: boolean;
  featured: boolean;
  averageRating: number | null;
  totalReviews: number;
  yearsInBusiness: number | null;
  responseTimeHours: number | null;
  priceRange: string | null;
  /** The contractor's average project cost, in cents, when stated. */
  projectCostMinCents: number | null;
  projectCostMaxCents: number | null;
  specialties: string[];
  image: string | null;
  phone: string | null;
  distanceMiles: number | null;
}

/** GET /api/search's answer. */
export interface SearchResult {
  items: SearchHit[];
  /**
   * Paid placement on the first page: featured contractors among the matches (nearest first, else
   * by rating), at most SPONSORED_LIMIT, shown apart from the results and labelled Sponsored.
   */
  sponsored: SearchHit[];
  /** Matches, counted up to a cap; totalCapped says there are more. */
  total: number;
  totalCapped: boolean;
  /** The term actually searched when the typed one found nothing ("plumer" -> "plumbing"). */
  correctedTerm: string | null;
  page: number;
  pageSize: number;
  location: ResolvedPlace | null;
}

/** One entry of GET /api/suggest's answer. */
export interface Suggestion {
  kind: 'service' | 'business' | 'city';
  label: string;
  value: string;
  href: string;
}
