// The contractor search and suggestion queries, shared by the /contractors island and the
// /api/search and /api/suggest endpoints. Limits are the spec's (document 1, section 9).
import { z } from 'zod';

import { DISTANCE, EXPERIENCE, MAX_TERM, RESPONSE, SORTS } from '../domain/search-constants.ts';

export * from '../domain/search-constants.ts';

/** Text a user typed: trimmed, never HTML or control characters, at most `max` characters. */
const ZText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .refine((s) => !/[<>]|\p{Cc}/u.test(s), `${label} contains characters that are not allowed`);

const ZBooleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'verified must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const ZIntParam = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

export const ZSearchQuery = z
  .object({
    search: ZText(MAX_TERM, 'Search').default(''),
    location: ZText(100, 'Location').default(''),
    category: z
      .string()
      .trim()
      .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Unknown category')
      .max(60, 'Unknown category')
      .default(''),
    sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(', ')}` }).default('featured'),
    distance: ZIntParam(DISTANCE.min, DISTANCE.max, 'distance')
      .refine((d) => d % DISTANCE.step === 0, `distance must be a multiple of ${DISTANCE.step}`)
      .default(DISTANCE.default),
    minExperience: ZIntParam(EXPERIENCE.min, EXPERIENCE.max, 'minExperience').default(EXPERIENCE.min),
    maxResponse: ZIntParam(RESPONSE.min, RESPONSE.max, 'maxResponse').default(RESPONSE.default),
    verified: ZBooleanParam.default(false),
    lat: z.coerce.number({ error: 'lat must be a number' }).min(-90).max(90).optional(),
    lng: z.coerce.number({ error: 'lng must be a number' }).min(-180).max(180).optional(),
    page: ZIntParam(1, 500, 'page').default(1),
  })
  .strict()
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lat'],
  });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSuggestQuery = z
  .object({
    q: ZText(100, 'Search').pipe(z.string().min(2, 'Type at least 2 characters')),
    context: z.enum(['home', 'contractors']).default('contractors'),
  })
  .strict();
export type TSuggestQuery = z.infer<typeof ZSuggestQuery>;

/** GET /api/geocode: the place name for a point ("Use my location"). */
export const ZReverseGeocodeQuery = z
  .object({
    lat: z.coerce.number({ error: 'lat must be a number' }).min(-90).max(90),
    lng: z.coerce.number({ error: 'lng must be a number' }).min(-180).max(180),
  })
  .strict();
export type TReverseGeocodeQuery = z.infer<typeof ZReverseGeocodeQuery>;

/** Query-string parameters into the schema's input (unknown keys are reported, not dropped). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}
