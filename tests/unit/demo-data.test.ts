import { describe, expect, it } from 'vitest';
import { generateDemoData, TEST_CARDS } from '../../scripts/lib/demo-data.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';

describe('demo data generator', async () => {
  const { services, serviceAreas } = await loadCatalog();
  const data = generateDemoData(services, serviceAreas);
  const active = data.businesses.filter((b) => b.status === 'ACTIVE');

  it('is deterministic for a fixed seed', () => {
    expect(generateDemoData(services, serviceAreas)).toEqual(data);
    expect(generateDemoData(services, serviceAreas, { seed: 7 })).not.toEqual(data);
  });

  it('makes at least 300 ACTIVE businesses plus some PENDING, with unique slugs', () => {
    expect(active.length).toBeGreaterThanOrEqual(300);
    expect(data.businesses.length - active.length).toBeGreaterThan(0);
    expect(new Set(data.businesses.map((b) => b.slug)).size).toBe(data.businesses.length);
  });

  it('covers every service area and every service', () => {
    expect(new Set(active.map((b) => b.city))).toEqual(new Set(serviceAreas.map((a) => a.name)));
    expect(new Set(active.flatMap((b) => b.serviceSlugs))).toEqual(new Set(services.map((s) => s.slug)));
  });

  it('gives most businesses a sandbox card, a few of them declining', () => {
    const withCard = active.filter((b) => b.card);
    expect(withCard.length / active.length).toBeGreaterThan(0.7);
    expect(withCard.some((b) => b.card?.number === TEST_CARDS.declined)).toBe(true);
    expect(
      withCard.filter((b) => b.card?.number === TEST_CARDS.visa).length / withCard.length,
    ).toBeGreaterThan(0.8);
  });

  it('mixes verified and unverified reviews and never reviews a PENDING business', () => {
    const reviews = active.flatMap((b) => b.reviews);
    expect(reviews.some((r) => r.verified)).toBe(true);
    expect(reviews.some((r) => !r.verified)).toBe(true);
    expect(data.businesses.filter((b) => b.status === 'PENDING').every((b) => b.reviews.length === 0)).toBe(
      true,
    );
  });

  it('links the demo contractor accounts to the right businesses', () => {
    const withCard = data.accounts.find((a) => a.email === 'contractor@example.com')!;
    const withoutCard = data.accounts.find((a) => a.email === 'contractor2@example.com')!;
    expect(data.businesses[withCard.businessIndex!]?.card?.number).toBe(TEST_CARDS.visa);
    expect(data.businesses[withoutCard.businessIndex!]?.card).toBeNull();
    expect(data.accounts.map((a) => a.role).sort()).toEqual(['admin', 'contractor', 'contractor', 'user']);
  });
});
