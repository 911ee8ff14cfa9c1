import { describe, expect, it } from 'vitest';
import { emergencyContractors } from '../../src/server/site/pages/emergency-contractors.ts';
import { DEFAULT_WHY_CHOOSE_US } from '../../src/domain/emergency-content.ts';
import { emergencyPages } from '../../src/server/site/pages/emergency-pages.ts';
import type { SiteData, SiteEmergencyService } from '../../src/server/site/pages/site-data.ts';
import { business } from '../factories/site-data.ts';

const plumber: SiteEmergencyService = {
  slug: 'plumber',
  name: 'Emergency Plumber',
  description: 'Burst pipes and leaks.',
  serviceType: 'Plumbing',
  serviceSlug: 'plumbing',
  responseTimeMinutes: 45,
  availability: '24/7',
  scenarios: ['Burst pipe'],
  pricingNotes: 'Ask first.',
  callToAction: 'Call Now for Emergency Plumbing Service',
  whyChooseUs: ['Local plumbers who know older homes', 'Prices before work starts'],
  safetyTips: ['Shut off the main water valve'],
  aliases: ['burst-pipe', 'emergency-plumber'],
};

describe('emergencyContractors: verified, offering the service, fastest first', () => {
  it('orders by response time with none counting as 24 hours; paid placement plays no part', () => {
    const slow = business({ name: 'Slow', responseTimeHours: 8 });
    const none = business({ name: 'None', responseTimeHours: null });
    const fast = business({ name: 'Fast', responseTimeHours: 1 });
    const featuredSlow = business({ name: 'Featured', featured: true, responseTimeHours: 12 });
    const day = business({ name: 'Day', responseTimeHours: 23 });
    expect(
      emergencyContractors([slow, none, fast, featuredSlow, day], 'plumbing').map((b) => b.name),
    ).toEqual(['Fast', 'Slow', 'Featured', 'Day', 'None']);
  });

  it('breaks response ties by rating, then name', () => {
    const low = business({ name: 'Low', averageRating: 3 });
    const high = business({ name: 'High', averageRating: 4.9 });
    const b = business({ name: 'B', averageRating: null });
    const a = business({ name: 'A', averageRating: null });
    expect(emergencyContractors([low, b, high, a], 'plumbing').map((x) => x.name)).toEqual([
      'High',
      'Low',
      'A',
      'B',
    ]);
  });

  it('leaves out unverified contractors and other services', () => {
    const ok = business({ name: 'Ok' });
    const unverified = business({ name: 'Unverified', verified: false });
    const roofer = business({ name: 'Roofer', serviceSlugs: ['roofing'] });
    expect(emergencyContractors([ok, unverified, roofer], 'plumbing').map((b) => b.name)).toEqual(['Ok']);
  });

  it('shows at most 6, and none without a service', () => {
    const many = Array.from({ length: 9 }, () => business());
    expect(emergencyContractors(many, 'plumbing')).toHaveLength(6);
    expect(emergencyContractors(many, null)).toEqual([]);
  });
});

describe('emergencyPages: one page per service and per alias', () => {
  const data = { emergencyServices: [plumber], businesses: [business()] } as unknown as SiteData;
  const pages = emergencyPages(data);

  it('builds the service page and its alias pages with the same content', () => {
    expect(pages.map((p) => [p.slug, p.isAlias])).toEqual([
      ['plumber', false],
      ['burst-pipe', true],
      ['emergency-plumber', true],
    ]);
    for (const page of pages) {
      expect(page.canonicalPath).toBe('/emergency/plumber');
      expect(page.content.name).toBe('Emergency Plumber');
      expect(page.contractors).toHaveLength(1);
    }
  });

  it('keeps the reasons and safety tips, without the alias list', () => {
    const content = pages[0]!.content;
    expect(content.whyChooseUs).toEqual(plumber.whyChooseUs);
    expect(content.safetyTips).toEqual(['Shut off the main water valve']);
    expect(content).not.toHaveProperty('aliases');
  });

  it('gives a service without reasons the default ones', () => {
    const bare = emergencyPages({
      ...data,
      emergencyServices: [{ ...plumber, whyChooseUs: [], safetyTips: [] }],
    });
    expect(bare[0]!.content.whyChooseUs).toEqual(DEFAULT_WHY_CHOOSE_US);
    expect(bare[0]!.content.safetyTips).toEqual([]);
  });
});
