// Business fields shared by the contractor registration and profile forms (to come) and their
// endpoints. Zod's tree-shakable mini build, so the islands ship only the checks they use.
import * as z from 'zod/mini';
import {
  PRICE_RANGES,
  PROFILE_DESCRIPTION_MAX,
  PROFILE_MESSAGES,
  RESPONSE_TIME_OPTIONS,
  SERVICE_ZIPS_MAX,
  SPECIALTIES_MAX,
  SPECIALTY_MAX,
  TAGLINE_MAX,
  TIME_PATTERN,
  WEEKDAYS,
  type Weekday,
} from '../domain/profile-rules.ts';
import { PHONE_LIMITS, PHONE_PATTERN, ZIP_PATTERN } from '../domain/quote-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';
import { WEBSITE_MAX, WEBSITE_MESSAGE, WEBSITE_PATTERN } from '../domain/website.ts';

export * from '../domain/website.ts';

/**
 * A website: trimmed, at most WEBSITE_MAX characters (checked first, in a pipe), then the
 * pattern, then what a browser would make of it: an http(s) URL with a host.
 */
export const ZWebsite = z.pipe(
  z.string({ error: WEBSITE_MESSAGE }).check(z.trim(), z.maxLength(WEBSITE_MAX, WEBSITE_MESSAGE)),
  z.string().check(
    z.regex(WEBSITE_PATTERN, WEBSITE_MESSAGE),
    z.refine((site) => {
      try {
        const url = new URL(site);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, WEBSITE_MESSAGE),
  ),
);

// ---------------------------------------------------------------------------------------------
// The Profile tab of the dashboard: what a contractor may change on their public profile. The
// island checks a form with ZBusinessProfile before sending; PUT /api/contractor/profile parses
// the body with the same schema (then checks each ZIP against our service areas, which only the
// server knows). Strict: a body naming anything else (an id, a status, photos) is refused.
// Empty optional text is sent as '' and stored as null.

/** An optional text of at most `max` characters, sanitised; '' (after trimming) is null. */
function ZOptionalText(max: number, message: string) {
  return z.pipe(
    z.string({ error: message }).check(z.trim(), z.maxLength(max, message)),
    z.transform((s: string) => (s === '' ? null : sanitizeText(s, max) || null)),
  );
}

/** Optional: '' is null; else 10 to 20 of digits, spaces, dashes, parentheses and a leading +. */
const ZProfilePhone = z.pipe(
  z.pipe(
    z
      .string({ error: PROFILE_MESSAGES.phone })
      .check(z.trim(), z.maxLength(PHONE_LIMITS.max, PROFILE_MESSAGES.phone)),
    z.transform((s: string) => (s === '' ? null : s)),
  ),
  z.nullable(
    z
      .string()
      .check(
        z.minLength(PHONE_LIMITS.min, PROFILE_MESSAGES.phone),
        z.regex(PHONE_PATTERN, PROFILE_MESSAGES.phone),
      ),
  ),
);

/** Optional website: '' is null; else ZWebsite. */
const ZOptionalWebsite = z.pipe(
  z.pipe(
    z.string({ error: WEBSITE_MESSAGE }).check(z.trim(), z.maxLength(WEBSITE_MAX, WEBSITE_MESSAGE)),
    z.transform((s: string) => (s === '' ? null : s)),
  ),
  z.nullable(ZWebsite),
);

const ZTime = z
  .string({ error: PROFILE_MESSAGES.time })
  .check(z.maxLength(5, PROFILE_MESSAGES.time), z.regex(TIME_PATTERN, PROFILE_MESSAGES.time));

/** One weekday's hours: open and close as HH:MM; an open day closes after it opens. */
export const ZDayHours = z.strictObject({ open: ZTime, close: ZTime, closed: z.boolean() }).check(
  z.refine((d) => d.closed || d.close > d.open, {
    message: PROFILE_MESSAGES.closeBeforeOpen,
    path: ['close'],
  }),
);
export type TDayHours = z.output<typeof ZDayHours>;

/** business_hours: every weekday, keyed monday..sunday (the shape the public profile reads). */
export const ZBusinessHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((d) => [d, ZDayHours])) as Record<Weekday, typeof ZDayHours>,
);
export type TBusinessHours = z.output<typeof ZBusinessHours>;

/** Hours for a business that has none yet: weekdays 8 to 5, weekends closed. */
export const DEFAULT_BUSINESS_HOURS: TBusinessHours = Object.fromEntries(
  WEEKDAYS.map((d, i) => [
    d,
    i < 5
      ? { open: '08:00', close: '17:00', closed: false }
      : { open: '08:00', close: '17:00', closed: true },
  ]),
) as TBusinessHours;

const ZSpecialty = z.pipe(
  z
    .string({ error: PROFILE_MESSAGES.specialty })
    .check(
      z.trim(),
      z.minLength(1, PROFILE_MESSAGES.specialty),
      z.maxLength(SPECIALTY_MAX, PROFILE_MESSAGES.specialty),
    ),
  z.transform((s: string) => sanitizeText(s, SPECIALTY_MAX)),
);

/** Distinct, in the order given (case-insensitively for text). */
const distinct = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const ZSpecialties = z.pipe(
  z
    .array(ZSpecialty, { error: PROFILE_MESSAGES.specialties })
    .check(z.maxLength(SPECIALTIES_MAX, PROFILE_MESSAGES.specialties)),
  z.transform(distinct),
);

/** Service ZIP codes: 5 digits each, 1 to SERVICE_ZIPS_MAX (the server also checks they are ours). */
const ZServiceZips = z.pipe(
  z
    .array(
      z
        .string({ error: PROFILE_MESSAGES.zip })
        .check(z.trim(), z.maxLength(5, PROFILE_MESSAGES.zip), z.regex(ZIP_PATTERN, PROFILE_MESSAGES.zip)),
      { error: PROFILE_MESSAGES.zip },
    )
    .check(
      z.minLength(1, PROFILE_MESSAGES.zipsRequired),
      z.maxLength(SERVICE_ZIPS_MAX, PROFILE_MESSAGES.zips),
    ),
  z.transform(distinct),
);

/** "45402, 45409 45420" as the form's text field holds it: split on commas and spaces. */
export function splitZips(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

export const ZBusinessProfile = z.strictObject({
  tagline: ZOptionalText(TAGLINE_MAX, PROFILE_MESSAGES.tagline),
  description: ZOptionalText(PROFILE_DESCRIPTION_MAX, PROFILE_MESSAGES.description),
  phone: ZProfilePhone,
  website: ZOptionalWebsite,
  businessHours: ZBusinessHours,
  specialties: ZSpecialties,
  serviceZipCodes: ZServiceZips,
  responseTimeHours: z.literal(RESPONSE_TIME_OPTIONS, { error: PROFILE_MESSAGES.responseTime }),
  priceRange: z.enum(PRICE_RANGES, { error: PROFILE_MESSAGES.priceRange }),
});
/** What the form sends. */
export type TBusinessProfileInput = z.input<typeof ZBusinessProfile>;
/** What the server stores (empty text as null). */
export type TBusinessProfile = z.output<typeof ZBusinessProfile>;

/** The Profile tab's data: the editable fields as stored, and the photos. */
export interface BusinessProfileData extends TBusinessProfile {
  images: string[];
  /** Changes of this business that wait for the next publish. */
  unpublishedChanges: number;
}

/** Field messages of a failed parse, keyed by the top-level field (the first message each). */
export function profileFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
