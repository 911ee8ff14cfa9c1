// The top-rated rule (src/domain/ranking.ts, docs/decisions.md "Honest ranking (issue 25)"): pros
// with at least 3 reviews by their rating as shown, then distance from the place; fewer reviews
// after them, nearest first; paid placement never moves anyone and is listed apart.
import { describe, expect, it } from 'vitest';
import {
  compareTopRated,
  rankForList,
  SPONSORED_LIMIT,
  TOP_RATED_MIN_REVIEWS,
  topRatedRule,
} from '../../src/domain/ranking.ts';

const place = { latitude: 39.6895, longitude: -84.1688 };
const NEAR = { latitude: 39.69, longitude: -84.17 };
const MID = { latitude: 39.72, longitude: -84.18 };
const FAR = { latitude: 39.7589, longitude: -84.1916 };

const pro = (
  name: string,
  rating: number | null,
  reviews: number,
  at: { latitude: number; longitude: number } | null,
  featured = false,
) => ({
  name,
  averageRating: rating,
  totalReviews: reviews,
  latitude: at?.latitude ?? null,
  longitude: at?.longitude ?? null,
  featured,
});

describe.each([
  ['higher rating first', [pro('B', 4.5, 9, NEAR), pro('A', 4.9, 9, FAR)], ['A', 'B']],
  [
    'equal shown rating: nearer first',
    [pro('Far', 4.84, 50, FAR), pro('Near', 4.8, 5, NEAR)],
    ['Near', 'Far'],
  ],
  [
    `fewer than ${TOP_RATED_MIN_REVIEWS} reviews: after, whatever the rating`,
    [pro('Few 5.0', 5, TOP_RATED_MIN_REVIEWS - 1, NEAR), pro('Enough 3.5', 3.5, TOP_RATED_MIN_REVIEWS, FAR)],
    ['Enough 3.5', 'Few 5.0'],
  ],
  [
    'among the newer: nearest first',
    [pro('Far new', null, 0, FAR), pro('Mid new', 5, 1, MID), pro('Near new', 2, 2, NEAR)],
    ['Near new', 'Mid new', 'Far new'],
  ],
  [
    'no point: last among equals',
    [pro('Nowhere', 4.8, 9, null), pro('Here', 4.8, 9, MID)],
    ['Here', 'Nowhere'],
  ],
  [
    'same rating and distance: more reviews, then name',
    [pro('B', 4.8, 9, MID), pro('C', 4.8, 20, MID), pro('A', 4.8, 9, MID)],
    ['C', 'A', 'B'],
  ],
  [
    'paid placement plays no part',
    [pro('Paid', 3.0, 1, NEAR, true), pro('Earned', 4.2, 3, FAR)],
    ['Earned', 'Paid'],
  ],
] as const)('the top-rated order: %s', (_, list, expected) => {
  it('ranks as the rule says', () => {
    expect([...list].sort(compareTopRated(place)).map((b) => b.name)).toEqual(expected);
  });
});

describe('rankForList', () => {
  it('splits the top rated, the newer pros filling the places, and the sponsored ones apart', () => {
    const list = [
      pro('Paid near', 3.0, 1, NEAR, true),
      pro('Paid far', 4.9, 30, FAR, true),
      pro('Paid mid', 4.0, 4, MID, true),
      pro('Good', 4.7, 12, MID),
      pro('New', null, 0, NEAR),
    ];
    const { topRated, newer, sponsored } = rankForList(list, place, 3);
    expect(topRated.map((b) => b.name)).toEqual(['Paid far', 'Good', 'Paid mid']);
    expect(newer).toEqual([]);
    expect(sponsored.map((b) => b.name)).toEqual(['Paid near', 'Paid mid'].slice(0, SPONSORED_LIMIT));
    const roomy = rankForList(list, place, 6);
    // Both at the same point: more reviews first.
    expect(roomy.newer.map((b) => b.name)).toEqual(['Paid near', 'New']);
  });

  it('says its rule in words', () => {
    expect(topRatedRule('Kettering')).toBe(
      'Ranked by rating among pros with at least 3 verified reviews, then by distance from Kettering. Payment plays no part.',
    );
    expect(topRatedRule(null)).toBe(
      'Ranked by rating among pros with at least 3 verified reviews. Payment plays no part.',
    );
  });
});
