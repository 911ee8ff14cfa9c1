import { describe, expect, it } from 'vitest';
import {
  countLine,
  DEFAULT_STATE,
  paramsFromState,
  stateFromParams,
} from '../../src/islands/search/search-url.ts';
import { resolvePlace } from '../../src/domain/gazetteer.ts';
import { ZSearchQuery, ZSuggestQuery } from '../../src/schemas/search.ts';
import { prefixTsQuery } from '../../src/server/site/search/search-businesses.ts';

describe('search query schema', () => {
  it('fills the spec defaults', () => {
    expect(ZSearchQuery.parse({})).toMatchObject({
      sort: 'best',
      distance: 25,
      minExperience: 0,
      maxResponse: 24,
      verified: false,
      page: 1,
    });
  });

  it.each([
    [{ sort: 'sideways' }, 'sort must be one of'],
    [{ distance: '500' }, 'distance must be between 5 and 100'],
    [{ distance: '7' }, 'distance must be a multiple of 5'],
    [{ minExperience: '31' }, 'minExperience must be between 0 and 30'],
    [{ maxResponse: '0' }, 'maxResponse must be between 1 and 72'],
    [{ verified: 'maybe' }, 'verified must be true or false'],
    [{ search: 'x'.repeat(201) }, 'Search is too long'],
    [{ search: '<b>bold</b>' }, 'Search contains characters that are not allowed'],
    [{ search: 'tab\there' }, 'Search contains characters that are not allowed'],
    [{ lat: '39.7' }, 'lat and lng go together'],
    [{ category: 'Robert; drop' }, 'Unknown category'],
    [{ bogus: '1' }, ''],
  ])('rejects %j', (input, message) => {
    const result = ZSearchQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' | ')).toContain(message);
  });

  it('needs 2 characters for suggestions', () => {
    expect(ZSuggestQuery.safeParse({ q: 'p' }).success).toBe(false);
    expect(ZSuggestQuery.parse({ q: 'pl' })).toEqual({ q: 'pl', context: 'contractors' });
  });
});

describe('prefix tsquery', () => {
  it.each([
    ['plu', 'plu:*'],
    ['water heat', 'water & heat:*'],
    ["'; drop table x; --", 'drop & table & x:*'],
    ['!!!', null],
  ])('%s -> %s', (term, expected) => {
    expect(prefixTsQuery(term)).toBe(expected);
  });
});

describe('URL state', () => {
  it('round-trips and leaves defaults out of the URL', () => {
    expect(paramsFromState(DEFAULT_STATE).toString()).toBe('');
    const state = {
      ...DEFAULT_STATE,
      search: 'roof',
      category: 'roofing',
      sort: 'rating' as const,
      distance: 50,
      verified: true,
    };
    const params = paramsFromState(state);
    expect(params.toString()).toBe('search=roof&category=roofing&sort=rating&distance=50&verified=true');
    expect(stateFromParams(params)).toEqual(state);
  });

  it('falls back to defaults for invalid values', () => {
    expect(stateFromParams(new URLSearchParams('sort=up&distance=7&maxResponse=500&page=-1'))).toEqual(
      DEFAULT_STATE,
    );
  });

  it.each([
    [1, 'plumber', '1 contractor found for "plumber"'],
    [12, 'roofing', '12 contractors found for "roofing"'],
    [0, '', '0 contractors found'],
  ])('count line for %i and "%s"', (n, term, line) => {
    expect(countLine(n, term)).toBe(line);
  });
});

describe('gazetteer', () => {
  const places = [
    { slug: 'huber-heights', name: 'Huber Heights', zipCodes: ['45424'], latitude: 39.84, longitude: -84.12 },
    { slug: 'xenia', name: 'Xenia', zipCodes: ['45385'], latitude: 39.68, longitude: -83.93 },
  ];
  it.each([
    ['Huber Heights', 'huber-heights'],
    ['huber-heights', 'huber-heights'],
    ['Xenia, OH', 'xenia'],
    ['45385', 'xenia'],
    ['45385-1234', 'xenia'],
  ])('%s -> %s', (text, slug) => {
    expect(resolvePlace(places, text)?.slug).toBe(slug);
  });
  it.each([['Atlantis'], ['99999'], ['']])('%s -> null', (text) => {
    expect(resolvePlace(places, text)).toBeNull();
  });
});
