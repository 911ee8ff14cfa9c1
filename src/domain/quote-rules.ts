// The quote wizard's rules (spec, document 1: quote wizard, validation, constants), without zod
// so the island stays small: choices, limits, messages, the lead score, and the step checks.
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;
export const BUDGET_MAX = 999_999;
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The price of a lead to a contractor, in cents. */
export const LEAD_PRICE_CENTS = 3000;
/** Contractors a lead is sold to (configurable up to 5). */
export const DEFAULT_CONTRACTORS_PER_LEAD = 3;
export const QUOTE_RATE_LIMIT = { attempts: 3, windowMinutes: 60 } as const;
export const QUOTE_PROMISED_HOURS = 2;

export const TIMELINES = [
  { value: 'EMERGENCY', label: 'Emergency', detail: 'Within 24 hours (urgent)' },
  { value: 'ASAP', label: 'ASAP', detail: 'Within 1-2 weeks' },
  { value: 'FLEXIBLE', label: 'Flexible', detail: 'Within 1-2 months' },
] as const;
export type Timeline = (typeof TIMELINES)[number]['value'];

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
  descriptionShort: 'Please provide at least 10 characters',
  descriptionLong: 'Description is too long',
  timeline: 'Please select a timeline',
  budgetPositive: 'Budget must be positive',
  budgetOrder: 'Maximum budget must be greater than minimum budget',
  /** Not worded by the spec: the presets' top is $999,999. */
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
} as const;

export const PHONE_PATTERN = /^\+?[0-9\s\-()]{10,20}$/;
export const ZIP_PATTERN = /^\d{5}$/;

/** Spec: starts at 50; budget, timeline, description length and photos add; capped at 100. */
export function leadScore(input: {
  budgetMax: number;
  timeline: Timeline;
  description: string;
  photoCount: number;
}): number {
  let score = 50;
  if (input.budgetMax > 50_000) score += 30;
  else if (input.budgetMax > 20_000) score += 20;
  else if (input.budgetMax > 5_000) score += 10;
  score += input.timeline === 'EMERGENCY' ? 20 : input.timeline === 'ASAP' ? 15 : 5;
  if (input.description.length > 100) score += 10;
  else if (input.description.length > 50) score += 5;
  if (input.photoCount > 0) score += 5;
  return Math.min(100, score);
}

/** Digits only, as the lead stores the phone. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** What the wizard holds; numbers stay text while typed. */
export interface QuoteDraft {
  service: string;
  description: string;
  photos: string[];
  timeline: Timeline | '';
  budgetMin: string;
  budgetMax: string;
  propertyType: PropertyType | '';
  address: string;
  zipCode: string;
  name: string;
  email: string;
  phone: string;
  contactMethod: ContactMethod | '';
}

export const EMPTY_DRAFT: QuoteDraft = {
  service: '',
  description: '',
  photos: [],
  timeline: '',
  budgetMin: '',
  budgetMax: '',
  propertyType: '',
  address: '',
  zipCode: '',
  name: '',
  email: '',
  phone: '',
  contactMethod: '',
};

export const STEPS = ['Service', 'Details', 'Timeline', 'Budget', 'Location', 'Contact'] as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The messages of one step (1-6), by field; empty when the step may continue. */
export function stepErrors(step: number, d: QuoteDraft): Partial<Record<keyof QuoteDraft, string>> {
  const e: Partial<Record<keyof QuoteDraft, string>> = {};
  if (step === 1 && !d.service) e.service = QUOTE_MESSAGES.service;
  if (step === 2) {
    const length = d.description.trim().length;
    if (length < DESCRIPTION_MIN) e.description = QUOTE_MESSAGES.descriptionShort;
    else if (length > DESCRIPTION_MAX) e.description = QUOTE_MESSAGES.descriptionLong;
  }
  if (step === 3 && !d.timeline) e.timeline = QUOTE_MESSAGES.timeline;
  if (step === 4) {
    const min = Number(d.budgetMin);
    const max = Number(d.budgetMax);
    if (d.budgetMin === '' || !Number.isInteger(min) || min <= 0) e.budgetMin = QUOTE_MESSAGES.budgetPositive;
    else if (min > BUDGET_MAX) e.budgetMin = QUOTE_MESSAGES.budgetTooLarge;
    if (d.budgetMax === '' || !Number.isInteger(max) || max < 0) e.budgetMax = QUOTE_MESSAGES.budgetPositive;
    else if (max > BUDGET_MAX) e.budgetMax = QUOTE_MESSAGES.budgetTooLarge;
    else if (!e.budgetMin && max < min) e.budgetMax = QUOTE_MESSAGES.budgetOrder;
  }
  if (step === 5) {
    if (!d.propertyType) e.propertyType = QUOTE_MESSAGES.propertyType;
    const address = d.address.trim();
    if (address.length < 5) e.address = QUOTE_MESSAGES.address;
    else if (address.length > 255) e.address = QUOTE_MESSAGES.addressLong;
    if (!ZIP_PATTERN.test(d.zipCode.trim())) e.zipCode = QUOTE_MESSAGES.zip;
  }
  if (step === 6) {
    const name = d.name.trim();
    if (name.length < 2) e.name = QUOTE_MESSAGES.name;
    else if (name.length > 100) e.name = QUOTE_MESSAGES.nameLong;
    const email = d.email.trim();
    if (!EMAIL_RE.test(email) || email.length > 254) e.email = QUOTE_MESSAGES.email;
    const phone = d.phone.trim();
    if (phone.length < 10 || !PHONE_PATTERN.test(phone) || phoneDigits(phone).length < 10) {
      e.phone = QUOTE_MESSAGES.phone;
    }
    if (!d.contactMethod) e.contactMethod = QUOTE_MESSAGES.contactMethod;
  }
  return e;
}

/** The step (1-6) that shows a field. */
export function stepOf(field: string): number {
  const steps: Record<string, number> = {
    service: 1,
    description: 2,
    photos: 2,
    timeline: 3,
    budgetMin: 4,
    budgetMax: 4,
    propertyType: 5,
    address: 5,
    zipCode: 5,
    name: 6,
    email: 6,
    phone: 6,
    contactMethod: 6,
  };
  return steps[field] ?? 6;
}
