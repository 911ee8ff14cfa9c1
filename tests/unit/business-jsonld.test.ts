// The contractor profile's machine-readable head: LocalBusiness JSON-LD, and the title,
// description and keywords search engines read (spec: "Contractor profile page").
import { describe, expect, it } from 'vitest';
import { businessJsonLd, businessSchemaType, openingHours } from '../../src/domain/business-jsonld.ts';
import { profileMeta, profileRating } from '../../src/domain/profile-display.ts';
import type { DayHours, SiteBusiness, SiteReview } from '../../src/domain/site-business.ts';

const open = (o: string, c: string): DayHours => ({ open: o, close: c, closed: false });
const closed: DayHours = { open: '00:00', close: '00:00', closed: true };

function business(overrides: Partial<SiteBusiness> = {}): SiteBusiness {
  return {
    id: 'b1',
    name: 'Miller Plumbing',
    slug: 'miller-plumbing',
    verified: true,
    featured: false,
    category: 'Plumbing',
    tagline: 'Honest plumbing since 1990',
    description: 'Miller Plumbing serves Kettering homeowners.',
    address: '12 Main St',
    city: 'Kettering',
    state: 'OH',
    zipCode: '45429',
    phone: '(937) 555-0101',
    email: 'office@miller.example',
    website: 'https://www.miller.example',
    latitude: null,
    longitude: null,
    averageRating: 4.76,
    totalReviews: 10,
    yearsInBusiness: 20,
    responseTimeHours: 2,
    avgProjectCostMinCents: 15000,
    avgProjectCostMaxCents: 45000,
    priceRange: '$$',
    specialties: ['Water heaters', 'Drain repair'],
    serviceSlugs: ['plumbing'],
    serviceAreas: ['45429'],
    businessHours: null,
    images: [],
    insuranceVerified: true,
    licenseNumber: 'PL.12345',
    status: 'ACTIVE',
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  };
}

function review(overrides: Partial<SiteReview> = {}): SiteReview {
  return {
    businessId: 'b1',
    rating: 5,
    authorName: 'Megan B.',
    title: 'Excellent work',
    content: 'Fast and tidy.',
    projectType: 'Water heater',
    createdAt: new Date('2026-10-01T12:00:00Z'),
    ...overrides,
  };
}

const options = {
  pageUrl: 'https://example.test/contractor/miller-plumbing',
  siteUrl: 'https://example.test',
};

describe('schema.org type: HomeAndConstructionBusiness or a more specific subtype', () => {
  it.each([
    ['Plumbing', 'Plumber'],
    ['Drain Cleaning', 'Plumber'],
    ['Electrical', 'Electrician'],
    ['HVAC', 'HVACBusiness'],
    ['Roofing', 'RoofingContractor'],
    ['Painting', 'HousePainter'],
    ['Locksmith', 'Locksmith'],
    ['Kitchen Remodeling', 'GeneralContractor'],
    ['Gutters', 'HomeAndConstructionBusiness'],
    ['Pest Control', 'HomeAndConstructionBusiness'],
  ])('%s -> %s', (category, type) => {
    expect(businessSchemaType(category)).toBe(type);
    expect(businessJsonLd(business({ category }), [], options)['@type']).toBe(type);
  });
});

describe('aggregateRating: only with reviews, and exactly the rating and count the page shows', () => {
  it.each([
    [4.76, 10, '4.8', 10],
    [5, 1, '5.0', 1],
    [3.04, 250, '3.0', 250],
  ])('rating %d from %i reviews -> "%s" from %i', (averageRating, totalReviews, value, count) => {
    const b = business({ averageRating, totalReviews });
    const shown = profileRating(b);
    expect(shown).toEqual({ value, count });
    expect(businessJsonLd(b, [], options)['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: shown?.value,
      reviewCount: shown?.count,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it.each([
    ['no reviews', 4.5, 0],
    ['no rating', null, 3],
    ['neither', null, 0],
  ])('is left out with %s', (_label, averageRating, totalReviews) => {
    const b = business({ averageRating, totalReviews });
    expect(profileRating(b)).toBeNull();
    expect(businessJsonLd(b, [], options)).not.toHaveProperty('aggregateRating');
  });
});

describe('the business fields', () => {
  it('names the page, the phone in international form, the e-mail, the website and the address', () => {
    const ld = businessJsonLd(business(), [], options);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Miller Plumbing',
      url: options.pageUrl,
      telephone: '+19375550101',
      email: 'office@miller.example',
      sameAs: ['https://www.miller.example'],
      priceRange: '$$',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Main St',
        addressLocality: 'Kettering',
        addressRegion: 'OH',
        postalCode: '45429',
        addressCountry: 'US',
      },
    });
  });

  it('leaves out what the business does not have', () => {
    const ld = businessJsonLd(
      business({ phone: null, email: null, website: null, address: null, zipCode: null, priceRange: null }),
      [],
      options,
    );
    for (const key of ['telephone', 'email', 'sameAs', 'priceRange', 'geo', 'image', 'review']) {
      expect(ld).not.toHaveProperty(key);
    }
    expect(ld['address']).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Kettering',
      addressRegion: 'OH',
      addressCountry: 'US',
    });
  });

  it('uses the price range the page shows when given', () => {
    const ld = businessJsonLd(business({ priceRange: null }), [], { ...options, priceRange: '$150 - $450' });
    expect(ld['priceRange']).toBe('$150 - $450');
  });

  it('adds geo only when coordinates are present', () => {
    const withGeo = businessJsonLd({ ...business(), latitude: 39.69, longitude: -84.16 }, [], options);
    expect(withGeo['geo']).toEqual({ '@type': 'GeoCoordinates', latitude: 39.69, longitude: -84.16 });
    const withoutGeo = businessJsonLd({ ...business(), latitude: null, longitude: null }, [], options);
    expect(withoutGeo).not.toHaveProperty('geo');
  });

  it('lists the first 6 photos as absolute URLs', () => {
    const images = Array.from({ length: 8 }, (_, i) => `/uploads/demo/plumbing-${i + 1}.webp`);
    const ld = businessJsonLd(business({ images }), [], options);
    expect(ld['image']).toEqual(images.slice(0, 6).map((src) => `https://example.test${src}`));
  });
});

describe('openingHoursSpecification from business_hours', () => {
  it('skips closed days and groups days with the same hours, Monday first', () => {
    const hours = {
      sunday: closed,
      saturday: open('08:00', '12:00'),
      monday: open('07:30', '17:00'),
      tuesday: open('07:30', '17:00'),
      wednesday: open('07:30', '17:00'),
      thursday: open('07:30', '17:00'),
      friday: open('07:30', '16:00'),
    };
    expect(openingHours(hours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: '07:30',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '07:30', closes: '16:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '12:00' },
    ]);
  });

  it.each([
    ['no hours at all', null],
    ['every day closed', { monday: closed, sunday: closed }],
  ])('is left out with %s', (_label, businessHours) => {
    expect(openingHours(businessHours)).toEqual([]);
    expect(businessJsonLd(business({ businessHours }), [], options)).not.toHaveProperty(
      'openingHoursSpecification',
    );
  });
});

describe('review entries: the reviews shown on the page', () => {
  it('describes each shown review with author, date, title, text and star rating', () => {
    const shown = [review(), review({ rating: 4, authorName: 'Tim B.', title: null, content: 'Good.' })];
    const ld = businessJsonLd(business(), shown, options);
    expect(ld['review']).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Megan B.' },
        datePublished: '2026-10-01',
        name: 'Excellent work',
        reviewBody: 'Fast and tidy.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Tim B.' },
        datePublished: '2026-10-01',
        reviewBody: 'Good.',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });
});

describe('search-engine title, description and keywords', () => {
  const longName = `${'Very Long Business Name '.repeat(10)}LLC`;

  it.each([
    ['a typical business', business()],
    ['a business without specialties or reviews', business({ specialties: [], totalReviews: 0 })],
    ['a very long name', business({ name: longName })],
    ['a very long category and city', business({ category: 'C'.repeat(90), city: 'D'.repeat(80) })],
  ])('stay within the SEO limits for %s', (_label, b) => {
    const meta = profileMeta(b);
    expect(meta.title.length).toBeGreaterThanOrEqual(5);
    expect(meta.title.length).toBeLessThanOrEqual(120);
    expect(meta.description.length).toBeGreaterThanOrEqual(15);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it('are built from name, category, city, state and specialties', () => {
    const meta = profileMeta(business());
    expect(meta.title).toBe('Miller Plumbing | Plumbing in Kettering, OH');
    expect(meta.description).toBe(
      'Miller Plumbing: Plumbing in Kettering, OH. Rated 4.8 from 10 reviews. ' +
        'Specialties: Water heaters, Drain repair. Call or request a free quote.',
    );
    expect(meta.keywords.split(', ')).toEqual([
      'Miller Plumbing',
      'Plumbing',
      'Plumbing Kettering',
      'Plumbing Kettering OH',
      'Kettering OH contractors',
      'Water heaters',
      'Drain repair',
    ]);
  });

  it('list each keyword once, ignoring case', () => {
    const meta = profileMeta(business({ specialties: ['plumbing', 'Leak repair', 'leak repair'] }));
    expect(meta.keywords.split(', ').filter((k) => k.toLowerCase() === 'plumbing')).toHaveLength(1);
    expect(meta.keywords.split(', ').filter((k) => k.toLowerCase() === 'leak repair')).toHaveLength(1);
  });

  it('say nothing about a rating when there is none', () => {
    expect(profileMeta(business({ totalReviews: 0 })).description).not.toContain('Rated');
  });
});
