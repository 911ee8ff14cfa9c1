// Zod schemas for the catalog in content/: services, service areas, emergency services and
// articles. Loading fails loudly when a file breaks them, so bad content never reaches the site.
import { z } from 'zod';
import { JOB_UNITS, PRICE_UNITS } from '../domain/budget-presets.ts';
import { withinServiceArea } from '../domain/geo.ts';
import { SLUG_PATTERN } from '../domain/slug.ts';

const ZSlug = z.string().regex(SLUG_PATTERN, 'must be lowercase words joined by hyphens');
const ZPlain = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !/[<>]/.test(s), 'must be plain text (no angle brackets)');

/** The 17 service slugs the product always has (the city-service pages are built from them). */
export const FIXED_SERVICE_SLUGS = [
  'plumbing',
  'hvac',
  'electrical',
  'roofing',
  'painting',
  'flooring',
  'landscaping',
  'concrete',
  'siding',
  'windows',
  'kitchen-remodeling',
  'bathroom-remodeling',
  'basement-finishing',
  'drywall',
  'carpentry',
  'deck-building',
  'fence-installation',
] as const;

const SERVICE_CATEGORIES = [
  'Home Systems',
  'Exterior',
  'Interior & Remodeling',
  'Outdoor & Yard',
  'Repair & Restoration',
] as const;

const COUNTIES = ['Montgomery', 'Greene', 'Warren'] as const;

const ZFaqEntry = z.object({ question: ZPlain(10, 200), answer: ZPlain(40, 600) }).strict();

export const ZCatalogService = z
  .object({
    slug: ZSlug,
    name: ZPlain(2, 60),
    category: z.enum(SERVICE_CATEGORIES),
    description: ZPlain(60, 400),
    isPopular: z.boolean(),
    isEmergency: z.boolean(),
    priceMin: z.number().int().nonnegative(),
    priceMax: z.number().int().positive(),
    priceUnit: z.enum(PRICE_UNITS),
    /** The size of a typical job in the price unit (hours, square or linear feet); the wizard's
     * budget presets are the price range times this. Needed unless the unit is a whole job. */
    typicalUnits: z.number().int().positive().max(100_000).optional(),
    priceNotes: ZPlain(40, 300),
    keywords: z.array(ZPlain(3, 60)).min(3).max(8),
    specialties: z.array(ZPlain(3, 40)).min(6).max(12),
    projectTypes: z.array(ZPlain(3, 60)).min(4).max(8),
    faq: z.array(ZFaqEntry).min(3).max(6),
  })
  .strict()
  .refine((s) => s.priceMax > s.priceMin, { message: 'priceMax must be above priceMin', path: ['priceMax'] })
  .refine((s) => JOB_UNITS.includes(s.priceUnit) || s.typicalUnits !== undefined, {
    message: 'typicalUnits is needed when the price is per hour or per foot',
    path: ['typicalUnits'],
  });
export type TCatalogService = z.infer<typeof ZCatalogService>;

export const ZCatalogServiceArea = z
  .object({
    slug: ZSlug,
    name: ZPlain(2, 60),
    county: z.enum(COUNTIES),
    population: z.number().int().positive(),
    zipCodes: z.array(z.string().regex(/^\d{5}$/)).min(1),
    latitude: z.number().min(39).max(40.5),
    longitude: z.number().min(-85).max(-83.5),
    description: ZPlain(80, 500),
    neighborhoods: z.array(ZPlain(2, 60)).min(1).max(6),
    housingNotes: ZPlain(30, 250),
  })
  .strict()
  // The service area is 50 km around Dayton (39.76, -84.19): a place outside it would be listed,
  // and its requests sold, where we have promised no one.
  .refine((a) => withinServiceArea(a), {
    message: 'must lie within 50 km of Dayton (the service area)',
    path: ['latitude'],
  });
export type TCatalogServiceArea = z.infer<typeof ZCatalogServiceArea>;

export const ZCatalogEmergencyService = z
  .object({
    slug: ZSlug,
    name: ZPlain(5, 80),
    description: ZPlain(60, 400),
    serviceType: ZPlain(3, 60),
    serviceSlug: ZSlug,
    responseTimeMinutes: z.number().int().min(5).max(240),
    availability: z.string().min(3).max(20),
    scenarios: z.array(ZPlain(5, 80)).min(3).max(10),
    whyChooseUs: z.array(ZPlain(10, 120)).min(2).max(6),
    pricingNotes: ZPlain(40, 300),
    callToAction: ZPlain(5, 80),
    safetyTips: z.array(ZPlain(5, 100)).min(1).max(6),
    aliases: z.array(ZSlug).max(8),
  })
  .strict();
export type TCatalogEmergencyService = z.infer<typeof ZCatalogEmergencyService>;

const ZArticleFrontmatter = z
  .object({
    title: ZPlain(10, 120),
    slug: ZSlug,
    excerpt: ZPlain(30, 300),
    category: z.enum(['Hiring Guides', 'Cost Guides', 'Maintenance', 'Emergency Preparedness', 'Seasonal']),
    publishedAt: z.iso.date(),
    service: ZSlug.optional(),
    city: ZPlain(2, 60).optional(),
    metaTitle: ZPlain(5, 120),
    metaDescription: ZPlain(15, 160),
    coverImage: z.string().optional(),
  })
  .strict();

export const ZCatalogArticle = ZArticleFrontmatter.extend({ body: z.string().min(200) });
export type TCatalogArticle = z.infer<typeof ZCatalogArticle>;
