// In-memory SiteData for unit tests of the page builders: small, explicit, overridable.
import type { SiteArea, SiteBusiness, SiteData, SiteService } from '../../src/server/site/pages/site-data.ts';

let n = 0;

export function service(overrides: Partial<SiteService> = {}): SiteService {
  n += 1;
  return {
    id: `svc-${n}`,
    slug: 'plumbing',
    name: 'Plumbing',
    category: 'Home Systems',
    description: 'Plumbers fix pipes. They also install water heaters.',
    isPopular: true,
    isEmergency: true,
    priceMinCents: 15000,
    priceMaxCents: 45000,
    priceUnit: 'visit',
    typicalUnits: null,
    keywords: ['plumber'],
    faq: [
      {
        question: 'Do I need a permit?',
        answer: 'Often yes for water heaters; ask the city building department first.',
      },
      {
        question: 'How long does a repair take?',
        answer: 'Most repairs take one to three hours once the plumber is on site.',
      },
    ],
    priceNotes: 'After-hours calls cost more.',
    specialties: ['Water Heaters', 'Repiping'],
    projectTypes: ['Water heater replacement', 'Leak repair', 'Drain clearing'],
    ...overrides,
  };
}

export function area(overrides: Partial<SiteArea> = {}): SiteArea {
  n += 1;
  return {
    id: `area-${n}`,
    slug: 'kettering',
    name: 'Kettering',
    county: 'Montgomery',
    state: 'OH',
    population: 57862,
    zipCodes: ['45429', '45409'],
    latitude: 39.6895,
    longitude: -84.1688,
    description: 'Kettering grew after World War II.',
    neighborhoods: ['Fraze Pavilion'],
    housingNotes: 'Many ranch homes have original panels.',
    ...overrides,
  };
}

export function business(overrides: Partial<SiteBusiness> = {}): SiteBusiness {
  n += 1;
  return {
    id: `biz-${n}`,
    name: `Business ${n}`,
    slug: `business-${n}`,
    verified: true,
    featured: false,
    category: 'Plumbing',
    tagline: null,
    description: null,
    address: null,
    city: 'Kettering',
    state: 'OH',
    zipCode: '45429',
    phone: '(937) 555-0100',
    email: null,
    website: null,
    latitude: 39.6895,
    longitude: -84.1688,
    averageRating: 4.5,
    totalReviews: 10,
    yearsInBusiness: 12,
    responseTimeHours: 2,
    avgProjectCostMinCents: 20000,
    avgProjectCostMaxCents: 60000,
    priceRange: '$$',
    specialties: ['Water Heaters'],
    serviceSlugs: ['plumbing'],
    serviceAreas: ['45429'],
    businessHours: null,
    images: [],
    insuranceVerified: true,
    licenseNumber: null,
    status: 'ACTIVE',
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  };
}

export function siteDataOf(parts: Partial<SiteData>): SiteData {
  return {
    services: [],
    areas: [],
    businesses: [],
    recentReviews: new Map(),
    portfolio: new Map(),
    businessServices: new Map(),
    emergencyServices: [],
    articles: [],
    seoPages: new Map(),
    loadedAt: new Date('2026-11-22T00:00:00Z'),
    ...parts,
  };
}
