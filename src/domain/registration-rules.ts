// Contractor registration's rules (spec: registration, its validation and defaults): the choices,
// defaults, limits and messages, and the service-ZIP list as typed. The checks themselves are the
// schema in src/schemas/contractor-signup.ts.

import { type PriceRange, type ResponseTimeOption } from './profile-rules.ts';

// The choices themselves are the profile's (src/domain/profile-rules.ts), and the address limits
// the quote form's (src/domain/quote-rules.ts): one definition each, named here again for the form.
export { PRICE_RANGES, RESPONSE_TIME_OPTIONS, type PriceRange } from './profile-rules.ts';
export { ADDRESS_LIMITS } from './quote-rules.ts';
export type ResponseTimeHours = ResponseTimeOption;

export const DEFAULT_CITY = 'Dayton';
export const DEFAULT_STATE = 'OH';
export const DEFAULT_RESPONSE_TIME: ResponseTimeHours = 24;
export const DEFAULT_PRICE_RANGE: PriceRange = '$$';

export const BUSINESS_NAME_LIMITS = { min: 2, max: 120 } as const;
export const OWNER_NAME_LIMITS = { min: 2, max: 100 } as const;
export const CITY_LIMITS = { min: 2, max: 100 } as const;
/** The ZIP list as typed: comma separated, capped before it is split. */
export const ZIP_LIST_MAX = 600;
export const MAX_SERVICE_ZIPS = 60;
export const MAX_SERVICES = 30;
/** The search box: at least this many characters before a search is sent. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

export const SIGNUP_MESSAGES = {
  businessName: 'Business name must be at least 2 characters',
  businessNameLong: 'Business name is too long',
  ownerName: 'Owner name must be at least 2 characters',
  ownerNameLong: 'Owner name is too long',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number of at least 10 digits',
  services: 'Please select at least one service category',
  tooManyServices: `Select at most ${MAX_SERVICES} service categories`,
  unknownService: 'Please choose service categories from the list',
  serviceZipCodes: 'Please enter the ZIP codes you serve, separated by commas',
  zipFormat: 'Each ZIP code must have 5 digits',
  tooManyZips: `Enter at most ${MAX_SERVICE_ZIPS} ZIP codes`,
  zipOutsideArea: (zips: readonly string[]) =>
    `We do not serve ${zips.join(', ')} yet: enter ZIP codes of the Dayton area`,
  address: 'Business address is required',
  addressLong: 'Address is too long',
  city: 'Please enter the city',
  state: 'Please enter the two-letter state code',
  zipCode: 'Please enter a 5-digit ZIP code',
  responseTime: 'Please choose a response time',
  priceRange: 'Please choose a price range',
  /** The spec's words: the island shows them when the business search fails. */
  searchError: 'Search Error: Unable to search businesses. You can register manually.',
  /** The spec's title of a failed registration; the server's message goes under it. */
  registrationFailed: 'Registration Failed',
  /** A claim of a listing that has an owner, or whose claim was approved. */
  alreadyClaimed:
    'This business listing has already been claimed. If it is yours, contact us and we will look into it.',
  claimPending:
    'Someone has already asked to claim this listing and it is being reviewed. If it is yours, contact us.',
  listingNotFound: 'This business listing is no longer available to claim. You can register manually.',
  signedIn: 'You are signed in. Sign out first to register a new contractor account.',
} as const;

/** The ZIPs of a comma-separated list as typed: trimmed, blanks dropped, duplicates once. */
export function splitZipList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((zip) => zip.trim())
        .filter(Boolean),
    ),
  ];
}

/** The ZIPs in `zips` that none of our service areas holds. */
export function zipsOutsideArea(zips: readonly string[], areaZips: ReadonlySet<string>): string[] {
  return zips.filter((zip) => !areaZips.has(zip));
}
