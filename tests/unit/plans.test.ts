// The plans' constants are the spec's (basic $49, enhanced $99, featured $199 a month), each has a
// distinct Stripe lookup key read back to its plan, and a dearer plan never gives less.
import { describe, expect, it } from 'vitest';
import { isPlanId, PLAN_IDS, PLANS, planOfLookupKey } from '../../src/domain/plans.ts';

describe('plans', () => {
  it.each([
    ['basic', 4900],
    ['enhanced', 9900],
    ['featured', 19900],
  ] as const)('%s costs %i cents a month', (id, cents) => {
    expect(PLANS[id].priceCents).toBe(cents);
    expect(PLANS[id].id).toBe(id);
  });

  it('reads each lookup key back to its plan, and nothing else', () => {
    for (const id of PLAN_IDS) expect(planOfLookupKey(PLANS[id].lookupKey)).toBe(id);
    expect(new Set(PLAN_IDS.map((id) => PLANS[id].lookupKey)).size).toBe(3);
    expect(planOfLookupKey('price_other')).toBeNull();
    expect(planOfLookupKey(null)).toBeNull();
    expect(isPlanId('platinum')).toBe(false);
  });

  it('gives at least as much for a dearer plan: boost, then the featured flag', () => {
    expect(PLANS.basic.rankBoost).toBeGreaterThan(0);
    expect(PLANS.enhanced.rankBoost).toBeGreaterThan(PLANS.basic.rankBoost);
    expect(PLANS.featured.rankBoost).toBeGreaterThanOrEqual(PLANS.enhanced.rankBoost);
    expect(PLAN_IDS.filter((id) => PLANS[id].featured)).toEqual(['featured']);
  });
});
