// What a contractor may put on their public profile from the dashboard's Profile tab: limits,
// choices and messages, shared by the island, the endpoint and the tests.
import { PHOTO_MESSAGES } from './quote-rules.ts';

export const TAGLINE_MAX = 160;
export const PROFILE_DESCRIPTION_MAX = 2000;
export const SPECIALTY_MAX = 60;
export const SPECIALTIES_MAX = 20;
export const SERVICE_ZIPS_MAX = 40;
/** Photos on a profile in all (the public page shows the first 6). */
export const PROFILE_PHOTOS_MAX = 12;
/** Spec: response time options 1, 2, 4, 24 hours. */
export const RESPONSE_TIME_OPTIONS = [1, 2, 4, 24] as const;
export type ResponseTimeOption = (typeof RESPONSE_TIME_OPTIONS)[number];
/** Spec: price range $ to $$$$. */
export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** business_hours keys, as the demo data and the public profile's JSON-LD read them. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** "HH:MM", 24-hour. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const PROFILE_MESSAGES = {
  tagline: `Tagline must be at most ${TAGLINE_MAX} characters`,
  description: `Description must be at most ${PROFILE_DESCRIPTION_MAX} characters`,
  phone: 'Phone number must be at least 10 digits',
  time: 'Enter a time as HH:MM',
  closeBeforeOpen: 'Closing time must be after opening time',
  specialty: `Each specialty must be 1 to ${SPECIALTY_MAX} characters`,
  specialties: `At most ${SPECIALTIES_MAX} specialties`,
  zip: 'Each service ZIP code must be 5 digits',
  zips: `At most ${SERVICE_ZIPS_MAX} service ZIP codes`,
  zipsRequired: 'Enter at least one service ZIP code',
  zipOutside: (zips: readonly string[]) =>
    `Not in our service area: ${zips.join(', ')}. We serve Montgomery, Greene and Warren counties.`,
  responseTime: 'Choose a response time of 1, 2, 4 or 24 hours',
  priceRange: 'Choose a price range from $ to $$$$',
  saved: 'Profile saved',
  /** Said after every save of public data: the profile is a prebuilt page. */
  // Issue 28: a contractor's own changes publish themselves, a minute after the last one (the
  // debounce) plus the build.
  publishNote: 'Your changes go live on your public profile within a few minutes.',
  /** How many of the contractor's changes the site does not show yet. */
  onTheirWay: (n: number) =>
    `${n} ${n === 1 ? 'change is' : 'changes are'} on the way to your public profile.`,
  saveFailed: 'Failed to save profile.',
  loadFailed: 'Failed to load profile.',
  photosFull: `A profile holds at most ${PROFILE_PHOTOS_MAX} photos`,
  ...PHOTO_MESSAGES,
  /** The spec words the upload failure as a title and a description. */
  uploadFailedTitle: 'Upload failed',
} as const;

/** Spec: payment setup status wording on the Payments tab. */
export const PAYMENT_SETUP_TEXT = {
  required: {
    title: 'Payment setup required',
    text: 'Add a payment method so we can send you leads. Each lead costs $30 and is charged only when it is sent to you.',
    action: 'Set up payment',
  },
  pending: {
    title: 'Payment setup pending',
    text: 'You started setting up payment but it is not finished yet. Finish it to start receiving leads.',
    action: 'Finish payment setup',
  },
  completed: {
    title: 'Payment setup completed',
    text: 'Your payment method is on file: leads that match your services are sent to you.',
    action: 'Manage billing',
  },
} as const;
