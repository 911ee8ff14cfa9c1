// schema.org LocalBusiness data for a contractor profile. Its rating and review count are the
// ones the page prints (profileRating), and it is left out when there are no verified reviews,
// as search engines ask: structured data must match what the visitor sees.
import type { DayHours, SiteBusiness, SiteReview } from './site-business.ts';
import { telHref } from './contact.ts';
import { isoDay } from './format.ts';
import { PROFILE_PHOTO_LIMIT, profileRating } from './profile-display.ts';

/** The schema.org subtype of HomeAndConstructionBusiness for a category, where one exists. */
const SUBTYPES: Record<string, string> = {
  Plumbing: 'Plumber',
  'Drain Cleaning': 'Plumber',
  Electrical: 'Electrician',
  HVAC: 'HVACBusiness',
  Roofing: 'RoofingContractor',
  Painting: 'HousePainter',
  Locksmith: 'Locksmith',
  'Kitchen Remodeling': 'GeneralContractor',
  'Bathroom Remodeling': 'GeneralContractor',
  'Basement Finishing': 'GeneralContractor',
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function businessSchemaType(category: string): string {
  return SUBTYPES[category] ?? 'HomeAndConstructionBusiness';
}

export interface OpeningHours {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** Open days grouped by identical hours, Monday first; closed and missing days are left out. */
export function openingHours(hours: Record<string, DayHours> | null): OpeningHours[] {
  const specs: OpeningHours[] = [];
  for (const day of WEEKDAYS) {
    const h = hours?.[day];
    if (!h || h.closed) continue;
    const name = day[0]!.toUpperCase() + day.slice(1);
    const same = specs.find((s) => s.opens === h.open && s.closes === h.close);
    if (same) same.dayOfWeek.push(name);
    else
      specs.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: [name], opens: h.open, closes: h.close });
  }
  return specs;
}

export interface BusinessJsonLdOptions {
  /** Absolute URL of the profile page. */
  pageUrl: string;
  /** Site origin, to make image paths absolute. */
  siteUrl: string | URL;
  /** The price range the page shows; the business's own $-$$$$ range when not given. */
  priceRange?: string | null;
}

/** Coordinates are optional: site data may or may not carry them. */
export type JsonLdBusiness = SiteBusiness & { latitude?: number | null; longitude?: number | null };

export function businessJsonLd(
  b: JsonLdBusiness,
  reviews: SiteReview[],
  options: BusinessJsonLdOptions,
): Record<string, unknown> {
  const rating = profileRating(b);
  const hours = openingHours(b.businessHours);
  const images = b.images.slice(0, PROFILE_PHOTO_LIMIT).map((src) => new URL(src, options.siteUrl).href);
  const priceRange = options.priceRange ?? b.priceRange;
  const hasGeo = typeof b.latitude === 'number' && typeof b.longitude === 'number';

  return {
    '@context': 'https://schema.org',
    '@type': businessSchemaType(b.category),
    '@id': `${options.pageUrl}#business`,
    name: b.name,
    url: options.pageUrl,
    ...(b.description || b.tagline ? { description: b.description ?? b.tagline } : {}),
    ...(b.phone ? { telephone: telHref(b.phone).slice('tel:'.length) } : {}),
    ...(b.email ? { email: b.email } : {}),
    ...(b.website ? { sameAs: [b.website] } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(b.address ? { streetAddress: b.address } : {}),
      addressLocality: b.city,
      addressRegion: b.state,
      ...(b.zipCode ? { postalCode: b.zipCode } : {}),
      addressCountry: 'US',
    },
    ...(hasGeo ? { geo: { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude } } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(priceRange ? { priceRange } : {}),
    ...(images.length ? { image: images } : {}),
    ...(b.specialties.length ? { knowsAbout: b.specialties } : {}),
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.value,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.authorName },
            datePublished: isoDay(r.createdAt),
            ...(r.title ? { name: r.title } : {}),
            reviewBody: r.content,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
