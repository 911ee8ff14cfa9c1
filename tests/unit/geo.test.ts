import { describe, expect, it } from 'vitest';
import { distanceKm, distanceMiles, withinServiceArea } from '../../src/domain/geo.ts';

const dayton = { latitude: 39.7589, longitude: -84.1916 };

describe('great-circle distance', () => {
  it('is zero for the same point', () => {
    expect(distanceKm(dayton, dayton)).toBe(0);
  });

  it('matches known distances within 1%', () => {
    // Dayton to Columbus is about 105 km as the crow flies; Dayton to Cincinnati about 76 km.
    expect(distanceKm(dayton, { latitude: 39.9612, longitude: -82.9988 })).toBeCloseTo(105, -1);
    expect(distanceMiles(dayton, { latitude: 39.1031, longitude: -84.512 })).toBeGreaterThan(45);
    expect(distanceMiles(dayton, { latitude: 39.1031, longitude: -84.512 })).toBeLessThan(50);
  });
});

describe('service area (50 km around 39.76, -84.19)', () => {
  it.each([
    ['Dayton', dayton, true],
    ['Mason', { latitude: 39.36, longitude: -84.31 }, true],
    ['Columbus', { latitude: 39.9612, longitude: -82.9988 }, false],
    ['Cincinnati', { latitude: 39.1031, longitude: -84.512 }, false],
  ])('%s -> %s', (_name, point, inside) => {
    expect(withinServiceArea(point)).toBe(inside);
  });
});
