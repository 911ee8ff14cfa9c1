// Contractor registration (/contractor-signup), one schema for the island that checks the form
// before sending it and for POST /api/contractor-signup. Zod's tree-shakable mini build, so the
// island ships only the checks it uses. Whether each service ZIP is one of our area's needs the
// area's list: the island has it from the prebuilt page, the server from the database; both
// check it with zipsOutsideArea (src/domain/registration-rules.ts).
import * as z from 'zod/mini';
import { ZDialablePhone } from './dialable-phone.ts';
import {
  ADDRESS_LIMITS,
  BUSINESS_NAME_LIMITS,
  CITY_LIMITS,
  DEFAULT_CITY,
  DEFAULT_PRICE_RANGE,
  DEFAULT_RESPONSE_TIME,
  DEFAULT_STATE,
  MAX_SERVICE_ZIPS,
  MAX_SERVICES,
  OWNER_NAME_LIMITS,
  PRICE_RANGES,
  RESPONSE_TIME_OPTIONS,
  SEARCH_MAX,
  SEARCH_MIN,
  SIGNUP_MESSAGES as M,
  splitZipList,
  ZIP_LIST_MAX,
} from '../domain/registration-rules.ts';
import { ZSanitized } from './sanitized-text.ts';
import { emailOf } from './auth.ts';
import { ZNewPassword } from './password.ts';
import { ZWebsite } from './business.ts';
import type { ClaimProofState } from './claim-proof.ts';

export * from '../domain/registration-rules.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ZIP = /^\d{5}$/;
/** Google's place ids: letters, digits, '-' and '_'. */
const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,300}$/;

/** "45402, 45409" -> ["45402", "45409"]: each five digits, at least one, at most MAX_SERVICE_ZIPS. */
const ZZipList = z.pipe(
  z.string({ error: M.serviceZipCodes }).check(z.maxLength(ZIP_LIST_MAX, M.tooManyZips)),
  z.pipe(
    z.transform((text: string) => splitZipList(text)),
    z.array(z.string()).check(
      z.minLength(1, M.serviceZipCodes),
      z.maxLength(MAX_SERVICE_ZIPS, M.tooManyZips),
      z.refine((zips) => zips.every((zip) => ZIP.test(zip)), M.zipFormat),
    ),
  ),
);

/** Empty counts as not given (a form's blank field). */
function optionalBlank<T extends z.core.$ZodType>(schema: T) {
  return z.optional(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)),
      z.optional(schema),
    ),
  );
}

export const ZContractorSignup = z.strictObject({
  businessName: ZSanitized(
    BUSINESS_NAME_LIMITS.min,
    BUSINESS_NAME_LIMITS.max,
    M.businessName,
    M.businessNameLong,
  ),
  ownerName: ZSanitized(OWNER_NAME_LIMITS.min, OWNER_NAME_LIMITS.max, M.ownerName, M.ownerNameLong),
  email: emailOf(M.email),
  phone: ZDialablePhone(M.phone),
  password: ZNewPassword,
  services: z
    .array(z.string().check(z.maxLength(60, M.unknownService), z.regex(SLUG, M.unknownService)), {
      error: M.services,
    })
    .check(z.minLength(1, M.services), z.maxLength(MAX_SERVICES, M.tooManyServices)),
  serviceZipCodes: ZZipList,
  address: ZSanitized(ADDRESS_LIMITS.min, ADDRESS_LIMITS.max, M.address, M.addressLong),
  city: z._default(ZSanitized(CITY_LIMITS.min, CITY_LIMITS.max, M.city, M.city), DEFAULT_CITY),
  state: z._default(
    z.pipe(
      z.string({ error: M.state }).check(z.trim(), z.maxLength(2, M.state), z.toUpperCase()),
      z.string().check(z.regex(/^[A-Z]{2}$/, M.state)),
    ),
    DEFAULT_STATE,
  ),
  zipCode: optionalBlank(z.string().check(z.trim(), z.maxLength(5, M.zipCode), z.regex(ZIP, M.zipCode))),
  website: optionalBlank(ZWebsite),
  responseTimeHours: z._default(
    z.union(
      RESPONSE_TIME_OPTIONS.map((h) => z.literal(h)),
      { error: M.responseTime },
    ),
    DEFAULT_RESPONSE_TIME,
  ),
  priceRange: z._default(z.enum(PRICE_RANGES, { error: M.priceRange }), DEFAULT_PRICE_RANGE),
  /** One of our unclaimed listings: the registration becomes a claim of it. */
  claimBusinessId: z.optional(z.uuid(M.listingNotFound)),
  /** The Google place the form was prefilled from, kept as the business's external place id. */
  placeId: optionalBlank(z.string().check(z.maxLength(300), z.regex(PLACE_ID_PATTERN))),
});
export type TContractorSignup = z.output<typeof ZContractorSignup>;
export type TContractorSignupInput = z.input<typeof ZContractorSignup>;

export const ZSignupSearchQuery = z.strictObject({
  q: z.pipe(z.string().check(z.trim(), z.maxLength(SEARCH_MAX)), z.string().check(z.minLength(SEARCH_MIN))),
});

export const ZPlaceDetailsQuery = z.strictObject({
  placeId: z.string().check(z.maxLength(300), z.regex(PLACE_ID_PATTERN)),
});

/** A search hit: one of our unclaimed listings, or a Google place (prefilled through details). */
export type SignupSearchHit =
  | {
      source: 'listing';
      id: string;
      name: string;
      address: string | null;
      city: string;
      state: string;
      zipCode: string | null;
      phone: string | null;
      website: string | null;
      services: string[];
      serviceAreas: string[];
    }
  | { source: 'google'; placeId: string; name: string; address: string | null };

/** What a Google place prefills. */
export interface PlacePrefill {
  placeId: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  website: string | null;
  types: string[];
}

/** The answer of a registration. */
export interface SignupResult {
  kind: 'registered' | 'claim';
  businessName: string;
  email: string;
  /** A claim's ways to prove it (the listing's phone, its website's domain). */
  claimProof?: ClaimProofState;
}
