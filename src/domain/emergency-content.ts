// What an emergency page (/emergency/{slug}) says, and the generic record the spec builds for
// a slug that names no emergency service: 30 minutes, 24/7, generic
// scenarios, a generic pricing note and call to action. An unknown slug is not an error, but its
// words are nobody's: the generic page says nothing taken from the URL (anyone can link to
// /emergency/buy-cheap-pills-now, and the site would print it as a heading).
import { SLUG_PATTERN } from './slug.ts';

export interface EmergencyContent {
  slug: string;
  name: string;
  description: string;
  serviceType: string;
  /** The service whose verified contractors the page lists; null for the generic record. */
  serviceSlug: string | null;
  responseTimeMinutes: number;
  availability: string;
  scenarios: string[];
  whyChooseUs: string[];
  pricingNotes: string;
  callToAction: string;
  safetyTips: string[];
}

export const EMERGENCY_DEFAULT_RESPONSE_MINUTES = 30;
const EMERGENCY_DEFAULT_AVAILABILITY = '24/7';
export const GENERIC_PRICING_NOTES = 'Emergency service rates may apply. Call for immediate quote.';
export const GENERIC_CALL_TO_ACTION = 'Call Now for Emergency Service';
/** Contractors shown on an emergency page (the spec queries 8 and shows 6). */
export const EMERGENCY_CONTRACTORS_SHOWN = 6;
const MAX_SLUG_LENGTH = 60;

/** Where the generic page points search engines: the emergency section of the areas directory. */
export const EMERGENCY_DIRECTORY_ANCHOR = 'emergency-services';
export const EMERGENCY_DIRECTORY_PATH = `/service-areas#${EMERGENCY_DIRECTORY_ANCHOR}`;

/** The generic record's topic: the same words whatever the slug. */
const GENERIC_TOPIC = 'Home Repair';

const GENERIC_SCENARIOS = [
  'Damage that gets worse by the hour',
  'A safety hazard to your family or home',
  'Loss of heat, water, power or security',
  'Problems that start at night, on weekends or on holidays',
];

export const DEFAULT_WHY_CHOOSE_US = [
  'Licensed and insured contractors verified before they can receive requests',
  'Local pros who know Dayton-area homes and Ohio weather',
  'Ask for a price or estimate before any work begins',
  'Read reviews from other Miami Valley homeowners before you choose',
];

/** A slug the generic page may answer for: lowercase words joined by hyphens, not too long. */
export function isEmergencySlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}

/**
 * The generic record for a slug that matches no emergency service or alias. Its slug is the
 * one asked for (the page's address), never shown.
 */
export function genericEmergencyContent(slug: string): EmergencyContent {
  return {
    slug,
    name: `Emergency ${GENERIC_TOPIC}`,
    description: `Get connected with a verified local professional for urgent ${GENERIC_TOPIC.toLowerCase()} problems anywhere in the Dayton area, day or night. Call now and tell us what is happening.`,
    serviceType: GENERIC_TOPIC,
    serviceSlug: null,
    responseTimeMinutes: EMERGENCY_DEFAULT_RESPONSE_MINUTES,
    availability: EMERGENCY_DEFAULT_AVAILABILITY,
    scenarios: GENERIC_SCENARIOS,
    whyChooseUs: DEFAULT_WHY_CHOOSE_US,
    pricingNotes: GENERIC_PRICING_NOTES,
    callToAction: GENERIC_CALL_TO_ACTION,
    safetyTips: [],
  };
}

/** Page title and meta description (at most 160 characters, cut at a word). */
export function emergencyMeta(content: EmergencyContent): { title: string; description: string } {
  const title = `${content.name} in Dayton, OH - ${content.availability} | Dayton Contractors`;
  let description = content.description;
  if (description.length > 160) {
    const cut = description.slice(0, 157);
    description = `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,.;:]$/, '')}...`;
  }
  return { title, description };
}
