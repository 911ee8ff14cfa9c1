import { describe, expect, it } from 'vitest';
import {
  allCityServicePages,
  buildCityServicePage,
  compass,
} from '../../src/server/site/pages/city-service-page.ts';
import { siteMetrics } from '../../src/server/site/pages/derive.ts';
import { area, business, service, siteDataOf } from '../factories/site-data.ts';

const plumbing = service();
const kettering = area();
const xenia = area({
  slug: 'xenia',
  name: 'Xenia',
  county: 'Greene',
  zipCodes: ['45385'],
  latitude: 39.68,
  longitude: -83.93,
});

describe('city-service page', () => {
  it('ranks by rating among pros with 3+ reviews, then distance; fewer reviews after; paid apart', () => {
    // Kettering's centre is 39.6895, -84.1688 (the factory area).
    const near = { latitude: 39.69, longitude: -84.17 };
    const far = { latitude: 39.7589, longitude: -84.1916 };
    const nearGood = business({ name: 'Near 4.8', averageRating: 4.8, totalReviews: 12, ...near });
    const farGood = business({
      name: 'Far 4.8',
      city: 'Dayton',
      averageRating: 4.84,
      totalReviews: 40,
      ...far,
    });
    const best = business({ name: 'Best 4.9', city: 'Dayton', averageRating: 4.9, totalReviews: 3, ...far });
    const paid = business({
      name: 'Paid 3.0',
      city: 'Dayton',
      featured: true,
      averageRating: 3.0,
      totalReviews: 1,
      ...far,
    });
    const fewNear = business({ name: 'Two reviews 5.0', averageRating: 5, totalReviews: 2, ...near });
    const elsewhere = business({ name: 'Xenia Pipes', city: 'Xenia', serviceAreas: ['45385'] });
    const roofer = business({
      name: 'Roofer',
      serviceSlugs: ['roofing'],
      averageRating: 5,
      totalReviews: 50,
    });
    const data = siteDataOf({
      services: [plumbing],
      areas: [kettering, xenia],
      businesses: [paid, fewNear, farGood, nearGood, best, elsewhere, roofer],
    });
    const page = buildCityServicePage(data, plumbing, kettering);
    expect(page.path).toBe('/plumbing-kettering-ohio');
    // 4.84 shows as 4.8: equal ratings as shown are ordered by distance.
    expect(page.contractors.map((b) => b.name)).toEqual(['Best 4.9', 'Near 4.8', 'Far 4.8']);
    expect(page.newer.map((b) => b.name)).toEqual(['Two reviews 5.0', 'Paid 3.0']);
    expect(page.sponsored.map((b) => b.name)).toEqual(['Paid 3.0']);
    expect(page.contractorCount).toBe(5);
    expect(page.indexable).toBe(true);
    expect(page.h1).toBe('Plumbing Contractors in Kettering, OH');
  });

  it('shows at most 6 contractors but counts them all', () => {
    const many = Array.from({ length: 9 }, () => business());
    const page = buildCityServicePage(
      siteDataOf({ services: [plumbing], areas: [kettering], businesses: many }),
      plumbing,
      kettering,
    );
    expect(page.contractors).toHaveLength(6);
    expect(page.contractorCount).toBe(9);
    expect(page.intro).toContain('Compare 9 plumbing contractors serving Kettering, Ohio');
  });

  it('still exists without contractors, offering the quote form, but is not indexable', () => {
    const page = buildCityServicePage(
      siteDataOf({ services: [plumbing], areas: [kettering] }),
      plumbing,
      kettering,
    );
    expect(page.indexable).toBe(false);
    expect(page.contractors).toEqual([]);
    expect(page.intro).toContain('Request a free quote');
  });

  it('puts local figures into the FAQ and one rotated question of the service', () => {
    const data = siteDataOf({
      services: [plumbing],
      areas: [kettering, xenia],
      businesses: [business({ responseTimeHours: 4 })],
    });
    const k = buildCityServicePage(data, plumbing, kettering);
    const x = buildCityServicePage(data, plumbing, xenia);
    expect(k.faq[0]).toEqual({
      question: 'How many plumbing contractors serve Kettering?',
      answer:
        '1 contractor on our site offers plumbing in Kettering; 1 is verified for license and insurance.',
    });
    const serviceQuestions = (p: typeof k) =>
      p.faq.filter((f) => plumbing.faq.some((q) => q.question === f.question));
    expect(serviceQuestions(k)).toHaveLength(1);
    expect(serviceQuestions(k)[0]).not.toEqual(serviceQuestions(x)[0]);
  });

  it('uses a seo_pages row to override the generated copy', () => {
    const data = siteDataOf({
      services: [plumbing],
      areas: [kettering],
      seoPages: new Map([
        [
          'plumbing-kettering-ohio',
          {
            id: 'p1',
            slug: 'plumbing-kettering-ohio',
            titleTag: 'Kettering Plumbers',
            metaDescription: 'Hand-written description for Kettering plumbers.',
            canonicalUrl: null,
            h1Heading: 'Plumbers in Kettering',
            introContent: 'Hand-written intro.',
            serviceOverview: null,
            localInsights: 'Hand-written insights.',
            pricingGuide: null,
            faqContent: [{ question: 'Custom?', answer: 'Yes, custom.' }],
            articleIds: [],
          },
        ],
      ]),
    });
    const page = buildCityServicePage(data, plumbing, kettering);
    expect(page.title).toBe('Kettering Plumbers');
    expect(page.h1).toBe('Plumbers in Kettering');
    expect(page.intro).toBe('Hand-written intro.');
    expect(page.localInsights).toEqual(['Hand-written insights.']);
    expect(page.faq).toEqual([{ question: 'Custom?', answer: 'Yes, custom.' }]);
    expect(page.overview[0]).toBe('Plumbers fix pipes.');
  });

  it('builds one page per service and area', () => {
    const roofing = service({ slug: 'roofing', name: 'Roofing' });
    const pages = allCityServicePages(
      siteDataOf({ services: [plumbing, roofing], areas: [kettering, xenia] }),
    );
    expect(pages.map((p) => p.slug).sort()).toEqual([
      'plumbing-kettering-ohio',
      'plumbing-xenia-ohio',
      'roofing-kettering-ohio',
      'roofing-xenia-ohio',
    ]);
  });

  it('keeps titles and descriptions within search-engine limits', () => {
    const page = buildCityServicePage(
      siteDataOf({ services: [plumbing], areas: [kettering], businesses: [business()] }),
      plumbing,
      kettering,
    );
    expect(page.title.length).toBeLessThanOrEqual(70);
    expect(page.description.length).toBeGreaterThanOrEqual(15);
    expect(page.description.length).toBeLessThanOrEqual(160);
  });
});

describe('compass direction from downtown Dayton', () => {
  const dayton = { latitude: 39.7589, longitude: -84.1916 };
  it.each([
    ['Mason', { latitude: 39.36, longitude: -84.31 }, 'south'],
    ['Beavercreek', { latitude: 39.7092, longitude: -84.0633 }, 'southeast'],
    ['Englewood', { latitude: 39.8778, longitude: -84.3022 }, 'northwest'],
    ['Huber Heights', { latitude: 39.8439, longitude: -84.1247 }, 'northeast'],
  ])('%s is %s', (_name, point, direction) => {
    expect(compass(dayton, point)).toBe(direction);
  });
});

describe('site metrics', () => {
  it('counts verified contractors only and weights the rating by reviews', () => {
    const data = siteDataOf({
      services: [plumbing],
      areas: [kettering, xenia],
      businesses: [
        business({ averageRating: 5, totalReviews: 1, responseTimeHours: 1 }),
        business({ averageRating: 4, totalReviews: 3, responseTimeHours: null }),
        business({ verified: false, averageRating: 1, totalReviews: 50 }),
      ],
    });
    expect(siteMetrics(data)).toEqual({
      totalContractors: 2,
      averageResponseTime: 13,
      totalServiceCategories: 1,
      citiesServed: 2,
      averageRating: 4.3,
      totalReviews: 4,
    });
  });
});
