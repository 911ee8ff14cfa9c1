// The quote request's rules: its choices, limits and messages (the spec's words), the price of a
// lead and the lead score. The checks themselves are the schema in src/schemas/quote.ts.
import { DUPLICATE_DAYS } from './integrity-rules.ts';

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;
export const BUDGET_MAX = 999_999;
export const ADDRESS_LIMITS = { min: 5, max: 255 } as const;
export const NAME_LIMITS = { min: 2, max: 100 } as const;
/** A phone as typed: 10-20 of digits, spaces, dashes, parentheses and a leading +. */
export const PHONE_LIMITS = { min: 10, max: 20 } as const;
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The price of a lead to a contractor, in cents. */
export const LEAD_PRICE_CENTS = 3000;
/** Contractors a lead is sold to (configurable up to 5). */
export const DEFAULT_CONTRACTORS_PER_LEAD = 3;
/** The most contractors one lead may be sold to (the pipeline's setting, and an admin's re-sends). */
export const MAX_CONTRACTORS_PER_LEAD = 5;
/** The same number as page copy says it ("up to three contractors"). */
export const CONTRACTORS_PER_LEAD_WORD = (['one', 'two', 'three', 'four', 'five'] as const)[
  DEFAULT_CONTRACTORS_PER_LEAD - 1
]!;
/** The photo types a quote takes, by MIME type (checked again by content on the server). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MESSAGES = {
  invalidType: 'Invalid file type: Please upload a JPEG, PNG, or WebP image',
  tooLarge: 'File too large',
  tooMany: `You can upload up to ${MAX_PHOTOS} photos`,
  notFound: 'Photo not found',
  /** The wizard's toast puts this under its 'Upload failed' title, as the spec words it. */
  uploadFailed: 'There was an error uploading your image. Please try again.',
  deleteFailed: 'Delete failed.',
  /** Not worded by the spec: a photo cited by a request it was not uploaded for. */
  unknownPhoto: 'Unknown photo',
} as const;

/** The wizard's six steps and the fields each one asks for, in order. */
export const QUOTE_STEPS = [
  { label: 'Service', fields: ['service'] },
  { label: 'Details', fields: ['description', 'photos'] },
  { label: 'Timeline', fields: ['timeline'] },
  { label: 'Budget', fields: ['budgetMin', 'budgetMax'] },
  { label: 'Location', fields: ['address', 'zipCode', 'propertyType'] },
  { label: 'Contact', fields: ['name', 'email', 'phone', 'contactMethod'] },
] as const;
export type QuoteField = (typeof QUOTE_STEPS)[number]['fields'][number];

/** The step (1-6) that shows a field; unknown fields show on the last. */
export function stepOf(field: string): number {
  const i = QUOTE_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return i < 0 ? QUOTE_STEPS.length : i + 1;
}

export const QUOTE_RATE_LIMIT = { attempts: 3, windowMinutes: 60 } as const;
/** How long a request may wait for its phone code (or a VoIP line's e-mail link); then it expires with its photos. */
export const QUOTE_CONFIRM_HOURS = 48;
/** The same phone, street address or mailbox asking for the same service this recently is a
 * duplicate, never sold (integrity-rules.ts). */
export const QUOTE_DUPLICATE_DAYS = DUPLICATE_DAYS;

export const TIMELINES = [
  { value: 'EMERGENCY', label: 'Emergency', detail: 'Within 24 hours (urgent)' },
  { value: 'ASAP', label: 'ASAP', detail: 'Within 1-2 weeks' },
  { value: 'FLEXIBLE', label: 'Flexible', detail: 'Within 1-2 months' },
] as const;
export type Timeline = (typeof TIMELINES)[number]['value'];

/** A timeline's label ("Emergency"); a value it does not know, as given. */
export const timelineLabel = (value: string): string =>
  TIMELINES.find((t) => t.value === value)?.label ?? value;

/** Budget presets in whole dollars; the spec's step 4 needs a minimum above 0. */
export const BUDGET_PRESETS = [
  { label: 'Under $5,000', min: 500, max: 5_000 },
  { label: '$5,000 - $15,000', min: 5_000, max: 15_000 },
  { label: '$15,000 - $30,000', min: 15_000, max: 30_000 },
  { label: '$30,000 - $50,000', min: 30_000, max: 50_000 },
  { label: '$50,000+', min: 50_000, max: BUDGET_MAX },
] as const;

export const PROPERTY_TYPES = ['Single Family Home', 'Condo/Townhouse', 'Apartment', 'Commercial'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const CONTACT_METHODS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'both', label: 'Both' },
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number]['value'];

export const QUOTE_MESSAGES = {
  service: 'Please select a service',
  contractor: 'Unknown contractor',
  descriptionShort: 'Please provide at least 10 characters',
  descriptionLong: 'Description is too long',
  timeline: 'Please select a timeline',
  budgetPositive: 'Budget must be positive',
  budgetOrder: 'Maximum budget must be greater than minimum budget',
  /** Not worded by the spec: the presets' top is $999,999 (BUDGET_MAX; written out so the wizard
   * formats no money on load, and a unit test holds the two together). */
  budgetTooLarge: 'Budget must be at most $999,999',
  propertyType: 'Please select a property type',
  address: 'Please provide a valid address',
  addressLong: 'Address is too long',
  zip: 'Please provide a valid ZIP code',
  name: 'Please provide your name',
  nameLong: 'Name is too long',
  email: 'Please provide a valid email',
  phone: 'Please provide a valid phone number',
  contactMethod: 'Please select a contact method',
  submitError: 'Error submitting request: Please try again or contact support.',
  /** Not worded by the spec: the proof-of-work check (issue 12). */
  proof: 'Please let the form check that you are not a robot, then try again.',
} as const;

export const PHONE_PATTERN = /^\+?[0-9\s\-()]{10,20}$/;
export const ZIP_PATTERN = /^\d{5}$/;

export interface ScoreRule {
  rule: 'base' | 'budget' | 'timeline' | 'description' | 'photos';
  label: string;
  points: number;
}

/**
 * The lead score's rules one by one, as the dashboard shows them (base 50, then budget,
 * timeline, description length and photos); leadScore is their sum, capped at 100.
 */
export function leadScoreBreakdown(input: {
  budgetMax: number;
  timeline: Timeline;
  description: string;
  photoCount: number;
}): ScoreRule[] {
  const budget =
    input.budgetMax > 50_000 ? 30 : input.budgetMax > 20_000 ? 20 : input.budgetMax > 5_000 ? 10 : 0;
  const timeline = input.timeline === 'EMERGENCY' ? 20 : input.timeline === 'ASAP' ? 15 : 5;
  const length = input.description.length;
  const description = length > 100 ? 10 : length > 50 ? 5 : 0;
  return [
    { rule: 'base', label: 'Every request starts at', points: 50 },
    {
      rule: 'budget',
      label:
        input.budgetMax === 0
          ? 'Budget: Not sure'
          : budget === 0
            ? 'Budget up to $5,000'
            : `Budget over ${budget === 30 ? '$50,000' : budget === 20 ? '$20,000' : '$5,000'}`,
      points: budget,
    },
    {
      rule: 'timeline',
      label: `Timeline: ${timelineLabel(input.timeline)}`,
      points: timeline,
    },
    {
      rule: 'description',
      label:
        description === 10
          ? 'Description over 100 characters'
          : description === 5
            ? 'Description over 50 characters'
            : 'Description of 50 characters or fewer',
      points: description,
    },
    {
      rule: 'photos',
      label:
        input.photoCount > 0 ? `${input.photoCount} photo${input.photoCount === 1 ? '' : 's'}` : 'No photos',
      points: input.photoCount > 0 ? 5 : 0,
    },
  ];
}

/** Spec: starts at 50; budget, timeline, description length and photos add; capped at 100. */
export function leadScore(input: {
  budgetMax: number;
  timeline: Timeline;
  description: string;
  photoCount: number;
}): number {
  return Math.min(
    100,
    leadScoreBreakdown(input).reduce((sum, r) => sum + r.points, 0),
  );
}

/** Digits only, as the lead stores the phone. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
